// session::runScript gives a script its own folder (the working directory) and a temporary folder
// of its own, removed when the run ends; nothing else.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "captured_run.h"

namespace fs = std::filesystem;
using graphlens::session::ScriptRequest;
using graphlens::session::test::runCaptured;

namespace {

struct TempFolder {
    fs::path path;
    TempFolder() {
        std::string pattern = (fs::temp_directory_path() / "graphlens-session-files-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()));
        path = fs::canonical(pattern);
    }
    ~TempFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::string lastLine(std::string s) {
    while (!s.empty() && s.back() == '\n') s.pop_back();
    const size_t p = s.rfind('\n');
    return p == std::string::npos ? s : s.substr(p + 1);
}

ScriptRequest scriptIn(const fs::path& folder, const std::string& source) {
    const fs::path script = folder / "script.py";
    std::ofstream(script) << source;
    ScriptRequest request;
    request.source = source;
    request.path = script.string();
    return request;
}

} // namespace

TEST_CASE("a script reads and writes in its folder and its run's temporary folder", "[session][files]") {
    TempFolder dir;
    auto c = runCaptured(scriptIn(dir.path, R"PY(
import os, tempfile
print(os.getcwd() == os.path.dirname(os.path.abspath(__file__)))
with open('result.txt', 'w') as f:
    f.write('from the script\n')
tmp = tempfile.gettempdir()
print(tmp == os.environ['TMPDIR'], os.listdir(tmp))
with open(os.path.join(tmp, 'scratch.bin'), 'wb') as f:
    f.write(bytes(range(5)))
print(open(os.path.join(tmp, 'scratch.bin'), 'rb').read())
print(tmp)
)PY"));
    INFO(c.err);
    CHECK(c.result.ok);
    std::ifstream f(dir.path / "result.txt");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    CHECK(text == "from the script\n");
    REQUIRE(c.out.rfind("True\nTrue []\nb'\\x00\\x01\\x02\\x03\\x04'\n", 0) == 0);
    const std::string tmp = lastLine(c.out);
    CHECK_FALSE(tmp.empty());
    CHECK_FALSE(fs::exists(tmp)); // removed with the run
}

TEST_CASE("a session's script cannot reach its folder's parent or the host's files", "[session][files]") {
    TempFolder dir;
    fs::create_directory(dir.path / "inner");
    std::ofstream(dir.path / "beside.txt") << "beside";
    auto c = runCaptured(scriptIn(dir.path / "inner", "print(open('../beside.txt').read())\n"));
    CHECK_FALSE(c.result.ok);
    CHECK(lastLine(c.err).rfind("PermissionError: [Errno 13] Permission denied: '../beside.txt'", 0) == 0);
    auto h = runCaptured(scriptIn(dir.path / "inner", "import os\nprint(os.listdir('/'))\n"));
    CHECK(lastLine(h.err).rfind("PermissionError", 0) == 0);
}

TEST_CASE("without a script file only the temporary folder is reachable; fileAccess false seals", "[session][files]") {
    ScriptRequest request;
    request.source = "import os, tempfile\nprint(os.getcwd() == tempfile.gettempdir())\nopen('x.txt', 'w').write('x')\n"
                     "print(os.listdir('.'))\n";
    request.path = "<untitled>";
    auto c = runCaptured(request);
    CHECK(c.err.empty());
    CHECK(c.out == "True\n['x.txt']\n");
    request.fileAccess = false;
    auto sealed = runCaptured(request);
    CHECK(lastLine(sealed.err).rfind("PermissionError", 0) == 0);
}

// The file sandbox (core/lang/module_os.cpp): open(), os and os.path reach only the roots the
// host gives, after `..` and symbolic links are resolved; os.environ is the run's own; writes
// have a cap and reads count against the memory cap.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "interp_test_util.h"

using namespace graphlens::lang;
using graphlens::lang::test::lastLine;

namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary folder, removed with the object.
struct TempFolder {
    fs::path path;
    TempFolder() {
        std::string pattern = (fs::temp_directory_path() / "graphlens-files-test-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()));
        path = fs::canonical(pattern);
    }
    ~TempFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

struct Run {
    std::string out, err;
    bool ok = false;
};

Run runIn(const std::string& src, const std::vector<std::string>& roots, int64_t maxWritten = int64_t(1) << 30,
          int64_t maxMemory = 0) {
    Run r;
    Interpreter in;
    FileAccess access;
    access.roots = roots;
    access.maxWrittenBytes = maxWritten;
    in.setFileAccess(access);
    if (maxMemory) {
        Limits lim;
        lim.maxMemoryBytes = maxMemory;
        in.setLimits(lim);
    }
    in.setOut([&](std::string_view s) { r.out += s; });
    in.setErr([&](std::string_view s) { r.err += s; });
    r.ok = in.runSource(src, "test.py").ok;
    return r;
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary);
    f << text;
}

} // namespace

TEST_CASE("without roots every file access is PermissionError naming the path", "[lang][files]") {
    auto r = runIn("import os\ntry:\n    os.listdir('.')\nexcept PermissionError as e:\n    print(e.filename)\n"
                   "print(os.path.exists('x.txt'))\nopen('x.txt')\n",
                   {});
    CHECK(r.out == ".\nFalse\n");
    CHECK(lastLine(r.err).rfind("PermissionError: [Errno 13] Permission denied: 'x.txt'", 0) == 0);
}

TEST_CASE("a script writes, lists and reads back files under its root", "[lang][files]") {
    TempFolder dir;
    auto r = runIn(R"PY(
import os
print(os.getcwd() == os.path.abspath('.'))
os.makedirs('out/deep', exist_ok=True)
with open('out/deep/a.txt', 'w', encoding='utf-8') as f:
    f.write('one\ntwo\n')
with open(os.path.join('out', 'deep', 'a.txt')) as f:
    print(f.readlines())
print(os.listdir('out'), os.path.isdir('out/deep'), os.path.getsize('out/deep/a.txt'))
os.rename('out/deep/a.txt', 'out/b.txt')
print(sorted(os.listdir('out')))
)PY",
                   { dir.path.string() });
    CHECK(r.err.empty());
    CHECK(r.out == "True\n['one\\n', 'two\\n']\n['deep'] True 8\n['b.txt', 'deep']\n");
    std::ifstream f(dir.path / "out" / "b.txt");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    CHECK(text == "one\ntwo\n");
}

TEST_CASE("paths outside the roots are refused, also through .. and absolute paths", "[lang][files]") {
    TempFolder dir;
    TempFolder other;
    writeFile(other.path / "secret.txt", "secret");
    fs::create_directory(dir.path / "sub");
    const std::string rel = "../" + other.path.filename().string() + "/secret.txt";
    const std::string abs = (other.path / "secret.txt").string();
    for (const std::string& p : { rel, "sub/../" + rel, abs, std::string("/etc/passwd"), std::string("/") }) {
        INFO(p);
        auto r = runIn("open('" + p + "').read()\n", { dir.path.string() });
        CHECK_FALSE(r.ok);
        CHECK(lastLine(r.err).rfind("PermissionError: [Errno 13] Permission denied: '" + p + "'", 0) == 0);
    }
    auto w = runIn("import os\nfor f in [lambda: open('" + abs + "', 'w'), lambda: os.remove('" + abs +
                       "'), lambda: os.rename('sub', '" + rel +
                       "'), lambda: os.mkdir('../graphlens-files-test-not-made'), lambda: os.listdir('..')]:\n"
                       "    try:\n        f()\n    except PermissionError as e:\n        print('refused')\n",
                   { dir.path.string() });
    CHECK(w.out == "refused\nrefused\nrefused\nrefused\nrefused\n");
    CHECK(fs::exists(other.path / "secret.txt"));
    CHECK_FALSE(fs::exists(dir.path.parent_path() / "graphlens-files-test-not-made"));
    // `..` that stays inside is fine
    writeFile(dir.path / "in.txt", "inside");
    auto ok = runIn("print(open('sub/../in.txt').read())\n", { dir.path.string() });
    CHECK(ok.out == "inside\n");
}

TEST_CASE("a symbolic link inside a root that points outside is refused", "[lang][files]") {
    TempFolder dir;
    TempFolder other;
    writeFile(other.path / "secret.txt", "secret");
    writeFile(dir.path / "mine.txt", "mine");
    fs::create_directory_symlink(other.path, dir.path / "outdir");
    fs::create_symlink(other.path / "secret.txt", dir.path / "outfile");
    fs::create_symlink(dir.path / "mine.txt", dir.path / "inlink");
    fs::create_symlink("loop", dir.path / "loop");
    for (const char* p : { "outdir/secret.txt", "outfile", "outdir/../outfile" }) {
        INFO(p);
        auto r = runIn(std::string("open('") + p + "').read()\n", { dir.path.string() });
        CHECK(lastLine(r.err).rfind(std::string("PermissionError: [Errno 13] Permission denied: '") + p + "'", 0) == 0);
    }
    auto w = runIn("open('outfile', 'w').write('x')\n", { dir.path.string() });
    CHECK(lastLine(w.err).rfind("PermissionError", 0) == 0);
    auto l = runIn("import os\nprint(os.listdir('outdir'))\n", { dir.path.string() });
    CHECK(lastLine(l.err).rfind("PermissionError", 0) == 0);
    auto in = runIn("import os\nprint(open('inlink').read(), os.path.islink('inlink'), os.path.exists('outfile'))\n"
                    "os.remove('outfile')\nprint(os.path.lexists('outfile'))\nopen('loop')\n",
                    { dir.path.string() });
    CHECK(in.out == "mine True False\nFalse\n");
    CHECK(lastLine(in.err).rfind("OSError: [Errno 40] Too many levels of symbolic links: 'loop'", 0) == 0);
    CHECK(fs::exists(other.path / "secret.txt")); // removing the link left its target alone
}

TEST_CASE("os.environ is the run's own, never the host's", "[lang][files]") {
    ::setenv("GRAPHLENS_FILES_TEST_SECRET", "host-value", 1);
    auto r = runIn(R"PY(
import os
print('GRAPHLENS_FILES_TEST_SECRET' in os.environ, 'PATH' in os.environ, 'HOME' in os.environ)
print(os.getenv('GRAPHLENS_FILES_TEST_SECRET'), os.environ['KERAS_BACKEND'], os.environ.get('TF_CPP_MIN_LOG_LEVEL'))
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
os.environ['GRAPHLENS_FILES_TEST_SECRET'] = 'script-value'
print(os.environ.pop('GRAPHLENS_FILES_TEST_SECRET'), os.path.expanduser('~/x'))
)PY",
                   {});
    CHECK(r.err.empty());
    CHECK(r.out == "False False False\nNone tensorflow 0\nscript-value ~/x\n");
    CHECK(std::string(std::getenv("GRAPHLENS_FILES_TEST_SECRET")) == "host-value");
    // a second run starts from the safe set again
    auto again = runIn("import os\nprint(os.environ['TF_CPP_MIN_LOG_LEVEL'])\n", {});
    CHECK(again.out == "0\n");
    ::unsetenv("GRAPHLENS_FILES_TEST_SECRET");
}

TEST_CASE("what a run writes is capped, and reads count against the memory cap", "[lang][files]") {
    TempFolder dir;
    auto r = runIn(R"PY(
f = open('big.bin', 'wb')
f.write(b'x' * 600)
try:
    f.write(b'y' * 600)
except OSError as e:
    print(e.errno, e.strerror)
f.close()
g = open('other.txt', 'w')
try:
    g.write('z' * 500)
except OSError as e:
    print(e.errno)
)PY",
                   { dir.path.string() }, 1000);
    CHECK(r.err.empty());
    CHECK(r.out == "28 No space left on device\n28\n");
    CHECK(fs::file_size(dir.path / "big.bin") == 600);

    writeFile(dir.path / "large.bin", std::string(8 << 20, 'a'));
    auto m = runIn("data = open('large.bin', 'rb').read()\n", { dir.path.string() }, int64_t(1) << 30, 4 << 20);
    CHECK(lastLine(m.err).rfind("MemoryError", 0) == 0);
    auto t = runIn("data = open('large.bin').read()\n", { dir.path.string() }, int64_t(1) << 30, 4 << 20);
    CHECK(lastLine(t.err).rfind("MemoryError", 0) == 0);
}

TEST_CASE("processes, sockets and chdir stay absent", "[lang][files]") {
    auto r =
        runIn("import os\nfor n in ['system', 'popen', 'fork', 'execv', 'spawnv', 'kill', 'chdir', 'putenv_host']:\n"
              "    print(n, hasattr(os, n))\nimport subprocess\n",
              {});
    CHECK(r.out ==
          "system False\npopen False\nfork False\nexecv False\nspawnv False\nkill False\nchdir "
          "False\nputenv_host False\n");
    CHECK(lastLine(r.err).rfind("ModuleNotFoundError: No module named 'subprocess'", 0) == 0);
    auto s = runIn("import socket\n", {});
    CHECK(lastLine(s.err).rfind("ModuleNotFoundError: No module named 'socket'", 0) == 0);
}

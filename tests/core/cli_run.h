#pragma once
// Running the built graphlens-cli from the core tests: its path beside the test binary, a scratch
// directory, and one run's exit status and output (what a shell user of the CLI sees).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace graphlens::test {

// <build>/tests/core/graphlens_core_tests -> <build>/app/graphlens-cli; empty when unknown.
inline std::filesystem::path cliPath() {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return self.parent_path().parent_path().parent_path() / "app" / "graphlens-cli";
}

inline std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void writeFile(const std::filesystem::path& path, const std::string& data) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    REQUIRE(out.good());
}

// A fresh directory under the system's temporary folder, removed with everything in it.
class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "graphlens_test_XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::string operator/(const std::string& name) const { return (m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

struct CliRun {
    int exitCode = -1; // 128 + the signal when a signal ended it
    std::string out, err;
};

// graphlens-cli with `args`, its stdout and stderr kept in files of `dir`.
inline CliRun runCli(const TempDir& dir, const std::vector<std::string>& args) {
    std::string command = shellQuote(cliPath().string());
    for (const auto& a : args) command += " " + shellQuote(a);
    const std::string outPath = dir / "cli.out", errPath = dir / "cli.err";
    command += " >" + shellQuote(outPath) + " 2>" + shellQuote(errPath);
    const int status = std::system(command.c_str());
    CliRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = readFile(outPath);
    r.err = readFile(errPath);
    return r;
}

// `graphlens-cli inspect TARGET [--json]`.
inline CliRun runInspect(const TempDir& dir, const std::string& target, bool json) {
    std::vector<std::string> args = { "inspect", target };
    if (json) args.push_back("--json");
    return runCli(dir, args);
}

} // namespace graphlens::test

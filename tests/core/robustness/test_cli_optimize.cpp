// `graphlens-cli optimize --profile`: a fusion miss gets its cost in the text and JSON reports;
// bad option values, graphs with ops we lack and inputs we cannot feed fail with clear errors.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

fs::path optimizeCliPath() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    // <build>/tests/core/graphlens_core_tests -> <build>/app/graphlens-cli
    return self.parent_path().parent_path().parent_path() / "app" / "graphlens-cli";
}

struct OptimizeRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

class ScratchDir {
public:
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "graphlens_cli_optimize_XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        m_path = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    std::string operator/(const std::string& name) const { return (m_path / name).string(); }

private:
    fs::path m_path;
};

OptimizeRun optimizeCli(const ScratchDir& dir, const std::vector<std::string>& args) {
    std::string command = quoted(optimizeCliPath().string()) + " optimize";
    for (const auto& a : args) command += " " + quoted(a);
    command += " >" + quoted(dir / "out.txt") + " 2>" + quoted(dir / "err.txt");
    const int status = std::system(command.c_str());
    OptimizeRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(dir / "out.txt");
    r.err = slurp(dir / "err.txt");
    return r;
}

const std::string kMatMulTwoConsumers = GRAPHLENS_SOURCE_DIR "/tests/passes/data/grappler/matmul_two_consumers.pb";

} // namespace

TEST_CASE("CLI optimize --profile gives fusion misses their cost", "[robustness][cli]") {
    if (!fs::exists(optimizeCliPath())) {
        WARN("graphlens-cli not found at " << optimizeCliPath() << "; build it to run the CLI tests");
        return;
    }
    ScratchDir dir;
    const std::string report = dir / "report.json";
    const auto r = optimizeCli(dir, { "--profile", "3", "--feed-batch", "2", "--json", report, kMatMulTwoConsumers });
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("profile: 3 runs, feed batch 2") != std::string::npos);
    CHECK(r.out.find("MatMul+BiasAdd+Relu") != std::string::npos);
    CHECK(r.out.find("estimated cost per run") != std::string::npos);
    const auto json = nlohmann::json::parse(slurp(report));
    CHECK(json["profile"]["runs"] == 3);
    CHECK(json["profile"]["feed_batch"] == 2);
    CHECK(json["profile"]["seconds_per_run"].get<double>() > 0);
    CHECK_FALSE(json["profile"]["top_nodes"].empty());
    bool found = false;
    for (const auto& miss : json["misses"]) {
        if (miss["pattern"] != "MatMul+BiasAdd+Relu") continue;
        found = true;
        CHECK(miss["condition"] == "multiple_consumers");
        REQUIRE(miss["cost_seconds"].is_number());
        CHECK(miss["cost_seconds"].get<double>() > 0);
        CHECK(miss["cost_seconds"].get<double>() <= json["profile"]["seconds_per_run"].get<double>());
    }
    CHECK(found);

    // Without --profile the report has no costs.
    const auto plain = optimizeCli(dir, { "--json", report, kMatMulTwoConsumers });
    REQUIRE(plain.exitCode == 0);
    const auto unprofiled = nlohmann::json::parse(slurp(report));
    CHECK_FALSE(unprofiled.contains("profile"));
    for (const auto& miss : unprofiled["misses"]) CHECK_FALSE(miss.contains("cost_seconds"));
}

TEST_CASE("CLI optimize --profile: bad values, missing kernels and unfeedable inputs", "[robustness][cli]") {
    if (!fs::exists(optimizeCliPath())) return;
    ScratchDir dir;
    for (const std::vector<std::string>& bad : { std::vector<std::string>{ "--profile", "0", kMatMulTwoConsumers },
                                                 { "--profile", "many", kMatMulTwoConsumers },
                                                 { "--profile", "2", "--feed-batch", "-1", kMatMulTwoConsumers },
                                                 { "--feed-batch", "4", kMatMulTwoConsumers } }) {
        const auto r = optimizeCli(dir, bad);
        INFO(bad[0] << " " << bad[1] << ": " << r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("usage:") != std::string::npos);
    }

    const std::string lacking = dir / "lacking.pbtxt";
    std::ofstream(lacking) << R"(
node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }
       attr { key: "shape" value { shape { dim { size: 2 } } } } }
node { name: "odd" op: "NoSuchOpAnywhere" input: "x" }
node { name: "y" op: "Relu" input: "odd" attr { key: "T" value { type: DT_FLOAT } } }
)";
    const auto missing = optimizeCli(dir, { "--profile", "1", lacking });
    INFO(missing.err);
    CHECK(missing.exitCode == 1);
    CHECK(missing.err.find("NoSuchOpAnywhere") != std::string::npos);

    const std::string strings = dir / "strings.pbtxt";
    std::ofstream(strings) << R"(
node { name: "text" op: "Placeholder" attr { key: "dtype" value { type: DT_STRING } }
       attr { key: "shape" value { shape { dim { size: 2 } } } } }
node { name: "len" op: "StringLength" input: "text" }
node { name: "y" op: "Neg" input: "len" attr { key: "T" value { type: DT_INT32 } } }
)";
    const auto unfeedable = optimizeCli(dir, { "--profile", "1", strings });
    INFO(unfeedable.err);
    CHECK(unfeedable.exitCode == 2);
    CHECK(unfeedable.err.find("input 'text'") != std::string::npos);
}

// `graphlens-cli optimize`: each pass's line carries what the pass reported and what changed in
// the graph (the before/after view's timeline), in the text and the JSON report; with --profile
// a fusion miss gets its cost; bad option values, graphs with ops we lack and inputs we cannot
// feed fail with clear errors.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"

namespace fs = std::filesystem;

namespace {

using graphlens::test::CliRun;
using graphlens::test::readFile;
using graphlens::test::TempDir;

CliRun optimizeCli(const TempDir& dir, std::vector<std::string> args) {
    args.insert(args.begin(), "optimize");
    return graphlens::test::runCli(dir, args);
}

const std::string kMatMulTwoConsumers = GRAPHLENS_SOURCE_DIR "/tests/passes/data/grappler/matmul_two_consumers.pb";

// The output line that starts (after its indent) with `start`, its runs of spaces made one.
std::string lineStarting(const std::string& out, const std::string& start) {
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        std::string squeezed;
        for (char c : line)
            if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ')) squeezed += c;
        if (squeezed.rfind(start, 0) == 0) return squeezed;
    }
    return {};
}

const nlohmann::json* passEntry(const nlohmann::json& report, const std::string& pass, int iteration) {
    for (const auto& p : report["passes"])
        if (p["pass"] == pass && p["iteration"] == iteration) return &p;
    return nullptr;
}

} // namespace

// tf2onnx's frozen three-layer MLP (24 nodes): the pruner drops the 8 Identity nodes (the
// variables' reads and the dropouts at inference) and so rewires the 6 MatMul/BiasAdd nodes that
// read them, which only the graph shows; the remapper then fuses each layer's MatMul+BiasAdd
// (+Relu) into a _FusedMatMul: 3 fused nodes, the 5 nodes folded in are not counted as removed.
TEST_CASE("CLI optimize prints each pass's changes as the before/after view shows them", "[robustness][cli]") {
    if (!fs::exists(graphlens::test::cliPath())) {
        WARN("graphlens-cli not found at " << graphlens::test::cliPath() << "; build it to run the CLI tests");
        return;
    }
    TempDir dir;
    const std::string report = dir / "report.json";
    const std::string mlp = std::string(GRAPHLENS_FIXTURES_DIR) + "/tf2onnx_fc_layers_frozen/frozen.pb";
    const auto r = optimizeCli(dir, { "--changes", "--json", report, mlp });
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find(": 24 nodes -> 11 (main graph and functions)") != std::string::npos);
    CHECK(lineStarting(r.out, "model_pruner #0 ")
              .rfind("model_pruner #0 24 -> 16 reported +0 -8 ~0 fused 0 graph +0 -8 ~6 fused 0 ", 0) == 0);
    CHECK(lineStarting(r.out, "remapper #0 ")
              .rfind("remapper #0 16 -> 11 reported +0 -0 ~0 fused 3 graph +0 -0 ~0 fused 3 ", 0) == 0);
    CHECK(lineStarting(r.out, "constant_folding #0 ")
              .rfind("constant_folding #0 16 -> 16 reported +0 -0 ~0 fused 0 graph unchanged ", 0) == 0);
    CHECK(lineStarting(r.out, "remapper #1 ").find("graph unchanged") != std::string::npos);
    // --changes: the Changes list of each pass under its line.
    CHECK(lineStarting(r.out, "removed dense/kernel/read ") ==
          "removed dense/kernel/read (Identity): forwards dense/kernel");
    CHECK(lineStarting(r.out, "fused model/dense/Relu ") ==
          "fused model/dense/Relu (_FusedMatMul) from model/dense/MatMul, model/dense/BiasAdd, model/dense/Relu: "
          "BiasAdd+Relu");

    // The JSON report carries the same counts: the pass's own, and the graph's under "graph".
    const auto json = nlohmann::json::parse(readFile(report));
    const auto* pruner = passEntry(json, "model_pruner", 0);
    REQUIRE(pruner);
    CHECK((*pruner)["removed"] == 8);
    CHECK((*pruner)["graph"] ==
          nlohmann::json{ { "changed", true }, { "added", 0 }, { "removed", 8 }, { "rewritten", 6 }, { "fused", 0 } });
    const auto* remapper = passEntry(json, "remapper", 0);
    REQUIRE(remapper);
    CHECK((*remapper)["fused"] == 3);
    CHECK((*remapper)["graph"]["fused"] == 3);
    CHECK((*remapper)["graph"]["removed"] == 0);
    const auto* folding = passEntry(json, "constant_folding", 0);
    REQUIRE(folding);
    CHECK((*folding)["graph"]["changed"] == false);
    // Without --changes the pass lines stay, the lists go.
    const auto plain = optimizeCli(dir, { mlp });
    REQUIRE(plain.exitCode == 0);
    CHECK(lineStarting(plain.out, "model_pruner #0 ")
              .rfind("model_pruner #0 24 -> 16 reported +0 -8 ~0 fused 0 graph +0 -8 ~6 fused 0 ", 0) == 0);
    CHECK(lineStarting(plain.out, "removed dense/kernel/read ").empty());
}

TEST_CASE("CLI optimize --profile gives fusion misses their cost", "[robustness][cli]") {
    if (!fs::exists(graphlens::test::cliPath())) {
        WARN("graphlens-cli not found at " << graphlens::test::cliPath() << "; build it to run the CLI tests");
        return;
    }
    TempDir dir;
    const std::string report = dir / "report.json";
    const auto r = optimizeCli(dir, { "--profile", "3", "--feed-batch", "2", "--json", report, kMatMulTwoConsumers });
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("profile: 3 runs, feed batch 2") != std::string::npos);
    CHECK(r.out.find("MatMul+BiasAdd+Relu") != std::string::npos);
    CHECK(r.out.find("estimated cost per run") != std::string::npos);
    const auto json = nlohmann::json::parse(readFile(report));
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
    const auto unprofiled = nlohmann::json::parse(readFile(report));
    CHECK_FALSE(unprofiled.contains("profile"));
    for (const auto& miss : unprofiled["misses"]) CHECK_FALSE(miss.contains("cost_seconds"));
}

TEST_CASE("CLI optimize --profile: bad values, missing kernels and unfeedable inputs", "[robustness][cli]") {
    if (!fs::exists(graphlens::test::cliPath())) return;
    TempDir dir;
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

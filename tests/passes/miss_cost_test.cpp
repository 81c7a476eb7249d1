// What a fusion miss costs once profiled (core/passes/miss_cost.h): the cost model on hand-made
// profiles, the pseudo-random feeds, and a real profile of an optimised graph whose
// MatMul+BiasAdd+Relu misses because the BiasAdd has a second consumer.
#include <nlohmann/json.hpp>

#include "core/exec/executor.h"
#include "core/passes/manager.h"
#include "core/passes/miss_cost.h"
#include "pass_test_util.h"

using namespace graphlens::passes;
using namespace passtest;
using graphlens::exec::StepProfile;

namespace {

FusionMiss missOf(std::vector<std::string> nodes, std::string function = {}) {
    FusionMiss m;
    m.pattern = "MatMul+BiasAdd+Relu";
    m.nodes = std::move(nodes);
    m.condition = "multiple_consumers";
    m.function = std::move(function);
    return m;
}

// x[?,64] -> MatMul(w) -> BiasAdd(b) -> Relu, and the MatMul also feeds a Square: the remapper
// may fold neither the BiasAdd nor the Relu into the MatMul, so both run as kernels of their own.
// (When only the BiasAdd has a second consumer, the remapper fuses MatMul+BiasAdd in the next
// iteration and the final graph has no miss left.)
tensorflow::GraphDef matMulWithTwoConsumers() {
    Builder b;
    b.placeholder("x", { -1, 64 }).constant("w", randomTensor({ 64, 48 }, 1)).constant("bias", randomTensor({ 48 }, 2));
    b.op("mm", "MatMul", { "x", "w" }).op("ba", "BiasAdd", { "mm", "bias" }).op("relu", "Relu", { "ba" });
    b.op("sq", "Square", { "mm" });
    return b.graph;
}

const FusionMiss* findPattern(const OptimizeResult& r, const std::string& pattern) {
    for (const auto& m : r.misses)
        if (m.pattern == pattern) return &m;
    return nullptr;
}

} // namespace

TEST_CASE("miss cost: the nodes after the first, per run", "[passes][miss_cost]") {
    OptimizeResult result;
    result.misses = { missOf({ "mm", "ba", "relu" }), missOf({ "mm2", "ba2", "relu2" }, "fn"),
                      missOf({ "gone", "also_gone" }) };
    StepProfile profile;
    for (int run = 0; run < 2; ++run) {
        profile.add("", "mm", "MatMul", 5.0);
        profile.add("", "ba", "BiasAdd", 0.25);
        profile.add("", "relu", "Relu", 0.125);
        // Same names in the main graph do not count for the function's miss.
        profile.add("fn", "ba2", "BiasAdd", 1.0);
    }
    attachMissCosts(result, profile, 2, 4);
    CHECK(result.misses[0].costSeconds == Approx(0.375));
    CHECK(result.misses[0].unprofiledNodes.empty());
    CHECK(result.misses[1].costSeconds == Approx(1.0));
    CHECK(result.misses[1].unprofiledNodes == std::vector<std::string>{ "relu2" });
    CHECK(result.misses[2].costSeconds == -1);
    CHECK(result.misses[2].unprofiledNodes == std::vector<std::string>{ "also_gone" });
    CHECK(result.profile.runs == 2);
    CHECK(result.profile.feedBatch == 4);
    CHECK(result.profile.secondsPerRun == Approx(6.375));
    REQUIRE(result.profile.topNodes.size() == 4);
    CHECK(result.profile.topNodes[0].node == "mm");
    CHECK(result.profile.topNodes[0].secondsPerRun == Approx(5.0));
    CHECK(result.profile.topNodes[0].callsPerRun == Approx(1.0));

    const auto json = nlohmann::json::parse(reportJson(result));
    CHECK(json["misses"][0]["cost_seconds"].get<double>() == Approx(0.375));
    CHECK(json["misses"][2]["cost_seconds"].is_null());
    CHECK(json["misses"][2]["unprofiled_nodes"][0] == "also_gone");
    CHECK(json["profile"]["runs"] == 2);
    CHECK(json["profile"]["top_nodes"][0]["node"] == "mm");
    CHECK(json["profile"]["cost_model"].get<std::string>().find("estimate") != std::string::npos);
}

TEST_CASE("miss cost: a node fused by a later pass counts through the fused node", "[passes][miss_cost]") {
    OptimizeResult result;
    result.misses = { missOf({ "mm", "ba", "relu" }) };
    PassSnapshot snapshot;
    snapshot.pass = "elementwise_fusion";
    NodeChange fused;
    fused.kind = ChangeKind::Fused;
    fused.node = "relu";
    fused.op = "_GraphLensFusedElementwise";
    fused.sources = { "ba", "relu" };
    snapshot.report.changes.push_back(fused);
    result.snapshots.push_back(snapshot);
    StepProfile profile;
    profile.add("", "mm", "MatMul", 3.0);
    profile.add("", "relu", "_GraphLensFusedElementwise", 0.5);
    attachMissCosts(result, profile, 1);
    // The fused kernel is counted once, though both the BiasAdd and the Relu lead to it.
    CHECK(result.misses[0].costSeconds == Approx(0.5));
    CHECK(result.misses[0].unprofiledNodes == std::vector<std::string>{ "ba" });
    // Without a profile the JSON says nothing about costs.
    OptimizeResult plain;
    plain.misses = { missOf({ "mm", "ba" }) };
    const auto json = nlohmann::json::parse(reportJson(plain));
    CHECK_FALSE(json["misses"][0].contains("cost_seconds"));
    CHECK_FALSE(json.contains("profile"));
}

TEST_CASE("miss cost: a node fused together with the first one costs nothing extra", "[passes][miss_cost]") {
    // MatMul+BiasAdd+Relu missed, then MatMul+BiasAdd fused under the BiasAdd's name.
    OptimizeResult result;
    result.misses = { missOf({ "mm", "ba", "relu" }) };
    PassSnapshot snapshot;
    snapshot.pass = "remapper";
    NodeChange fused;
    fused.kind = ChangeKind::Fused;
    fused.node = "ba";
    fused.op = "_FusedMatMul";
    fused.sources = { "mm", "ba" };
    snapshot.report.changes.push_back(fused);
    result.snapshots.push_back(snapshot);
    StepProfile profile;
    profile.add("", "ba", "_FusedMatMul", 3.0);
    profile.add("", "relu", "Relu", 0.5);
    attachMissCosts(result, profile, 1);
    CHECK(result.misses[0].costSeconds == Approx(0.5));
    CHECK(result.misses[0].unprofiledNodes.empty());
}

TEST_CASE("profile feeds: dtype and static shape, unknown dims = batch, deterministic", "[passes][miss_cost]") {
    Builder b;
    b.placeholder("f", { -1, 3 }).placeholder("i", { 2, -1 }, tensorflow::DT_INT64);
    b.placeholder("flag", { 5 }, tensorflow::DT_BOOL).placeholder("s", { 1 }, tensorflow::DT_STRING);
    auto* unranked = b.add("unranked", "Placeholder", {});
    (*unranked->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    (*unranked->mutable_attr())["shape"].mutable_shape()->set_unknown_rank(true);
    const auto& g = b.graph;

    const Tensor f = placeholderFeed(g.node(0), 7, 0);
    CHECK(f.dtype() == graphlens::tensor::DType::Float32);
    CHECK(f.shape() == graphlens::tensor::TensorShape({ 7, 3 }));
    for (double v : f.toDoubleVector()) {
        CHECK(v >= -1.0);
        CHECK(v < 1.0);
    }
    std::string why;
    CHECK(close(f, placeholderFeed(g.node(0), 7, 0), why));
    CHECK_FALSE(close(f, placeholderFeed(g.node(0), 7, 1), why));

    const Tensor i = placeholderFeed(g.node(1), 3, 1);
    CHECK(i.dtype() == graphlens::tensor::DType::Int64);
    CHECK(i.shape() == graphlens::tensor::TensorShape({ 2, 3 }));
    for (auto v : i.toInt64Vector()) {
        CHECK(v >= 0);
        CHECK(v < 4);
    }
    CHECK(placeholderFeed(g.node(2), 1, 2).dtype() == graphlens::tensor::DType::Bool);

    CHECK_THROWS_WITH(placeholderFeed(g.node(3), 1, 3), Catch::Contains("'s'") && Catch::Contains("string"));
    CHECK_THROWS_AS(placeholderFeed(g.node(3), 1, 3), UnfeedableInput);
    CHECK_THROWS_WITH(placeholderFeed(g.node(4), 1, 4), Catch::Contains("'unranked'") && Catch::Contains("rank"));
}

TEST_CASE("profiled optimisation: a missed MatMul+BiasAdd+Relu costs its BiasAdd and Relu", "[passes][miss_cost]") {
    ManagerOptions options;
    options.fetches = { "relu", "sq" };
    options.feeds = { "x" };
    OptimizeResult result = optimize(matMulWithTwoConsumers(), options);
    const FusionMiss* miss = findPattern(result, "MatMul+BiasAdd+Relu");
    REQUIRE(miss);
    CHECK(miss->condition == "multiple_consumers");
    CHECK(miss->costSeconds == -1); // not profiled yet
    REQUIRE(findNode(result.optimized, "ba"));
    REQUIRE(findNode(result.optimized, "ba")->op() == "BiasAdd");
    REQUIRE(findNode(result.optimized, "relu"));
    REQUIRE(findNode(result.optimized, "relu")->op() == "Relu");

    ProfileRunOptions run;
    run.runs = 3;
    run.feedBatch = 16;
    run.fetches = options.fetches;
    int lastProgress = -1;
    run.progress = [&](int done, int total) {
        CHECK(total == 3);
        CHECK(done == lastProgress + 1);
        lastProgress = done;
    };
    profileOptimized(result, run);
    CHECK(lastProgress == 3);
    miss = findPattern(result, "MatMul+BiasAdd+Relu");
    REQUIRE(miss);
    CHECK(miss->costSeconds > 0);
    CHECK(miss->unprofiledNodes.empty());
    CHECK(result.profile.runs == 3);
    CHECK(result.profile.feedBatch == 16);
    CHECK(result.profile.secondsPerRun > miss->costSeconds);

    // The cost is exactly the BiasAdd's and the Relu's time per run, as the summary lists them.
    double expected = 0;
    bool sawMatMul = false;
    for (const auto& n : result.profile.topNodes) {
        if (n.node == "ba" || n.node == "relu") expected += n.secondsPerRun;
        sawMatMul = sawMatMul || n.node == "mm";
        CHECK(n.callsPerRun == Approx(1.0));
    }
    CHECK(sawMatMul);
    CHECK(miss->costSeconds == Approx(expected));

    const auto json = nlohmann::json::parse(reportJson(result));
    bool reported = false;
    for (const auto& m : json["misses"])
        if (m["pattern"] == "MatMul+BiasAdd+Relu") {
            reported = true;
            CHECK(m["cost_seconds"].get<double>() == Approx(miss->costSeconds));
        }
    CHECK(reported);
    CHECK(json["profile"]["runs"] == 3);
    CHECK(json["profile"]["top_nodes"].size() == result.profile.topNodes.size());
}

TEST_CASE("profiled optimisation: a fetched node without outputs runs as a target", "[passes][miss_cost]") {
    Builder b;
    b.placeholder("x", { 3 }).op("y", "Relu", { "x" });
    b.add("done", "NoOp", { "^y" });
    ManagerOptions options;
    options.fetches = { "y", "done" };
    OptimizeResult result = optimize(b.graph, options);
    ProfileRunOptions run;
    run.runs = 2;
    run.fetches = options.fetches;
    profileOptimized(result, run);
    CHECK(result.profile.runs == 2);
    bool ranRelu = false;
    for (const auto& n : result.profile.topNodes) ranRelu = ranRelu || (n.node == "y" && n.callsPerRun == Approx(1.0));
    CHECK(ranRelu);
}

TEST_CASE("profiled optimisation: ops without kernels and unfeedable inputs fail clearly", "[passes][miss_cost]") {
    {
        Builder b;
        b.placeholder("x", { 4 }).op("odd", "NoSuchOpAnywhere", { "x" }).op("y", "Relu", { "odd" });
        OptimizeResult result = optimize(b.graph, ManagerOptions{});
        ProfileRunOptions run;
        run.runs = 1;
        CHECK_THROWS_WITH(profileOptimized(result, run), Catch::Contains("NoSuchOpAnywhere"));
    }
    {
        Builder b;
        b.placeholder("text", { 2 }, tensorflow::DT_STRING)
            .op("len", "StringLength", { "text" }, tensorflow::DT_INVALID);
        OptimizeResult result = optimize(b.graph, ManagerOptions{});
        ProfileRunOptions run;
        run.runs = 1;
        CHECK_THROWS_AS(profileOptimized(result, run), UnfeedableInput);
    }
}

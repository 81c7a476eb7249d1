// core/passes/pass_timeline: the timeline the before/after view and `graphlens-cli optimize` are
// built from, on a hand-made OptimizeResult with known changes and with the real pass manager on
// real graphs: step models shared when a pass changed nothing, the marks between any two steps,
// each step's graph changes and the JSON report that carries them.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/pass_timeline.h"
#include "tests/passes/hand_made_timeline.h"

using namespace graphlens;
using namespace graphlens::passes;
using handmade::handMadeResult;
using handmade::snapshot;

namespace {

std::set<std::string> names(const tensorflow::GraphDef& graph) {
    std::set<std::string> out;
    for (const auto& node : graph.node()) out.insert(node.name());
    return out;
}

double millisSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("pass timeline: steps, shared models and marks from a hand-made result", "[passes]") {
    const auto result = handMadeResult();
    const PassTimeline timeline = buildPassTimeline(result, "hand-made");
    REQUIRE(timeline.stepCount() == static_cast<int>(result.snapshots.size()) + 1);
    CHECK(timeline.steps[0].pass.empty());
    CHECK(timeline.steps[1].pass == "arithmetic_optimizer");
    CHECK(timeline.steps[1].rewritten == 1);
    CHECK(timeline.steps[1].removed == 1);
    // constant_folding changed nothing: it shares the graph model of the step before it.
    CHECK_FALSE(timeline.steps[2].changedGraph);
    CHECK(timeline.steps[2].model == timeline.steps[1].model);
    CHECK(timeline.steps[3].changedGraph);
    CHECK(timeline.steps[3].model->metaGraphs[0].graph.size() == static_cast<size_t>(result.optimized.node_size()));
    CHECK(timeline.totalMillis == Approx(4.75));
    REQUIRE(timeline.misses.size() == 1);
    CHECK(timeline.misses[0].condition == "multiple_consumers");

    const StepDiff arithmetic = timeline.diff(0, 1);
    CHECK(arithmetic.before.at("one").mark == NodeMark::Removed);
    CHECK(arithmetic.before.at("scaled").mark == NodeMark::Rewritten);
    CHECK(arithmetic.after.at("scaled").mark == NodeMark::Rewritten);
    CHECK(arithmetic.after.at("scaled").detail == "x*1 -> x");
    CHECK(arithmetic.removed == 1);
    CHECK(arithmetic.rewritten == 1);
    CHECK(arithmetic.added == 0);
    CHECK(arithmetic.after.count("dense/Relu") == 0);

    const StepDiff nothing = timeline.diff(1, 2);
    CHECK(nothing.before.empty());
    CHECK(nothing.after.empty());

    const StepDiff all = timeline.diff(0, 3);
    CHECK(all.before.at("dense/MatMul").mark == NodeMark::Fused);
    CHECK(all.before.at("dense/MatMul").detail == "fused into dense/Relu");
    CHECK(all.before.at("dense/BiasAdd").mark == NodeMark::Fused);
    CHECK(all.before.at("dense/Relu").mark == NodeMark::Fused);
    CHECK(all.after.at("dense/Relu").mark == NodeMark::Fused);
    CHECK(all.after.at("fused_args").mark == NodeMark::Added);
    CHECK(all.before.at("one").mark == NodeMark::Removed);
    CHECK(all.after.at("scaled").mark == NodeMark::Rewritten);
    CHECK(all.fused == 1);
    CHECK(all.added == 1);
    CHECK(all.removed == 1);
    CHECK(all.after.count("head/Relu") == 0); // untouched
    CHECK(timeline.diff(3, 1).after.empty()); // only forward
}

TEST_CASE("pass timeline: each step's graph changes, and the report with them", "[passes]") {
    const PassTimeline timeline = buildPassTimeline(handMadeResult(), "hand-made");
    REQUIRE(timeline.stepCount() == 4);
    // arithmetic_optimizer: "one" gone, "scaled" now an Identity; as its report says.
    CHECK(timeline.steps[1].graphChanges == ChangeCounts{ 0, 1, 1, 0 });
    CHECK(timeline.steps[1].graphChanges == timeline.diff(0, 1).counts());
    // constant_folding left the graph as it was.
    CHECK(timeline.steps[2].graphChanges == ChangeCounts{});
    // remapper: dense/Relu is the fused node (its sources are marked, not counted as removed)
    // and fused_args is new.
    CHECK(timeline.steps[3].graphChanges == ChangeCounts{ 1, 0, 0, 1 });
    CHECK(timeline.steps[3].graphChanges == timeline.diff(2, 3).counts());
    CHECK(timeline.steps[0].graphChanges.total() == 0);

    const auto report = nlohmann::json::parse(timeline.reportJson);
    REQUIRE(report["passes"].size() == 3);
    const auto& arithmetic = report["passes"][0];
    CHECK(arithmetic["pass"] == "arithmetic_optimizer");
    CHECK(arithmetic["removed"] == 1); // the pass's own count stays
    CHECK(arithmetic["graph"]["changed"] == true);
    CHECK(arithmetic["graph"]["removed"] == 1);
    CHECK(arithmetic["graph"]["rewritten"] == 1);
    CHECK(report["passes"][1]["graph"]["changed"] == false);
    CHECK(report["passes"][1]["graph"]["added"] == 0);
    CHECK(report["passes"][2]["graph"]["fused"] == 1);
    CHECK(report["passes"][2]["graph"]["added"] == 1);
    REQUIRE(report["passes"][2]["changes"].size() == 2);
    CHECK(report["passes"][2]["changes"][0]["kind"] == "fused");
    CHECK(markName(markOf(ChangeKind::Fused)) == std::string("fused"));
}

TEST_CASE("pass timeline: the real pass manager on real graphs", "[passes][real]") {
    for (const char* file : { "/tf2onnx_fc_layers_frozen/frozen.pb", "/speech_commands_conv_frozen/frozen_graph.pb" }) {
        INFO(file);
        const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + file);
        const PassTimeline timeline = optimizeModel(*model, 0, passes::ManagerOptions{});
        REQUIRE(timeline.stepCount() > 1);
        CHECK_FALSE(timeline.title.empty());
        CHECK_FALSE(timeline.reportJson.empty());
        const auto& original = timeline.steps.front().model->metaGraphs[0].graph;
        CHECK(original.size() == model->metaGraphs[0].graph.size());
        // Every step's graph is the one its pass left: node counts agree with the report.
        for (int step = 1; step < timeline.stepCount(); ++step) {
            const auto& s = timeline.steps[static_cast<size_t>(step)];
            const auto& meta = s.model->metaGraphs[0];
            if (meta.library.empty()) CHECK(static_cast<int>(meta.graph.size()) == s.nodesAfter);
        }
        // The marks agree with the node names of the two graphs, counted independently here.
        const int last = timeline.stepCount() - 1;
        const StepDiff diff = timeline.diff(0, last);
        tensorflow::GraphDef first;
        tensorflow::GraphDef finalGraph;
        for (const auto& node : original.nodes()) *first.add_node() = node.def();
        for (const auto& node : timeline.steps.back().model->metaGraphs[0].graph.nodes())
            *finalGraph.add_node() = node.def();
        const auto before = names(first);
        const auto after = names(finalGraph);
        int gone = 0;
        int fresh = 0;
        for (const auto& name : before)
            if (!after.count(name)) {
                ++gone;
                REQUIRE(diff.before.count(name));
                CHECK((diff.before.at(name).mark == NodeMark::Removed || diff.before.at(name).mark == NodeMark::Fused));
            }
        for (const auto& name : after)
            if (!before.count(name)) {
                ++fresh;
                REQUIRE(diff.after.count(name));
                CHECK((diff.after.at(name).mark == NodeMark::Added || diff.after.at(name).mark == NodeMark::Fused));
            }
        CHECK(diff.removed <= gone);
        CHECK(diff.added <= fresh);
        // The frozen graphs carry Identity nodes the pruner takes out: something changed.
        CHECK(gone + diff.rewritten + diff.fused > 0);
    }
}

TEST_CASE("pass timeline: the graph before the passes counts its nodes as the first pass does", "[passes][real]") {
    // A SavedModel's graph calls functions: the passes count their bodies too.
    const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + "/tfnet_keras_lstm_saved_model");
    const PassTimeline timeline = optimizeModel(*model, 0, passes::ManagerOptions{});
    REQUIRE(timeline.stepCount() > 1);
    REQUIRE_FALSE(model->metaGraphs[0].library.empty());
    CHECK(timeline.steps[0].nodesAfter > static_cast<int>(model->metaGraphs[0].graph.size()));
    CHECK(timeline.steps[0].nodesAfter == timeline.steps[1].nodesBefore);
    for (int step = 1; step < timeline.stepCount(); ++step)
        CHECK(timeline.steps[static_cast<size_t>(step)].nodesBefore ==
              timeline.steps[static_cast<size_t>(step) - 1].nodesAfter);
}

// Figures on a large real graph: building the step models and diffing two steps.
TEST_CASE("pass timeline: timings on InceptionV3", "[passes][figures]") {
    const auto model = io::loadModel(std::string(GRAPHLENS_FIXTURES_DIR) + "/tfnet_meta_graphs/InceptionV3.meta");
    passes::OptimizeResult result;
    result.original = std::make_shared<const tensorflow::GraphDef>(graph::toGraphDef(model->metaGraphs[0]));
    const int nodes = result.original->node_size();
    tensorflow::GraphDef pruned = *result.original;
    const std::string last = pruned.node(nodes - 1).name();
    pruned.mutable_node()->RemoveLast();
    result.snapshots.push_back(snapshot("model_pruner", 0, *result.original, *result.original, {}, 1));
    result.snapshots.push_back(snapshot("constant_folding", 0, *result.original, pruned, {}, 1));
    auto start = std::chrono::steady_clock::now();
    const PassTimeline timeline = buildPassTimeline(result, "InceptionV3");
    const double buildMs = millisSince(start);
    start = std::chrono::steady_clock::now();
    const StepDiff diff = timeline.diff(0, 2);
    const double diffMs = millisSince(start);
    std::printf("InceptionV3 (%d nodes): timeline of 3 steps %.1f ms (2 graph models), diff of two steps %.1f ms\n",
                nodes, buildMs, diffMs);
    CHECK(timeline.steps[1].model == timeline.steps[0].model);
    CHECK(diff.removed == 1);
    CHECK(diff.before.at(last).mark == NodeMark::Removed);
    CHECK(diff.after.empty());
}

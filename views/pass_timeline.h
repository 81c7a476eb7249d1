#pragma once
// The optimisation passes as values for the before/after view: the graph before the passes and
// after each pass as graph models the graph view can lay out, what each pass did (counts, time,
// notes, node changes), the fusion misses, and which nodes to colour when any two steps are
// compared. Built from an OptimizeResult off the GUI thread; shared read-only afterwards.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/graph/model.h"
#include "core/passes/manager.h"
#include "core/util/progress.h"

namespace graphlens::views {

// How a node compares between two steps. On the "before" side a node is Removed, Rewritten or
// Fused (it went into a fused node); on the "after" side Added, Rewritten or Fused (it is one).
enum class NodeMark : uint8_t { None, Added, Removed, Rewritten, Fused };

struct MarkInfo {
    NodeMark mark = NodeMark::None;
    std::string detail; // "x*1 -> x", "fused into Relu", "_FusedConv2D of Conv2D, BiasAdd, Relu"
};

// Marks keyed by markKey(function, node): only nodes that changed are present.
using NodeMarks = std::unordered_map<std::string, MarkInfo>;

// "name" for the main graph, "function|name" for a node of a library function ('|' cannot occur
// in TensorFlow names).
std::string markKey(const std::string& function, const std::string& node);

struct StepDiff {
    NodeMarks before;
    NodeMarks after;
    int added = 0;
    int removed = 0;
    int rewritten = 0;
    int fused = 0; // fused nodes on the after side
};

struct PassStep {
    std::string pass; // "" for step 0, the graph before any pass
    int iteration = 0;
    double millis = 0;
    int nodesBefore = 0;
    int nodesAfter = 0;
    // The pass's own report.
    int added = 0;
    int removed = 0;
    int rewritten = 0;
    int fused = 0;
    std::vector<passes::NodeChange> changes;
    std::vector<passes::FusionMiss> misses;
    std::vector<std::string> notes;
    // The graph after the pass; shared with the previous step when the pass changed nothing.
    std::shared_ptr<const graph::Model> model;
    bool changedGraph = true;
};

struct PassTimeline {
    std::string title;                      // what was optimised ("model.pb", "traced f #1")
    std::vector<PassStep> steps;            // steps[0] is the graph before the passes
    std::vector<passes::FusionMiss> misses; // the remapper's misses on the final graph (with costs when profiled)
    std::vector<std::string> notes;
    passes::OptimizeProfile profile; // runs == 0 when the optimised graph was not profiled
    double totalMillis = 0;
    std::string reportJson; // the same report `graphlens-cli optimize` writes

    // What changed from step `from` to step `to` (from < to): structure by node name, fusion
    // from the reports of the passes in between, details from their changes.
    // Linear in the graphs' sizes; cheap when the two steps share a model.
    StepDiff diff(int from, int to) const;
    int stepCount() const { return static_cast<int>(steps.size()); }
};

// Builds the timeline: one graph model per step (a step whose pass changed nothing shares the
// previous model). Throws Cancelled when the progress token is set.
PassTimeline buildPassTimeline(const passes::OptimizeResult& result, const std::string& title,
                               const Progress& progress = {});

// Runs the pass manager on meta graph `metaGraph` of `model` and builds the timeline. Fetches are
// the signatures' outputs (feeds their inputs); a graph without signatures keeps every node that
// nothing consumes, as a session fetching the graph's outputs would. With `profileRuns` > 0 the
// optimised graph then runs that many times (passes::profileOptimized: pseudo-random inputs,
// unknown dimensions 1, the model's variables restored) and the misses get their costs; a graph
// that cannot run keeps its timeline, with the reason in the notes.
PassTimeline optimizeModel(const graph::Model& model, int metaGraph, passes::ManagerOptions options,
                           const Progress& progress = {}, int profileRuns = 0);

const char* markName(NodeMark mark);

} // namespace graphlens::views

#pragma once
// The optimisation passes as values, for the GUI's before/after view and `graphlens-cli optimize`
// alike: the graph before the passes and after each pass as graph models the graph view can lay
// out, what each pass did (counts, time, notes, node changes, and what changed in the graph), the
// fusion misses, and which nodes to colour when any two steps are compared. Built from an
// OptimizeResult (off the GUI thread there); shared read-only afterwards.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/graph/model.h"
#include "core/passes/manager.h"
#include "core/util/progress.h"

namespace graphlens::passes {

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

// Nodes added, removed, rewritten and fused between two graphs, as the view marks them.
struct ChangeCounts {
    int added = 0;
    int removed = 0;
    int rewritten = 0;
    int fused = 0; // fused nodes on the after side
    int total() const { return added + removed + rewritten + fused; }
    friend bool operator==(const ChangeCounts&, const ChangeCounts&) = default;
};

struct StepDiff {
    NodeMarks before;
    NodeMarks after;
    int added = 0;
    int removed = 0;
    int rewritten = 0;
    int fused = 0; // fused nodes on the after side
    ChangeCounts counts() const { return { added, removed, rewritten, fused }; }
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
    std::vector<NodeChange> changes;
    std::vector<FusionMiss> misses;
    std::vector<std::string> notes;
    // The graph after the pass; shared with the previous step when the pass changed nothing.
    std::shared_ptr<const graph::Model> model;
    bool changedGraph = true;
    // What the graph shows changed since the step before, diff(step - 1, step) counted: by node
    // name and content, so it can differ from the pass's own report (a node the pass rewrote in
    // place to an equal one counts in the report only).
    ChangeCounts graphChanges;
};

struct PassTimeline {
    std::string title;              // what was optimised ("model.pb", "traced f #1")
    std::vector<PassStep> steps;    // steps[0] is the graph before the passes
    std::vector<FusionMiss> misses; // the remapper's misses on the final graph (with costs when profiled)
    std::vector<std::string> notes;
    OptimizeProfile profile; // runs == 0 when the optimised graph was not profiled
    double totalMillis = 0;
    // The report `graphlens-cli optimize --json` writes: passes::reportJson with each pass's
    // graphChanges as "graph".
    std::string reportJson;

    // What changed from step `from` to step `to` (from < to): structure by node name, fusion
    // from the reports of the passes in between, details from their changes.
    // Linear in the graphs' sizes; cheap when the two steps share a model.
    StepDiff diff(int from, int to) const;
    int stepCount() const { return static_cast<int>(steps.size()); }
};

// Builds the timeline: one graph model per step (a step whose pass changed nothing shares the
// previous model), each step's graphChanges, and the JSON report. Throws Cancelled when the
// progress token is set.
PassTimeline buildPassTimeline(const OptimizeResult& result, const std::string& title, const Progress& progress = {});

// Runs the pass manager on meta graph `metaGraph` of `model` and builds the timeline. Fetches are
// the signatures' outputs (feeds their inputs); a graph without signatures keeps every node that
// nothing consumes, as a session fetching the graph's outputs would. With `profileRuns` > 0 the
// optimised graph then runs that many times (passes::profileOptimized: pseudo-random inputs,
// unknown dimensions 1, the model's variables restored) and the misses get their costs; a graph
// that cannot run keeps its timeline, with the reason in the notes.
PassTimeline optimizeModel(const graph::Model& model, int metaGraph, ManagerOptions options,
                           const Progress& progress = {}, int profileRuns = 0);

const char* markName(NodeMark mark);
// The mark of what a pass reported about a node: the Changes list's kind.
NodeMark markOf(ChangeKind kind);

} // namespace graphlens::passes

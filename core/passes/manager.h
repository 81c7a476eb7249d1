#pragma once
// The pass manager, modelled on grappler's meta-optimizer (tffunction.md §3.1): the default
// passes in grappler's order, two iterations, run-once passes skipped after the first, nothing
// done for graphs under four nodes, every library function optimised on its own as well. A
// snapshot of the graph is kept after every pass with its time and counts, and the report is
// written as JSON (`graphlens-cli optimize`).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/passes/pass.h"

namespace graphlens {
class JsonWriter;
}

namespace graphlens::passes {

struct ManagerOptions : PassOptions {
    int iterations = 2;                // grappler's kDefaultNumberOfIterations
    int minGraphNodes = 4;             // grappler's kDefaultMinGraphNodes; -1 optimises every graph
    bool keepSnapshots = true;         // a GraphDef after every pass (for the before/after view)
    bool validate = false;             // after every pass: run the validator, check the pass reported
                                       // every change it made (pass.h); a failure throws
    std::vector<std::string> disabled; // pass names to skip
};

struct PassSnapshot {
    std::string pass;
    int iteration = 0;
    double millis = 0;
    int nodesBefore = 0;
    int nodesAfter = 0;
    PassReport report;
    // The graph after the pass, unless keepSnapshots is off (then null); the previous snapshot's
    // when the pass left every graph as it was (`changed` false).
    std::shared_ptr<const tensorflow::GraphDef> graph;
    bool changed = true;
};

// Kernel time of one node of the optimised graph, per run (core/passes/miss_cost.h).
struct NodeTime {
    std::string function; // "" for the main graph
    std::string node;
    std::string op;
    double secondsPerRun = 0;
    double callsPerRun = 0;
};

// A profile of the optimised graph: `runs` runs with pseudo-random feeds (profileOptimized).
struct OptimizeProfile {
    int runs = 0; // 0: not profiled
    int64_t feedBatch = 0;
    double secondsPerRun = 0;       // kernel time of one run, all nodes
    std::vector<NodeTime> topNodes; // most time first
};

struct OptimizeResult {
    // Shared with the snapshots of the passes before the first change (never null after optimize).
    std::shared_ptr<const tensorflow::GraphDef> original;
    tensorflow::GraphDef optimized;
    std::vector<PassSnapshot> snapshots;
    std::vector<FusionMiss> misses; // the remapper's misses on the final graph
    std::vector<std::string> notes;
    OptimizeProfile profile; // filled by profileOptimized / attachMissCosts
};

// The default passes in grappler's order.
std::vector<std::unique_ptr<Pass>> defaultPasses(Target target = Target::Cpu);

OptimizeResult optimize(const tensorflow::GraphDef& graph, const ManagerOptions& options);
OptimizeResult optimize(const tensorflow::GraphDef& graph, const ManagerOptions& options,
                        const std::vector<std::unique_ptr<Pass>>& passes);

// `perPass`, when set, adds fields to the object of result.snapshots[i] after its own: what the
// before/after timeline (core/passes/pass_timeline.h) knows beyond the report.
using PassFieldWriter = std::function<void(JsonWriter& json, size_t snapshot)>;
std::string reportJson(const OptimizeResult& result, const PassFieldWriter& perPass = {});

} // namespace graphlens::passes

#pragma once
// Graph optimisation passes, shaped as grappler's: every pass rewrites a GraphDef (with the
// function library inside it) in place and says what it changed, node by node, so the manager
// can keep a snapshot after each pass and the app can show the graph before and after any of
// them. Passes work on the serialised form on purpose: it is what grappler rewrites, what the
// oracle (real TF's meta-optimizer) reads and writes, and it keeps unknown fields and ops intact.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/proto/graph.pb.h"
#include "core/util/progress.h"

namespace graphlens::passes {

class GraphIndex;

// Where the graph will run; grappler's layout and remapper decisions depend on it.
enum class Target { Cpu, Gpu };

struct PassOptions {
    // Nodes that must survive with their names and outputs (grappler's NodesToPreserve): fetched
    // and fed nodes ("name" or "name:1"; the node part counts), plus any listed in `preserve`.
    std::vector<std::string> fetches;
    std::vector<std::string> feeds;
    std::vector<std::string> preserve;
    Target target = Target::Cpu;
    // False for functions that are differentiated symbolically (grappler gates fusions on it).
    bool allowNonDifferentiableRewrites = true;
    const CancelToken* cancel = nullptr;
    // An index of the graph given to Pass::run, when the manager has one (graph_index.h indexOf).
    const GraphIndex* index = nullptr;
};

enum class ChangeKind { Added, Removed, Rewritten, Fused };

// One node the pass touched. For Fused, `node` is the fused node and `sources` the nodes it
// replaced; for Rewritten, `detail` says how ("x*1 -> x", "folded to Const").
struct NodeChange {
    ChangeKind kind = ChangeKind::Rewritten;
    std::string node;
    std::string op;                   // the node's op after the change (before, for Removed)
    std::vector<std::string> sources; // nodes it came from (Fused, Added by a rewrite)
    std::string detail;
    std::string function; // the library function it is in; "" for the main graph
};

// A fusion pattern that almost matched, and the condition that stopped it, as grappler's
// remapper checks it (tffunction.md §3.4).
struct FusionMiss {
    std::string pattern;            // "Conv2D+BiasAdd+Relu", "MatMul+BiasAdd", ...
    std::vector<std::string> nodes; // the nodes that would have been fused, root last
    std::string condition;          // short key: multiple_consumers, control_edge, preserved,
                                    // dtype, data_format, device, training_batch_norm,
                                    // unsupported_activation, ...
    std::string reason;             // the same in words, naming the node that failed it
    std::string function;           // the library function it is in; "" for the main graph
    // Once the optimised graph has been profiled (core/passes/miss_cost.h): an estimate of the
    // kernel time per run the fusion would have saved; -1 when unknown (not profiled, or none of
    // the nodes ran). Nodes the profile did not find by name (renamed or removed by a later pass,
    // or not run) are listed in `unprofiledNodes`.
    double costSeconds = -1;
    std::vector<std::string> unprofiledNodes;
};

struct PassReport {
    std::string pass;
    std::vector<NodeChange> changes;
    std::vector<FusionMiss> misses;
    std::vector<std::string> notes; // what the pass skipped and why (unknown op, cap reached)
    int count(ChangeKind kind) const;
};

class Pass {
public:
    virtual ~Pass() = default;
    // grappler's name where there is one ("model_pruner", "constant_folding", "remapper", ...).
    virtual std::string_view name() const = 0;
    // Passes grappler runs only in the first iteration (layout, memory, loop).
    virtual bool runOnce() const { return false; }
    // Rewrites `graph`'s nodes; never throws for unknown ops or odd graphs (it notes and skips
    // them); throws graphlens::Cancelled when options.cancel is set. `graph.library()` is only
    // read: the manager lends every graph the one library it keeps, and takes it back as it is.
    virtual void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) = 0;
};

} // namespace graphlens::passes

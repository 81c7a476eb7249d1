#pragma once
// What a fusion miss costs, once the optimised graph has run under the profiler.
//
// The cost model (an estimate, and the report says so): a missed fusion leaves every node after
// the first of the pattern as a kernel of its own — the BiasAdd and the Relu of a missed
// MatMul+BiasAdd+Relu, the FusedBatchNorm of a missed Conv2D+FusedBatchNorm — each a full pass over
// memory that the fused kernel would have done in the first node's epilogue. So a miss costs the
// kernel time per run of those nodes, as the executor's per-node profile measured them. The first
// node (the contraction or batch norm) would run anyway and does not count.
//
// Passes after the remapper may rename or remove a miss's nodes (elementwise fusion folds a
// BiasAdd+Relu into one generated kernel named after the Relu). A node the profile does not find
// by name is listed in FusionMiss::unprofiledNodes; when a later pass fused it into a node that
// ran, that node's time counts instead (once per miss). A node fused together with the first one
// (the remapper fuses MatMul+BiasAdd once MatMul+BiasAdd+Relu missed) is the first node's kernel
// now and costs nothing extra. The cost is what the nodes found took; it is unknown (-1) when none
// of them ran.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/passes/manager.h"
#include "core/tensor/tensor.h"

namespace graphlens::exec {
class StepProfile;
}
namespace graphlens::graph {
struct Model;
}

namespace graphlens::passes {

// Fills result.profile and every miss's costSeconds / unprofiledNodes from `profile`, collected
// over `runs` runs of result.optimized; keeps the `topNodes` most costly nodes in the summary.
void attachMissCosts(OptimizeResult& result, const exec::StepProfile& profile, int runs, int64_t feedBatch = 1,
                     size_t topNodes = 20);

// An input the profile cannot make values for: unknown rank, or a dtype without numbers
// (string, resource, variant, complex). The message names the node.
class UnfeedableInput : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Deterministic pseudo-random values of a Placeholder's dtype and static shape ("shape" attr,
// else "_output_shapes"), unknown dimensions set to `batch`: floats in [-1, 1), integers in
// [0, 4) (small enough to index most tables), random bools. Throws UnfeedableInput.
tensor::Tensor placeholderFeed(const tensorflow::NodeDef& placeholder, int64_t batch, uint64_t seed);

struct ProfileRunOptions {
    int runs = 10;
    int64_t feedBatch = 1;
    // Tensor or node names to fetch; empty: every node of the main graph that nothing consumes
    // runs (as a target), as a session fetching the graph's outputs would.
    std::vector<std::string> fetches;
    // When set, the resource variables of this model's meta graph `metaGraph` are restored from
    // its checkpoint first (a SavedModel's variables), into the CPU device's resource manager.
    const graph::Model* variables = nullptr;
    int metaGraph = 0;
    const CancelToken* cancel = nullptr;
    // Called after the warm-up run (done 0) and after each profiled run.
    std::function<void(int done, int total)> progress;
};

// Compiles result.optimized with its main graph's Placeholders as feeds, feeds each with
// placeholderFeed (seeded by its position), runs once to warm up and `runs` times profiled, and
// attaches the costs (attachMissCosts). Throws UnfeedableInput, what compiling throws (a
// NotFoundError listing every op without a kernel) or running throws, Cancelled.
void profileOptimized(OptimizeResult& result, const ProfileRunOptions& options);

} // namespace graphlens::passes

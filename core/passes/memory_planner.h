#pragma once
// The memory planner (grappler's "memory" slot, run once): it changes nothing in the graph and
// reports how the graph's tensors could share memory. Every tensor of known size gets a
// lifetime (the step that makes it, the last step that reads it, in a topological order);
// elementwise ops may write over an input that dies at them (in place); other tensors take a
// buffer of the same size that an earlier tensor freed. The report compares the bytes of one
// buffer per tensor with the bytes of the buffers the plan needs.
#include <cstdint>
#include <string>
#include <vector>

#include "core/proto/graph.pb.h"

namespace graphlens::passes {

class GraphIndex;

struct TensorLifetime {
    std::string tensor;  // "node" or "node:1"
    int64_t bytes = -1;  // -1 when the shape or dtype is not known
    int32_t defined = 0; // position in the plan's order
    int32_t lastUse = 0; // last position that reads it (end of the order when fetched)
};

struct BufferReuse {
    std::string from; // the tensor whose buffer is taken (dead by then)
    std::string to;   // the tensor written into it
    int64_t bytes = 0;
    bool inPlace = false; // `to`'s op reads `from` and writes over it
};

struct MemoryPlan {
    std::vector<std::string> order; // node names in the order the plan assumes
    std::vector<TensorLifetime> tensors;
    std::vector<BufferReuse> reuse;
    int64_t unknownTensors = 0; // tensors left out: size not known
    int64_t bytesBefore = 0;    // one buffer per tensor of known size
    int64_t bytesAfter = 0;     // the buffers the plan allocates
    int64_t peakLiveBytes = 0;  // most bytes alive at one step when freed at last use
};

// `keepAlive`: tensors or nodes read after the graph runs (fetches); they live to the end.
// `index`: one of `graph` already built, if there is one.
MemoryPlan planMemory(const tensorflow::GraphDef& graph, const std::vector<std::string>& keepAlive = {},
                      const GraphIndex* index = nullptr);

} // namespace graphlens::passes

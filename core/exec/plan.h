#pragma once
// Compiled plans (internal to core/exec). A Plan is one graph body: steps in topological order
// over a flat array of value slots. Everything a run needs is resolved here once: op handles,
// attrs, slot numbers, callee plans, constants, which reads may move their value (last use in
// plan order), and for the parallel run each step's predecessor count and successors (data,
// control and order edges) and each slot's number of readers.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/exec/buffer_pool.h"
#include "core/numeric/tf_random.h"
#include "core/ops/registry.h"

namespace graphlens::exec {

using tensor::DType;
using tensor::Tensor;

enum class StepKind : uint8_t {
    Kernel,  // ops::execute(op, inputs, attrs)
    Const,   // the decoded constant
    Forward, // Identity, IdentityN, Snapshot, StopGradient, ...: outputs are the inputs
    NoOp,    // runs for ordering only
    Call,    // callees[0] on the inputs
    If,      // input 0 chooses callees[0] (true) or callees[1]; inputs 1.. are the arguments
    Case,    // input 0 indexes callees (out of range: the last); inputs 1.. are the arguments
    While,   // callees[0] = cond, callees[1] = body, on the loop variables (the inputs)
    Print,   // PrintV2 to RunOptions::print when set, else the kernel
    Unfed,   // a Placeholder nobody fed: fails with `failure` when it runs
    Dataset, // a tf.data op (datasets.h); callees are its functions
    Switch,  // TF1 control flow: input 0 to output 1 if the predicate (input 1) holds, else output 0
    Merge,   // TF1 control flow: the first live input, and its index
};

// A stateful random node's generator: TF keeps one per kernel instance (per node of each
// instantiated function), so two executables, or two nodes, never share a stream.
struct RandomState {
    std::mutex mutex;
    numeric::TfEagerRandom random;
};

struct InputRef {
    int32_t slot = -1;
    bool move = false; // the last read of this slot in the plan: take the value
};

struct Step {
    StepKind kind = StepKind::Kernel;
    ops::OpHandle op = nullptr;
    ops::AttrMap attrs;
    Tensor constant;
    int32_t inputBegin = 0, inputCount = 0;   // into Plan::inputs
    int32_t outputBegin = 0, outputCount = 0; // slots [outputBegin, outputBegin + outputCount)
    int32_t dropBegin = 0, dropCount = 0;     // into Plan::drops: outputs nobody reads
    std::vector<int32_t> callees;             // plan indices
    std::string name;                         // node name, for errors
    std::string opName;
    std::string printStream, printEnd;              // PrintV2's output_stream and end
    std::unique_ptr<RandomState> random;            // stateful random ops only
    std::string failure;                            // Unfed's error text
    int32_t pendingCount = 0;                       // predecessor steps: data, control and order edges
    int32_t successorBegin = 0, successorCount = 0; // into Plan::successors
    int32_t controlBegin = 0, controlCount = 0;     // into Plan::controlInputs (plans with deadness)
    bool heavy = false;   // real work (a kernel, a call, control flow): worth running on another thread
    bool ordered = false; // a side effect: runs after the ordered steps before it in plan order
};

struct ParallelRun; // executor.cpp: a parallel run's shared state

// Per-call storage: slots, the inputs being gathered, and the run's counters.
struct Frame {
    explicit Frame(tensor::Allocator* allocator)
        : buffers(allocator) { }
    std::vector<Tensor> slots;
    std::vector<Tensor> gathered;   // the sequential run's inputs of one step
    std::vector<uint8_t> deadSteps; // plans with deadness: the steps the untaken branches made dead
    // The parallel run's: each step gathers into its own range [inputBegin, +inputCount).
    std::vector<Tensor> stepInputs;
    // Per step and per slot; a whole run leaves them as they started (Step::pendingCount,
    // Plan::slotReaders), a failed one sets countersStale.
    std::unique_ptr<std::atomic<int32_t>[]> pending, readersLeft;
    bool countersStale = true;
    std::shared_ptr<ParallelRun> parallel;
    BufferPool buffers; // dead buffers, kept across the frame's calls
};

struct Plan {
    std::string name; // function name, or "" for a main graph
    std::vector<Step> steps;
    std::vector<InputRef> inputs;
    std::vector<int32_t> drops;
    int32_t numSlots = 0;
    int32_t maxInputs = 0;
    std::vector<int32_t> argSlots; // per argument; -1 when no step reads it
    std::vector<DType> argTypes;
    std::vector<InputRef> results; // per output: the slot (move = last occurrence)
    std::vector<DType> resultTypes;

    // The parallel run's graph: successor steps per step, steps without predecessors, reads per
    // slot (0 for results: no reader takes them).
    std::vector<int32_t> successors;
    std::vector<int32_t> roots;
    std::vector<int32_t> slotReaders;
    // TF1 conditionals (Switch/Merge): a value may be dead (an invalid Tensor in its slot); a step
    // with a dead input or a dead control input is dead itself, Merge takes the live one. Such
    // plans run in plan order.
    bool deadness = false;
    std::vector<int32_t> controlInputs; // per step, the steps of its control inputs
    bool complete = false;              // compiled (a plan being compiled may be called by its own body)
    bool effectful = false;             // has ordered steps: its callers' call steps are ordered too
    bool parallel = false;              // two heavy steps can be ready at once (else the sequential run)
    // Per step: its last measured time in ns (-1: not yet), which decides what runs inline.
    std::unique_ptr<std::atomic<int64_t>[]> stepCostNs;

    // One cached frame so that a call allocates nothing; concurrent or recursive calls make
    // their own.
    mutable std::atomic<Frame*> cachedFrame{ nullptr };
    ~Plan() { delete cachedFrame.load(); }
    std::unique_ptr<Frame> takeFrame(tensor::Allocator* allocator) const;
    void returnFrame(std::unique_ptr<Frame> frame) const;
};

struct Program {
    tensor::Device* device = nullptr;
    std::vector<std::unique_ptr<Plan>> plans;
};

} // namespace graphlens::exec

#pragma once
// The graph executor: compiles a function body (a FunctionDef of a library) or a main graph with
// chosen feeds and fetches into a plan once, then runs it many times. A plan is a list of steps
// in topological order; each step holds its resolved op, its attrs (converted from the NodeDef
// once), the value slots it reads and writes, and which slots die after it. Functional control
// flow (If/While/Case and their stateless forms) and function calls (PartitionedCall,
// StatefulPartitionedCall, ops named after a library function) run the callee's own plan,
// compiled together with the caller.
//
// Steps whose inputs are ready run at the same time on the inter-op pool (RunOptions), the
// calling thread taking part; chains and small plans run one step after another. Dead buffers
// are kept per frame for later outputs of the same size.
//
// Errors: compiling fails with NotFoundError listing every op of the graph (and its callees)
// that has no kernel; a kernel failure keeps its error class and gets TF's graph-mode suffix
// "\n\t [[{{node NAME}}]]". PrintV2 writes to RunOptions::print when set, else (as TF's kernel) to
// std::cout / std::cerr. Variables live in the device's
// ResourceManager (ops::resourceManager), shared with eager code; feed DT_RESOURCE tensors
// (ops::makeVarHandle) for resource inputs.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ops/string_ops.h"
#include "core/tensor/device.h"
#include "core/tensor/tensor.h"
#include "core/util/error.h"
#include "core/util/progress.h"

namespace graphlens::graph {
class Graph;
class FunctionLibrary;
struct Model;
struct MetaGraph;
} // namespace graphlens::graph

namespace graphlens::util {
class ThreadPool;
} // namespace graphlens::util

namespace graphlens::exec {

struct Program; // the compiled plans (internal: core/exec/plan.h)

struct CompileOptions {
    tensor::Device* device = nullptr; // the CPU device when null
};

// Where a run's time goes: kernel time summed per op type and per node (calls, If and While
// count their callees' kernels, not themselves). Thread-safe; one profile may collect many runs.
class StepProfile {
public:
    struct Entry {
        std::string op;
        int64_t count = 0;
        double seconds = 0;
    };
    struct NodeEntry {
        std::string function; // the plan's library function; "" for a main graph
        std::string node;
        std::string op;
        int64_t count = 0;
        double seconds = 0;
    };
    void add(const std::string& function, const std::string& node, const std::string& op, double seconds);
    // Per op type, most time first.
    std::vector<Entry> entries() const;
    // Per node, most time first.
    std::vector<NodeEntry> nodeEntries() const;
    double totalSeconds() const;
    // A table: op, calls, total ms, share, µs per call; the `top` most costly ops.
    std::string summary(size_t top = 15) const;
    void clear();

private:
    mutable std::mutex m_mutex;
    std::vector<Entry> m_entries;
    std::map<std::pair<std::string, std::string>, NodeEntry> m_nodes;
};

// A run's limits: cancellation, a wall-clock deadline and a budget of loop steps, shared by the
// run's nested plans, its pool helpers and the datasets it makes (which may iterate later).
// Loop steps are what can run without end in a graph: each While iteration and each dataset
// element a consumer (ReduceDataset) or a FilterDataset pulls counts one, whatever the body
// holds (as a Python loop's iteration counts at least one statement); the steps of a plan are
// bounded by its size and do not count. A passed limit throws graphlens::Cancelled or
// graphlens::LimitExceeded. Checks are cheap: a relaxed load of the cancel flag and a relaxed
// add per loop step, the clock every 64th loop step and at each heavy step (kernels that were
// measured or are expected to be slow).
class RunLimits {
public:
    const CancelToken* cancel = nullptr;
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    int64_t maxSteps = 0; // loop steps this run may take; 0: unlimited

    // One loop step: counted, then the limits checked.
    void loopStep() {
        const int64_t n = m_steps.fetch_add(1, std::memory_order_relaxed) + 1;
        if (cancel) cancel->throwIfCancelled();
        if (maxSteps > 0 && n > maxSteps) throw LimitExceeded(LimitExceeded::Kind::Steps);
        if ((n & 63) == 0) checkDeadline();
    }
    void checkCancelled() const {
        if (cancel) cancel->throwIfCancelled();
    }
    void checkDeadline() const {
        if (deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() > deadline)
            throw LimitExceeded(LimitExceeded::Kind::Deadline);
    }
    // Loop steps taken so far.
    int64_t steps() const { return m_steps.load(std::memory_order_relaxed); }

private:
    std::atomic<int64_t> m_steps{ 0 };
};

struct RunOptions {
    // Checked between steps and loop iterations; a cancelled run throws graphlens::Cancelled.
    // (Also limits->cancel, when set.)
    const CancelToken* cancel = nullptr;
    // Deadline and loop-step budget (see RunLimits); null: none.
    std::shared_ptr<RunLimits> limits;
    // Receives PrintV2's text: (output_stream attr, text with `end`).
    ops::PrintSink print;
    // When set, every kernel step is timed into it (costs two clock reads per step).
    StepProfile* profile = nullptr;
    // Inter-op parallelism: 0 runs steps whose inputs are ready at the same time on the inter-op
    // pool (`interOpPool`, or util::interOpPool() when null), the calling thread taking part;
    // 1 runs the steps one after another in plan order; n > 1 uses at most n - 1 pool workers.
    // Results are the same bits either way; side effects keep their plan order.
    int interOpThreads = 0;
    util::ThreadPool* interOpPool = nullptr;
    // A ready step whose last measured time is below this runs on the thread that made it ready
    // (handing it to a worker would cost more); 0 hands every ready kernel step beyond the first
    // to the pool.
    double inlineStepSeconds = 50e-6;
    // Dead buffers are kept for later outputs of the same dtype and size, within a call and
    // across calls (false: every output is a new buffer).
    bool recycleBuffers = true;
    // Called on the running thread when a kernel, call or control-flow step starts (true) and
    // ends (false), for tests and tools that watch the schedule.
    std::function<void(std::string_view node, bool started)> stepObserver;
    // The run's share of tensor memory: the steps' outputs charge it on every thread that runs
    // them (null: the calling thread's, if any).
    std::shared_ptr<tensor::MemoryBudget> memory;
};

// A process-wide profile that runs without their own use: set by the environment variable
// GRAPHLENS_OP_PROFILE=1 (its summary goes to stderr at exit), for benchmarks of whole programs.
StepProfile* processProfile();

class Executable {
public:
    // A library function by name: its inputs are the signature's input_args, its outputs the
    // output_args. Besides what the outputs need, every stateful op of the body runs (and the
    // control outputs), as TF runs them.
    static std::shared_ptr<const Executable> compileFunction(const graph::FunctionLibrary& library,
                                                             const std::string& function,
                                                             const CompileOptions& options = {});
    // A main graph: `feeds` and `fetches` are tensor names ("x:0", or "x" for output 0),
    // `targets` node names run for their effects. Only what the fetches and targets need runs.
    // `library` may be null for graphs that call no functions.
    static std::shared_ptr<const Executable>
    compileGraph(const graph::Graph& graph, const graph::FunctionLibrary* library, std::span<const std::string> feeds,
                 std::span<const std::string> fetches, std::span<const std::string> targets = {},
                 const CompileOptions& options = {});

    // Runs with one tensor per input (feed); returns one per output (fetch). Safe to call from
    // several threads at once (each call gets its own value slots).
    std::vector<tensor::Tensor> run(std::span<const tensor::Tensor> args) const;
    std::vector<tensor::Tensor> run(std::span<const tensor::Tensor> args, const RunOptions& options) const;

    size_t numInputs() const;
    size_t numOutputs() const;
    // Declared dtypes (Invalid where the graph does not say).
    std::span<const tensor::DType> inputTypes() const;
    std::span<const tensor::DType> outputTypes() const;
    // Steps of the entry plan and of all plans (callees included): what runs per call.
    size_t numSteps() const;
    size_t numPlans() const;
    // One line per step of every plan: "plan: step op name <- slots -> slots (frees ...)", for
    // tests and debugging.
    std::string describe() const;

    Executable(std::shared_ptr<Program> program, int32_t entry);
    ~Executable();

private:
    std::shared_ptr<Program> m_program;
    int32_t m_entry;
};

// Creates (or replaces) in `device`'s ResourceManager every resource variable of `metaGraph` that
// has a VarHandleOp in its main graph and a value in the model's checkpoint, under the handle
// the VarHandleOp makes (its container and shared_name), so that the graph's signatures run as
// they do after TF restores a SavedModel. Returns how many variables were restored; variables
// without a checkpoint value are skipped (and named in `skipped` when given).
size_t restoreVariables(const graph::Model& model, const graph::MetaGraph& metaGraph, tensor::Device* device = nullptr,
                        std::vector<std::string>* skipped = nullptr);

} // namespace graphlens::exec

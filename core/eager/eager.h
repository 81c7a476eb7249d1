#pragma once
// The `tensorflow` and `numpy` modules of the GraphLens language (issue #4): eager TensorFlow
// on the tensor runtime (core/tensor, core/ops) and a numpy subset on the same tensors.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/function/retrace_log.h"
#include "core/tensor/shape.h"

namespace graphlens::lang {
class Interpreter;
}
namespace tensorflow {
class GraphDef;
}
namespace graphlens::tensor {
class MemoryBudget;
}
namespace graphlens::exec {
class StepProfile;
}

namespace graphlens::eager {

// What tools (the profiler, the debugger) attach to a script's run (engine session); set before
// the script starts (hooksOf).
struct EngineHooks {
    // A step of a tf.function's graph (kernel, call, control flow) starts (true) or ends (false);
    // called on the executor thread that runs it.
    std::function<void(std::string_view node, bool started)> graphStep;
    // When set, every kernel step of a tf.function's graph is timed into it.
    exec::StepProfile* graphProfile = nullptr;
    // An eager op (tf.matmul outside a tf.function) starts (true) or ends (false), on the script's
    // thread; not called while tracing (those ops become graph nodes).
    std::function<void(std::string_view op, bool started)> eagerOp;
};
EngineHooks& hooksOf(lang::Interpreter& in);

// Registers the `tensorflow` and `numpy` native modules with the interpreter's module registry
// (Interpreter::registerModule). Call once at startup, before running scripts; idempotent.
void registerModules();

// What the interpreter's tf.functions traced so far (RetraceLog::toJson writes it for
// --trace-log; empty when nothing was traced).
function::RetraceLog retraceLog(lang::Interpreter& in);

// Writes the most recent concrete function of the tf.function named `function`: a GraphDef when
// `path` ends in .pb or .pbtxt, else a SavedModel directory with a serving_default signature.
// Returns an error text, empty on success.
std::string exportConcreteFunction(lang::Interpreter& in, const std::string& function, const std::string& path);

// The graphs of the traces the retrace log lists (those whose concrete function is still kept),
// as GraphDefs with their function libraries, for the graph view. Shared and immutable: the GUI
// keeps them across threads and opens one as often as it is asked to.
struct TracedGraph {
    int function = 0;       // the retrace log's function id
    int64_t traceIndex = 0; // the trace's index within that function
    std::string name;       // "__inference_f_12"
    std::shared_ptr<const tensorflow::GraphDef> graph;
    // The static shape of each node's outputs, as shape inference left them (the CLI's
    // --trace-shapes, audited against TF's).
    struct NodeShapes {
        std::string name, op;
        std::vector<std::string> inputs; // data inputs, "x:0"
        std::vector<tensor::PartialShape> shapes;
    };
    std::vector<NodeShapes> nodeShapes;
};
std::vector<TracedGraph> tracedGraphs(lang::Interpreter& in);

// The script's tensor memory, capped at its limits' maxMemoryBytes: beyond it an allocation is
// TF's ResourceExhaustedError (numpy: MemoryError), never the process running out of memory.
// The host makes it current on the script's thread (tensor::MemoryBudgetScope) for the run.
std::shared_ptr<tensor::MemoryBudget> memoryBudget(lang::Interpreter& in);

// tf.config.run_functions_eagerly for the script `in` is about to run (`graphlens-cli run --eager`).
void setRunFunctionsEagerly(lang::Interpreter& in, bool on);

} // namespace graphlens::eager

#pragma once
// Everything eager TensorFlow keeps for one running script: the trace stack and name scope, the
// active gradient tapes, tf.function's registry (retrace log, traced graphs, function uids,
// run_functions_eagerly), the TF and numpy random streams and the hooks that tools attach. It is
// the interpreter's host state (Interpreter::hostState), so it lives and dies with the run and
// two scripts in one process share none of it. Internal to core/eager.
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/eager/eager.h"
#include "core/eager/trace_state.h"
#include "core/numeric/mt19937.h"
#include "core/numeric/pcg64.h"
#include "core/numeric/tf_random.h"
#include "core/tensor/allocator.h"

namespace graphlens::eager {

struct FunctionRegistry; // function.cpp: tf.function objects, their traces and the retrace log
struct TapeState;        // tape.cpp

struct EagerState final : lang::Interpreter::HostState {
    EagerState();
    ~EagerState() override;

    // trace.cpp: one frame per graph being built, and tf.name_scope's path ("a/b").
    std::vector<TraceFrame> traceFrames;
    std::string nameScope;
    // TF's ops.uid(): one count per eager tensor, graph, graph op output and function name, in the
    // order TF makes them, so functions are named as TF names them (__inference_f_14, cond_true_30).
    int64_t tfUid = 0;
    bool defaultGraphMade = false;
    int uidPause = 0; // > 0: GraphLens's own eager work for a graph constant, which TF does not make // TF makes its
                      // default graph (one uid) at the first trace

    // tape.cpp: the tapes recording now, the one whose gradient is being computed, and the keys
    // each graph being built has seen (GradBuilder::firstInGraph) while the graph lives.
    std::vector<std::shared_ptr<TapeState>> activeTapes;
    TapeState* computingTape = nullptr;
    std::vector<std::pair<std::weak_ptr<FuncGraph>, std::unordered_set<std::string>>> gradientGraphKeys;

    // function.cpp. Made on first use (its types are function.cpp's own).
    std::shared_ptr<FunctionRegistry> functions;
    bool runFunctionsEagerly = false;
    bool optimizeFunctions = true; // tf.config.optimizer's disable_meta_optimizer turns it off

    // module_register.cpp: tf.random's global and op seeds, numpy's global RandomState and the
    // RandomState objects the script made (by handle).
    numeric::TfEagerRandom tfRandom;
    std::unique_ptr<numeric::NumpyRandomState> npRandom;
    std::deque<numeric::NumpyRandomState> npStates;
    std::deque<numeric::Pcg64> pcgStates; // np.random.default_rng's generators (by handle)

    EngineHooks hooks;
    // The script's tensor memory and its cap (lang::Limits::maxMemoryBytes): the session's thread
    // and the executor workers running its graphs charge it.
    std::shared_ptr<tensor::MemoryBudget> memory = std::make_shared<tensor::MemoryBudget>();
    // PrintV2 in a tf.function's graph runs on executor threads: its lines reach the script's
    // streams whole, one at a time.
    std::mutex printMutex;
};

// The state of `in`, made on first use.
EagerState& eagerState(lang::Interpreter& in);
// The state of the interpreter running on this thread (lang::currentInterpreter()).
EagerState& eagerState();

} // namespace graphlens::eager

#pragma once
// The trace stack of this thread: one frame per graph being built (a tf.function's body, or a
// branch / loop body inside it). Internal to core/eager.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/eager/func_graph.h"
#include "core/eager/internal.h"

namespace graphlens::eager {

struct TraceFrame {
    std::shared_ptr<FuncGraph> graph;
    int64_t firstTensorId = 0; // eager tensors with smaller ids existed before the trace: captures
    bool branch = false;       // a cond / while function: captures chain to the enclosing graph
    bool autograph = true;
    bool suspended = false; // tf.init_scope: ops run eagerly
    // Automatic control dependencies, as TF's: per resource the last write and the reads since;
    // stateful ops without resource inputs run in program order among themselves.
    struct ResourceAccess {
        int32_t lastWrite = -1;
        std::vector<int32_t> readsSinceWrite;
    };
    std::map<std::pair<int32_t, int32_t>, ResourceAccess> resourceAccess; // by handle endpoint
    int32_t lastStateful = -1; // the last stateful op without resource inputs
    std::string nextName;      // name for the next node (set by the API function making it)
    bool exactName = false;    // nextName is a name scope's full name, taken as it is (TF's name="s/")
    // The node a variable input is being read for ("mul"): TF converts an op's inputs in the op's
    // name scope, so the read is "mul/ReadVariableOp" and a handle captured for it
    // "mul/ReadVariableOp/resource".
    std::string readScope;
    bool scratch = false;       // a throwaway graph (AutoGraph's first while test): no captures
    bool allowVariables = true; // only a function's first trace may create variables
    int createdVariables = 0;
    // FuncGraph.seed: the global seed when the outermost trace began (inherited by nested graphs),
    // and random_seed.get_seed's per-graph counter for random ops without an op seed.
    std::optional<int64_t> graphSeed;
    int64_t nextOpSeed = 0;
};

// The name the next node of `op` takes in the graph being traced (as runOpInGraph would give it),
// reserved now and left as the frame's exact next name: TF opens an op's name scope before it
// converts the op's inputs, so a list packed for an input is named "<node>/<input>".
std::string reserveNextNodeName(std::string_view op, const std::optional<std::string>& name);
const std::vector<TraceFrame>& traceFrames();
TraceFrame* currentTraceFrame();
void pushTraceFrame(TraceFrame f);
void popTraceFrame();
Value wrapSymbolic(const std::shared_ptr<FuncGraph>& g, GraphEndpoint e);
// The name TF gives the value made for an op input where its Python API packs it: getitem's
// StridedSlice takes begin, end and strides from tf.stack ("stack", "stack_1", "stack_2").
std::string stackedInputName(std::string_view op, const std::string& arg);
// A variable's resource handle in the graph being traced (captured, or its argument placeholder).
Input variableHandleInput(const Value& var);
Input variableHandleInput(const VarData& var);
// Reads the variable inputs among `values` in the name scope of the op node `op` will make next
// (reserving its name), as TF converts them; leaves the reserved name for the op.
void readVariablesForOp(Interpreter& in, std::string_view op, const std::optional<std::string>& name,
                        std::vector<Value*> values);
// What a call node in the graph being traced feeds for a capture of the function it calls.
Input calleeCaptureInput(const FuncGraph& callee, const FuncGraph::Capture& cap);
// TF's attrs of a (Stateful)PartitionedCall of `callee` taking inputs of types `tin`.
ops::AttrMap callAttrs(const std::vector<DType>& tin, const FuncGraph& callee);
std::vector<PartialShape> outputShapes(const FuncGraph& g);
// A call of `callee` in the graph being traced, the callee added to its library, the outputs
// shaped as the callee's.
std::vector<Value> addCallNode(Interpreter& in, const std::shared_ptr<const FuncGraph>& callee,
                               const std::vector<Input>& ins, bool stateful);
// An op result as a Python tensor: EagerTensor, or SymbolicTensor (keeping its id).
Value wrapInput(const Input& x);

// Tapes (tape.cpp): records whose inputs and outputs may be symbolic (under tracing).
void tapeRecordInputs(std::string_view op, const std::vector<Input>& inputs, const std::vector<Input>& outputs,
                      const ops::AttrMap& attrs);
// A step whose gradient the Python function gradFn(*upstream) computes (tf.custom_gradient, and
// the If/While nodes of a trace), on every tape that watches one of its inputs.
// A tf.function called under a tape runs op by op; TF records the call as one op whose inputs
// include every variable the function captures, so a variable only a branch not taken reads
// gets zeros, not None: each active tape that watches (or would watch, as accessed) such a
// variable, and recorded no read of it since `before` (tapeRecordCounts()), links it to the
// call's outputs with a zero gradient.
std::vector<size_t> tapeRecordCounts();
void tapeLinkUnreadVariables(const std::vector<size_t>& before, const std::vector<VarData*>& vars,
                             const std::vector<Value>& outputs);
// Every active tape stops (+1) or resumes (-1) recording.
void tapesStopAll(int delta);
void tapeRecordCustom(const std::vector<Input>& inputs, const std::vector<Input>& outputs, const Value& gradFn);
// Control flow under a gradient tape (trace_grad.cpp): an If (While) node recorded on the tapes as
// one step, whose gradient the Python `factory` builds (tf_function.py's _cond_gradient,
// _while_gradient). `captures`: the node's captured inputs (endpoints of the graph being traced,
// fed to the branch's or body's captures in order); `values`, when given, the Python tensors for
// them (None where a variable is captured); `outputs` / `finals` the tensors the node gave the
// script. A while loop's `counter` and `maximum` are its first two outputs.
void recordCondStep(Interpreter& in, const Value& factory, const Value& pred, const FuncGraph& thenFn,
                    const FuncGraph& elseFn, const std::vector<GraphEndpoint>& captures, const Value* values,
                    const std::vector<Value>& outputs);
void recordWhileStep(Interpreter& in, const Value& factory, const FuncGraph& body, const std::vector<Value>& initial,
                     const std::vector<GraphEndpoint>& captures, const Value* values, const Value& counter,
                     const Value& maximum, const std::vector<Value>& finals);
void fillTraceGradCore(lang::DictObj* d); // replay_function
void tapeNoteVariableReadSymbolic(const VarData& v, int64_t readId, const std::shared_ptr<SymRef>& sym);
void fillControlFlowCore(lang::DictObj* d); // graph_cond, graph_while
// TF's automatic control dependencies at the end of a function or branch: when the graph holds
// stateful ops, one NoOp waits on them (and on the variable reads); made after the outputs'
// Identity nodes, which the caller then makes wait on it. Returns it (-1 when not needed).
int32_t addControlNoOp(TraceFrame& f);
// TF's `with ops.name_scope(name):` while a graph is traced: the scope made unique in the graph,
// the previous one back at the end.
class GraphNameScope {
public:
    explicit GraphNameScope(const std::string& name);
    ~GraphNameScope();
    GraphNameScope(const GraphNameScope&) = delete;
    GraphNameScope& operator=(const GraphNameScope&) = delete;

private:
    std::string m_previous;
};
// Gives `to` the arithmetic dunders of `from` (EagerTensor's operators work on any tf.Tensor).
void copyTensorOperators(ClassObj* from, ClassObj* to);

} // namespace graphlens::eager

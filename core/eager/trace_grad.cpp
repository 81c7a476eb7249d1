// Gradients through the If and While nodes of a trace (a GradientTape inside a tf.function).
// The ops of a cond branch or loop body are traced into their own graph, out of the tape's
// reach, so the node is recorded on the tapes as one step whose gradient the Python side builds
// (tf_function.py's _cond_gradient / _while_gradient): an If over the branches' gradients, and for
// a loop a forward loop that keeps every iteration's variables, then a backward loop. Both
// re-trace the forward function's nodes with replay_function where they need its values (TF
// makes the forward node output its intermediates instead: the values are the same, the graphs
// differ), so a random op inside a differentiated branch or body draws again.
#include <unordered_map>
#include <unordered_set>

#include "core/eager/trace_state.h"

namespace graphlens::eager {

using namespace lang;

namespace {

bool isVariableCapture(const FuncGraph::Capture& c) {
    // branch captures of a variable carry its VarData as key (variableHandle); captures chained
    // from an outer graph carry none, and a function's eager-tensor captures have no outer endpoint
    return c.key && c.outer && c.placeholder.node >= 0;
}

VarData& capturedVariable(const FuncGraph::Capture& c) {
    return *static_cast<VarData*>(const_cast<void*>(c.key));
}

Value shapeSpec(const Tensor& t) {
    std::vector<Value> dims;
    for (int64_t d : t.shape().dims()) dims.push_back(Value::integer(d));
    return newTuple({ newList(std::move(dims)), tfDtypeValue(t.dtype()) });
}

bool isControlFlowOp(std::string_view op) {
    return op == "If" || op == "StatelessIf" || op == "While" || op == "StatelessWhile";
}

// Every active tape stops recording while it lives (when `on`).
struct PausedTapes {
    bool on;
    explicit PausedTapes(bool pause)
        : on(pause) {
        if (on) tapesStopAll(1);
    }
    ~PausedTapes() {
        if (on) tapesStopAll(-1);
    }
    PausedTapes(const PausedTapes&) = delete;
    PausedTapes& operator=(const PausedTapes&) = delete;
};

// The tape inputs of a control-flow node's captured inputs (`endpoints` in the graph being traced,
// fed to `branch`'s captures in order): a captured variable is the variable (its id), a tensor the
// Python tensor made for the endpoint, or values[i] where given and not None. `replay` gets what
// replay_function is given for each: the tensor, or (shape, dtype) for a variable.
std::vector<Input> controlFlowTapeInputs(const std::vector<GraphEndpoint>& endpoints, const FuncGraph& branch,
                                         std::vector<Value>& replay, const Value* values) {
    const std::shared_ptr<FuncGraph>& graph = currentTraceFrame()->graph;
    std::vector<Input> inputs;
    for (size_t i = 0; i < endpoints.size(); ++i) {
        if (i < branch.captures.size() && isVariableCapture(branch.captures[i])) {
            VarData& v = capturedVariable(branch.captures[i]);
            inputs.push_back(Input{ v.value(), v.id, nullptr });
            replay.push_back(shapeSpec(v.value()));
            continue;
        }
        if (values && !values[i].isNone()) {
            inputs.push_back(toInput(*currentInterpreter(), values[i]));
            replay.push_back(values[i]);
            continue;
        }
        Input x{ Tensor(), graph->valueId(endpoints[i]),
                 std::make_shared<SymRef>(SymRef{ graph, endpoints[i].node, endpoints[i].output }) };
        if (!x.id) {
            const Value made = wrapSymbolic(graph, endpoints[i]);
            x.id = tensorData(made).id;
        }
        replay.push_back(wrapInput(x));
        inputs.push_back(std::move(x));
    }
    return inputs;
}

// Records the node's step on the tapes: gradient = factory(*factoryArgs)(*upstream), one gradient
// per tape input; `outputs` are the Python tensors the node gave the script.
void recordControlFlowStep(Interpreter& in, const Value& factory, const std::vector<Value>& factoryArgs,
                           const std::vector<Input>& tapeInputs, const std::vector<Value>& outputs) {
    const Value gradFn = in.call(factory, factoryArgs.data(), factoryArgs.size());
    std::vector<Input> outs;
    for (const Value& o : outputs) outs.push_back(toInput(in, o));
    tapeRecordCustom(tapeInputs, outs, gradFn);
}

// A cond or loop replayed inside a function being differentiated: recorded as graph_cond and
// graph_while record theirs, with the gradient factories (_cond_gradient, _while_gradient) given.
void recordReplayedControlFlow(Interpreter& in, const GraphNode& n, const FuncGraph& fn, const FuncGraph& graph,
                               int32_t node, const std::vector<Value>& inValues, const std::vector<Value>& outs,
                               const std::vector<Value>& gradients) {
    const auto function = [&](const char* attr) -> const FuncGraph& {
        const ops::AttrValue* v = n.attrs.find(attr);
        const auto* f = v ? std::get_if<ops::FuncAttr>(v) : nullptr;
        const auto found = f ? fn.library.find(f->name) : fn.library.end();
        if (found == fn.library.end())
            raise(types().ValueError, "replay_function: " + n.name + " has no function " + attr);
        return *found->second;
    };
    const std::vector<GraphEndpoint>& inputs = graph.node(node).inputs;
    if (n.op == "If" || n.op == "StatelessIf") {
        recordCondStep(in, gradients[0], inValues[0], function("then_branch"), function("else_branch"),
                       std::vector<GraphEndpoint>(inputs.begin() + 1, inputs.end()), inValues.data() + 1, outs);
        return;
    }
    const FuncGraph& body = function("body");
    // a loop not of while_v2's shape (counter, maximum, variables, captures) is left off the tapes
    if (body.args.size() < 2 || inValues.size() < body.args.size() || outs.size() < body.args.size()) return;
    const size_t vars = body.args.size() - 2;
    recordWhileStep(in, gradients[1], body, std::vector<Value>(inValues.begin() + 2, inValues.begin() + 2 + long(vars)),
                    std::vector<GraphEndpoint>(inputs.begin() + 2 + long(vars), inputs.end()),
                    inValues.data() + 2 + vars, outs[0], outs[1],
                    std::vector<Value>(outs.begin() + 2, outs.begin() + 2 + long(vars)));
}

// replay_function(owner, name, inputs, gradients=()) -> (outputs, reads): the nodes of function `name` (in the
// library of owner's graph) that its outputs need, traced again into the graph being built, its
// arguments then captures fed by `inputs` (None for a captured variable, which is read again
// here). outputs: one tensor per function output (None for a variable passed through); reads:
// per capture, a read of the captured variable (made for every variable capture, so that both
// branches of a gradient If have the same sources), else None.
Value replayFunction(Interpreter& in, CallArgs& a) {
    if (!tracing()) raise(types().RuntimeError, "replay_function outside a trace");
    if (a.n < 3 || !isSymbolic(a[0])) raise(types().TypeError, "replay_function(owner, name, inputs, gradients=())");
    const std::vector<Value> gradients = a.n > 3 ? in.toVector(a[3]) : std::vector<Value>{};
    const FuncGraph& owner = *tensorData(a[0]).sym->graph;
    const std::string name = in.str(a[1]);
    const auto found = owner.library.find(name);
    if (found == owner.library.end()) raise(types().ValueError, "replay_function: no function " + name);
    const FuncGraph& fn = *found->second;
    const std::vector<Value> inputs = in.toVector(a[2]);
    if (inputs.size() != fn.args.size() + fn.captures.size())
        raise(types().ValueError,
              "replay_function: " + name + " takes " + std::to_string(fn.args.size() + fn.captures.size()) + " inputs");
    FuncGraph& graph = *currentTraceFrame()->graph;

    struct CapturedVariable {
        VarData* var;
        Value read; // its read here
    };
    std::unordered_map<int32_t, Value> fed;                // placeholder node -> its value
    std::unordered_map<int32_t, CapturedVariable> varNode; // placeholder node -> the variable it captures
    std::vector<Value> reads(fn.captures.size(), Value::none());
    for (size_t i = 0; i < fn.args.size(); ++i) fed[fn.args[i]] = inputs[i];
    for (size_t i = 0; i < fn.captures.size(); ++i) {
        const FuncGraph::Capture& c = fn.captures[i];
        if (isVariableCapture(c)) {
            reads[i] = readVariableInGraph(in, capturedVariable(c));
            varNode[c.placeholder.node] = { &capturedVariable(c), reads[i] };
        } else {
            fed[c.placeholder.node] = inputs[fn.args.size() + i];
        }
    }
    // the nodes the outputs need, through data inputs
    std::vector<bool> needed(fn.nodes().size(), false);
    std::vector<int32_t> stack;
    for (const GraphEndpoint& e : fn.outputs) stack.push_back(e.node);
    while (!stack.empty()) {
        const int32_t id = stack.back();
        stack.pop_back();
        if (needed[size_t(id)]) continue;
        needed[size_t(id)] = true;
        for (const GraphEndpoint& x : fn.node(id).inputs) stack.push_back(x.node);
    }
    std::unordered_map<int32_t, std::vector<Value>> values;
    auto valueOf = [&](GraphEndpoint e) -> Value {
        if (const auto it = fed.find(e.node); it != fed.end()) return it->second;
        if (const auto it = varNode.find(e.node); it != varNode.end()) return Value::none();
        const auto it = values.find(e.node);
        if (it == values.end() || size_t(e.output) >= it->second.size())
            raise(types().ValueError,
                  "replay_function: " + fn.node(e.node).name + " has no output " + std::to_string(e.output));
        return it->second[size_t(e.output)];
    };
    for (size_t id = 0; id < fn.nodes().size(); ++id) {
        if (!needed[id]) continue;
        const GraphNode& n = fn.node(int32_t(id));
        if (fed.count(int32_t(id)) || varNode.count(int32_t(id))) continue;
        if (n.op == "Placeholder") raise(types().ValueError, "replay_function: unfed placeholder " + n.name);
        if (n.op == "ReadVariableOp" && varNode.count(n.inputs.at(0).node)) {
            values[int32_t(id)] = { varNode.at(n.inputs[0].node).read };
            continue;
        }
        if (n.op == "Const" && n.value) {
            values[int32_t(id)] = { constantValue(*n.value) };
            continue;
        }
        const bool controlFlow = isControlFlowOp(n.op);
        std::vector<Input> ins;
        std::vector<Value> inValues;
        for (const GraphEndpoint& x : n.inputs) {
            if (const auto it = varNode.find(x.node); it != varNode.end()) {
                // a nested cond or loop gets the variable's handle, as the forward node did
                if (!controlFlow)
                    raise(types().NotImplementedError,
                          "GraphLens cannot differentiate yet through " + n.op +
                              " of a variable inside tf.cond or tf.while_loop in a tf.function");
                ins.push_back(variableHandleInput(*it->second.var));
                inValues.push_back(Value::none());
                continue;
            }
            inValues.push_back(valueOf(x));
            ins.push_back(toInput(in, inValues.back()));
        }
        ops::AttrMap attrs;
        for (const auto& [key, v] : n.attrs) {
            if (!key.empty() && key[0] == '_') continue;
            if (const auto* f = std::get_if<ops::FuncAttr>(&v))
                if (const auto lib = fn.library.find(f->name); lib != fn.library.end())
                    graph.library[f->name] = lib->second;
            attrs.set(key, v);
        }
        std::vector<Value> outs;
        {
            // a nested cond or loop is one step on the tapes (below), not an op without gradient
            PausedTapes paused(controlFlow);
            outs = runOpInGraph(in, n.op, ins, attrs, std::nullopt);
        }
        // a control-flow node keeps the output shapes its functions gave it
        if (!outs.empty() && isSymbolic(outs[0])) {
            const SymRef& s = *tensorData(outs[0]).sym;
            s.graph->setOutputShapes(s.node, n.outShapes);
            if (controlFlow && anyTapeActive() && gradients.size() == 2)
                recordReplayedControlFlow(in, n, fn, *s.graph, s.node, inValues, outs, gradients);
        }
        values[int32_t(id)] = std::move(outs);
    }
    std::vector<Value> outputs;
    for (const GraphEndpoint& e : fn.outputs) outputs.push_back(valueOf(e));
    return newTuple({ newList(std::move(outputs)), newList(std::move(reads)) });
}

} // namespace

void recordCondStep(Interpreter& in, const Value& factory, const Value& pred, const FuncGraph& thenFn,
                    const FuncGraph& elseFn, const std::vector<GraphEndpoint>& captures, const Value* values,
                    const std::vector<Value>& outputs) {
    std::vector<Value> replay;
    const std::vector<Input> tapeInputs = controlFlowTapeInputs(captures, thenFn, replay, values);
    recordControlFlowStep(
        in, factory, { pred, newStr(thenFn.name()), newStr(elseFn.name()), outputs[0], newList(std::move(replay)) },
        tapeInputs, outputs);
}

void recordWhileStep(Interpreter& in, const Value& factory, const FuncGraph& body, const std::vector<Value>& initial,
                     const std::vector<GraphEndpoint>& captures, const Value* values, const Value& counter,
                     const Value& maximum, const std::vector<Value>& finals) {
    std::vector<Input> tapeInputs;
    for (const Value& v : initial) tapeInputs.push_back(toInput(in, v));
    std::vector<Value> replay;
    for (Input& x : controlFlowTapeInputs(captures, body, replay, values)) tapeInputs.push_back(std::move(x));
    recordControlFlowStep(in, factory,
                          { counter, newStr(body.name()), counter, maximum, newList(initial),
                            newList(std::move(replay)), newList(finals) },
                          tapeInputs, finals);
}

void fillTraceGradCore(DictObj* d) {
    d->setStr("replay_function", newBuiltin("replay_function", replayFunction));
}

} // namespace graphlens::eager

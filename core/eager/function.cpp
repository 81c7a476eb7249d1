// tf.function's native half: the trace itself (placeholders for the tensors in the arguments,
// the Python function run under a trace frame, outputs through Identity), the concrete functions
// and calling them; argument binding and trace types are in function_args.cpp. The Python half
// (python/tf_function.py) holds the Function / ConcreteFunction classes and calls these primitives.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include "core/eager/eager.h"
#include "core/eager/eager_state.h"
#include "core/eager/export.h"
#include "core/eager/func_graph.h"
#include "core/eager/function_args.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/exec/executor.h"
#include "core/function/autograph.h"
#include "core/function/dispatch.h"
#include "core/function/retrace_log.h"
#include "core/function/trace_type.h"
#include "core/graph/function_library.h"
#include "core/graph/io/python_text_format.h"
#include "core/lang/named_tuple.h"
#include "core/numeric/format_float.h"
#include "core/numeric/tf_random.h"
#include "core/ops/resource.h"
#include "core/passes/optimize_function.h"
#include "core/proto/function.pb.h"
#include "core/proto/graph.pb.h"

namespace graphlens::eager {

using namespace lang;

namespace {

namespace fn = graphlens::function;
using namespace function_args;

constexpr size_t kMaxLiveConcrete = 256;

struct FnState;

} // namespace

// The running script's tf.function objects, their traces and the retrace log (EagerState).
struct FunctionRegistry {
    fn::RetraceLog log;
    fn::FrequentTracingDetectors detectors;
    std::set<const void*> tracedCode;              // Python code that some tf.function object traced
    std::vector<std::weak_ptr<FnState>> functions; // every tf.function made, in order
    // (function log id, trace index) -> the traced graph, while its concrete function is kept
    std::map<std::pair<int, int64_t>, std::weak_ptr<FuncGraph>> traceGraphs;
};

namespace {

// How a tf.function's graph runs for this script: PrintV2 writes to the script's streams (from
// whichever executor thread runs it, a line at a time), Stop cancels it, the script's deadline
// and what is left of its step budget hold in its loops (exec::RunLimits; runGraph adds the loop
// steps taken to the script's count), and the tools' hooks see its steps.
exec::RunOptions graphRunOptions(Interpreter& in) {
    EagerState& state = eagerState(in);
    exec::RunOptions options;
    const Limits& limits = in.limits();
    options.cancel = limits.cancel;
    if (limits.cancel || limits.timeoutSeconds > 0 || limits.maxSteps > 0) {
        auto runLimits = std::make_shared<exec::RunLimits>();
        runLimits->cancel = limits.cancel;
        if (limits.timeoutSeconds > 0)
            runLimits->deadline = in.startTime() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(limits.timeoutSeconds)) +
                std::chrono::milliseconds(1); // past the interpreter's own check of the same limit
        if (limits.maxSteps > 0) runLimits->maxSteps = std::max<int64_t>(1, limits.maxSteps - in.steps());
        options.limits = std::move(runLimits);
    }
    options.print = [&in, &state](std::string_view stream, std::string_view text) {
        std::lock_guard lock(state.printMutex);
        in.write(stream.find("stdout") == std::string_view::npos, text);
    };
    options.profile = state.hooks.graphProfile;
    options.stepObserver = state.hooks.graphStep;
    options.memory = state.memory;
    return options;
}

FunctionRegistry& traceStateOf(Interpreter& in) {
    auto& state = eagerState(in);
    if (!state.functions) state.functions = std::make_shared<FunctionRegistry>();
    return *state.functions;
}

struct Concrete {
    std::shared_ptr<FuncGraph> graph;
    std::vector<std::string> argNames;           // the bound parameters of the trace
    std::vector<Value> argValues;                // their values with tensors as the trace's placeholders
    std::shared_ptr<const exec::Executable> exe; // the graph compiled for the executor
    bool optimized = false;                      // exe recompiled from the optimised graph (at the first call)
    int logId = -1;
    Value outputTemplate;           // the Python result with SymbolicTensors where outputs are
    std::vector<int64_t> outputIds; // SymbolicTensor ids in the template -> output index
    std::string signature;
    fn::FunctionType type; // what it was traced for (its parameters' trace types)
    // a tf.data function: it runs inside TF's iterator op, whose errors keep the kernel's message
    bool datasetFunction = false;
};

struct FnState {
    Value pyfunc;               // the Python function (or bound method)
    const void* code = nullptr; // the Python function's code (its FunctionDef): retrace warning key
    std::string functionRepr;   // "<function f at 0x...>"
    int logId = -1;
    fn::DispatchTable table;
    std::vector<fn::FunctionType> types; // per concrete function
    Value inputSignature;                // list of TensorSpecs, or Undef
    size_t live = 0;                     // concrete functions kept (see kMaxLiveConcrete)
    size_t oldestLive = 0;
    Value function; // the Python Function object (for the AutoGraph target)
    std::string name;
    bool autograph = true;
    bool reduceRetracing = false;
    int64_t tracingCount = 0;
    bool initialized = false;     // the first trace (which may create variables) is done
    bool datasetFunction = false; // made by tf.data (fn_mark_dataset)
    std::vector<std::shared_ptr<Concrete>> concretes;
};

FnState& fnState(const Value& v) {
    return *static_cast<FnState*>(v.as<NativeObj>()->payload.get());
}

// ---- placeholders and outputs ----------------------------------------------------------------

// The argument with its tensors replaced by placeholders of `g` (structure kept).
Value withPlaceholders(Interpreter& in, const Value& arg, const std::string& name, FuncGraph& g,
                       const std::shared_ptr<FuncGraph>& gp, const std::vector<PartialShape>& shapes, size_t& next) {
    return mapStructure(in, arg, [&](const Value& v) -> Value {
        PartialShape specShape;
        DType specDtype = DType::Invalid;
        if (tensorSpecOf(in, v, specShape, specDtype)) {
            Value specName = in.getAttr(v, "_name");
            GraphEndpoint ph = g.addPlaceholder(specName.isNone() ? name : in.str(specName), specDtype,
                                                next < shapes.size() ? shapes[next] : specShape);
            ++next;
            g.args.push_back(ph.node);
            return wrapSymbolic(gp, ph);
        }
        if (Value inGraph; datasetMethod(in, v, "_graphlens_in_graph", inGraph)) {
            GraphEndpoint ph = g.addPlaceholder(name, DType::Variant, PartialShape(std::vector<int64_t>{}));
            g.args.push_back(ph.node);
            Value sym = wrapSymbolic(gp, ph);
            return in.call(inGraph, &sym, 1);
        }
        if (isVariable(v)) {
            // A variable argument is a resource input (VariableSpec): reads and assignments in the
            // body go through this placeholder, so another variable of the same spec can be fed.
            const VarData& d = varData(v);
            for (const auto& [k, ep] : g.variableArgs)
                if (k == &d) return v;
            GraphEndpoint ph = g.addPlaceholder(name, DType::Resource, PartialShape(std::vector<int64_t>{}));
            g.args.push_back(ph.node);
            g.variableArgs.emplace_back(&d, ph);
            return v;
        }
        if (isTensor(v) || isSymbolic(v)) {
            Input x = toInput(in, v);
            GraphEndpoint ph = g.addPlaceholder(name, x.dtype(), next < shapes.size() ? shapes[next] : x.shape());
            ++next;
            g.args.push_back(ph.node);
            return wrapSymbolic(gp, ph);
        }
        if (Value tracingType; v.isKind(ObjKind::Instance) && in.getAttrOpt(v, "__tf_tracing_type__", tracingType))
            return in.call(in.getAttr(in.importModule("tensorflow"), "_graphlens_custom_placeholder"), { v });
        return v;
    });
}

// Walks the traced result: every tensor becomes an output through an Identity node; returns the
// template with the Identity's SymbolicTensors.
Value collectOutputs(Interpreter& in, const Value& result, Concrete& c) {
    FuncGraph& g = *c.graph;
    return mapStructure(in, result, [&](const Value& v) -> Value {
        // Python numbers, strings and arrays returned become tensors, as TF converts them.
        const bool convertible = v.isBool() || v.isInt() || v.isFloat() || v.isKind(ObjKind::Str) ||
            v.isKind(ObjKind::Bytes) || v.isKind(ObjKind::BigInt) || isArray(v);
        if (!(isTensor(v) || isSymbolic(v) || isVariable(v) || convertible)) return v;
        Value t = isVariable(v) ? readVariable(in, v) : convertible ? constantValue(toTensor(in, v)) : v;
        Input x = toInput(in, t);
        TraceFrame& f = *currentTraceFrame();
        f.nextName = "Identity";
        Value id = runOp1(in, "Identity", { x }, {});
        const SymRef& s = *tensorData(id).sym;
        g.outputs.push_back({ s.node, s.output });
        c.outputIds.push_back(tensorData(id).id);
        return id;
    });
}

// The template with output tensors replaced by `values` (eager tensors or call-node outputs).
Value fillOutputs(Interpreter& in, const Value& outputTemplate, const Concrete& c, const std::vector<Value>& values) {
    if (isSymbolic(outputTemplate) && c.outputIds.size() == 1) return values[0]; // the common single output
    return mapStructure(in, outputTemplate, [&](const Value& v) -> Value {
        if (!isSymbolic(v)) return v;
        const int64_t id = tensorData(v).id;
        for (size_t i = 0; i < c.outputIds.size(); ++i)
            if (c.outputIds[i] == id) return values[i];
        return v;
    });
}

struct FramePop {
    ~FramePop() { popTraceFrame(); }
};

fn::CallSite callSiteOf(Interpreter& in) {
    fn::CallSite cs;
    for (Frame* f = in.currentFrame(); f; f = f->back) {
        if (!f->source || f->source->filename.empty() || f->source->filename[0] == '<') continue;
        cs.file = f->source->filename;
        cs.line = f->curStmt ? int(f->curStmt->span.line) : 0;
        break;
    }
    return cs;
}

struct TraceRequest {
    fn::FunctionType type; // what the trace is for (relaxed under reduce_retracing)
    fn::RetraceExplanation why;
    int64_t callIndex = -1;
    fn::CallSite callSite;
};

std::shared_ptr<Concrete> trace(Interpreter& in, FnState& st, const Bound& b, const TraceRequest& req) {
    auto start = std::chrono::steady_clock::now();
    auto c = std::make_shared<Concrete>();
    c->datasetFunction = st.datasetFunction;
    c->signature = req.type.signatureText();
    c->type = req.type;
    noteDefaultGraph();
    // named once traced, as TF names it (its uid comes after the graph's ops')
    c->graph = std::make_shared<FuncGraph>("__inference_" + st.name);
    FuncGraph& g = *c->graph;
    TraceFrame f;
    f.graph = c->graph;
    f.firstTensorId = nextTensorId();
    f.autograph = st.autograph;
    f.allowVariables = !st.initialized;
    int created = 0;
    std::vector<PartialShape> shapes;
    for (const auto& p : req.type.parameters()) tensorShapes(p.type, shapes);
    size_t next = 0;
    std::vector<Value> callArgs;
    for (size_t i = 0; i < b.values.size(); ++i)
        callArgs.push_back(withPlaceholders(in, b.values[i], b.names[i], g, c->graph, shapes, next));
    c->argNames = b.names;
    c->argValues = callArgs;
    pushTraceFrame(std::move(f));
    {
        FramePop pop;
        Value target = st.pyfunc;
        if (st.autograph && !st.function.isUndef()) {
            Value conv;
            if (in.getAttrOpt(st.function, "_autograph_target", conv) && !conv.isNone()) target = in.call(conv, {});
        }
        if (target.isKind(ObjKind::BoundMethod)) target = target.as<BoundMethodObj>()->func; // self is callArgs[0]
        Value result;
        try {
            // keyword-only parameters (and **kwargs entries) go by name
            std::vector<Value> positional;
            std::vector<std::pair<std::string, Value>> keywords;
            for (size_t i = 0; i < callArgs.size(); ++i) {
                if (b.kinds[i] == fn::ParamKind::KeywordOnly) keywords.emplace_back(b.names[i], callArgs[i]);
                else positional.push_back(callArgs[i]);
            }
            result = keywords.empty() ? in.call(target, positional.data(), positional.size())
                                      : in.call(target, positional.data(), positional.size(), &keywords);
        } catch (PyError& e) {
            if (st.autograph) reraiseInUserCode(in, e);
            throw;
        }
        c->outputTemplate = collectOutputs(in, result, *c);
        // made after the outputs' Identity nodes, which then wait on it, as TF's
        // AutomaticControlDependencies does on leaving the function
        if (const int32_t noop = addControlNoOp(*currentTraceFrame()); noop >= 0)
            for (const GraphEndpoint& o : g.outputs) g.addControlInput(o.node, noop);
        created = currentTraceFrame()->createdVariables;
        g.setName("__inference_" + st.name + "_" + std::to_string(takeTfUid()));
    }
    // Compiled once for the graph executor, from its FunctionDef library (the form it exports as).
    {
        tensorflow::FunctionDefLibrary lib;
        g.collectLibrary(&lib);
        g.toFunctionDef(lib.add_function());
        graph::FunctionLibrary flib(std::move(lib), graph::OpRegistry::builtin());
        try {
            c->exe = exec::Executable::compileFunction(flib, g.name());
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
    }
    traceStateOf(in).traceGraphs[{ st.logId, st.tracingCount }] = c->graph;
    st.tracingCount++;
    st.concretes.push_back(c);
    const int concreteId = int(st.concretes.size() - 1);
    st.types.push_back(req.type);
    st.table.add(req.type, concreteId);
    // A function that retraces on every call keeps only its most recent concrete functions
    // (TF keeps them all; the graphs of 10^4 retraces would not fit): the oldest is dropped from
    // the table and traced again if its signature comes back.
    if (++st.live > kMaxLiveConcrete) {
        while (!st.concretes[st.oldestLive]) ++st.oldestLive;
        st.table.remove(st.types[st.oldestLive]);
        st.concretes[st.oldestLive].reset();
        st.types[st.oldestLive] = fn::FunctionType();
        --st.live;
    }
    auto& ts = traceStateOf(in);
    ts.tracedCode.insert(st.code);
    fn::TraceEvent ev;
    ev.callIndex = req.callIndex;
    ev.signature = c->signature;
    ev.callSite = req.callSite;
    ev.graphNodes = int64_t(g.countNodes());
    ev.ops = g.opHistogram();
    ev.libraryOps = g.libraryOpHistogram();
    ev.reasons = req.why.reasons;
    ev.summary = req.why.summary;
    ev.suggestion = req.why.suggestion;
    ev.timeMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ev.concrete = ts.log.addConcreteFunction(st.logId, g.name(), c->signature, ev.graphNodes, ev.ops);
    c->logId = ev.concrete;
    ts.log.recordTrace(st.logId, std::move(ev));
    if (!st.initialized) {
        st.initialized = true;
        // The first trace created variables: TF traces again, now without creating any.
        if (created > 0) {
            TraceRequest again = req;
            again.why.reasons = { fn::RetraceReason{ fn::RetraceKind::VariablesCreated, "",
                                                     "the first trace created variables" } };
            again.why.summary = "the first trace created variables; traced again without creating them";
            again.why.suggestion.clear();
            return trace(in, st, b, again);
        }
    }
    return c;
}

// TF runs grappler on a function when it instantiates it for its first call, so GraphLens
// optimises the traced library (core/passes, the default passes in grappler's order) there too,
// and recompiles. The trace keeps the unoptimised graph (what export and the views show); when a
// pass or the compile fails, the function runs unoptimised as traced.
void optimizeConcrete(Interpreter& in, Concrete& c) {
    c.optimized = true;
    if (!eagerState(in).optimizeFunctions) return;
    tensorflow::FunctionDefLibrary lib;
    c.graph->collectLibrary(&lib);
    c.graph->toFunctionDef(lib.add_function());
    if (!passes::optimizeLibrary(lib)) return;
    try {
        graph::FunctionLibrary flib(std::move(lib), graph::OpRegistry::builtin());
        c.exe = exec::Executable::compileFunction(flib, c.graph->name());
    } catch (const std::exception&) { }
}

} // namespace

ops::AttrMap callAttrs(const std::vector<DType>& tin, const FuncGraph& callee) {
    std::vector<DType> tout;
    for (const auto& e : callee.outputs) tout.push_back(callee.dtype(e));
    return ops::AttrMap{ { "Tin", tin },
                         { "Tout", tout },
                         { "f", ops::FuncAttr{ callee.name() } },
                         { "config", std::string() },
                         { "config_proto", std::string() },
                         { "executor_type", std::string() } };
}

std::vector<PartialShape> outputShapes(const FuncGraph& g) {
    std::vector<PartialShape> shapes;
    for (const auto& e : g.outputs) shapes.push_back(g.shape(e));
    return shapes;
}

std::vector<Value> addCallNode(Interpreter& in, const std::shared_ptr<const FuncGraph>& callee,
                               const std::vector<Input>& ins, bool stateful) {
    TraceFrame* f = currentTraceFrame();
    std::vector<DType> tin;
    for (const auto& x : ins) tin.push_back(x.dtype());
    f->graph->library[callee->name()] = callee;
    const char* op = stateful ? "StatefulPartitionedCall" : "PartitionedCall";
    f->nextName = op;
    std::vector<Value> outs = runOpInGraph(in, op, ins, callAttrs(tin, *callee), std::nullopt);
    // The call's outputs have the callee's output shapes.
    f->graph->setOutputShapes(int32_t(f->graph->nodes().size() - 1), outputShapes(*callee));
    return outs;
}

namespace {

Value callConcrete(Interpreter& in, Concrete& c, const std::vector<Value>& leaves) {
    if (tracing()) {
        // A nested call while tracing: a call node in the caller's graph.
        std::vector<Input> ins;
        for (const auto& v : leaves) ins.push_back(isVariable(v) ? variableHandleInput(v) : toInput(in, v));
        // The callee's captured values are captures of the caller too, each its own.
        for (const auto& cap : c.graph->captures) ins.push_back(calleeCaptureInput(*c.graph, cap));
        const std::vector<Value> outs = addCallNode(in, c.graph, ins, c.graph->isStateful());
        return fillOutputs(in, c.outputTemplate, c, outs);
    }
    std::vector<Tensor> feeds;
    feeds.reserve(leaves.size() + c.graph->captures.size());
    for (const auto& v : leaves) feeds.push_back(isVariable(v) ? varData(v).handle : tensorData(v).t);
    for (const auto& cap : c.graph->captures) feeds.push_back(cap.value);
    if (!c.optimized) optimizeConcrete(in, c);
    std::vector<Tensor> outs;
    const exec::RunOptions options = graphRunOptions(in);
    // The graph's loop steps count as the script's (a passed budget then ends it as its own would).
    auto countSteps = [&] {
        if (options.limits) in.addSteps(options.limits->steps());
    };
    try {
        outs = c.exe->run(feeds, options);
    } catch (const tensor::OpError& e) {
        countSteps();
        // as TF's eager call of a function: the op is the function ("[Op:__inference_f_33]")
        // A tf.data function runs inside TF's iterator op, whose errors keep the kernel's message;
        // a function called eagerly frames it.
        const std::string message =
            c.datasetFunction ? std::string(e.what()) : graphExecutionMessage(in, *c.graph, e.what());
        raiseOpError(in, tensor::OpError(e.code(), message + " [Op:" + c.graph->name() + "]"), std::nullopt);
    } catch (const Cancelled&) {
        throwCancelled(); // as the interpreter's own check
    } catch (const LimitExceeded& e) {
        // The interpreter's own error for the same limit (TimeoutError, its message and traceback).
        countSteps();
        in.checkLimits();
        throwCancelled(); // not reached: the limit that stopped the graph has passed for the script too
    }
    countSteps();
    std::vector<Value> vals;
    vals.reserve(outs.size());
    for (auto& t : outs) vals.push_back(wrapTensor(std::move(t)));
    return fillOutputs(in, c.outputTemplate, c, vals);
}

std::vector<std::pair<std::string, Value>> kwargsOf(Interpreter& in, CallArgs& a, size_t i) {
    std::vector<std::pair<std::string, Value>> kwargs;
    if (a.n > i && a[i].isKind(ObjKind::Dict))
        a[i].as<DictObj>()->forEach([&](const Value& k, const Value& v) { kwargs.emplace_back(in.str(k), v); });
    return kwargs;
}

// With an input_signature, arguments bind to its TensorSpecs (Python values converted to the
// spec's dtype); the FunctionType is the signature's. Raises TF's TypeError when they do not fit.
fn::FunctionType bindToSignature(Interpreter& in, FnState& st, Bound& b, const std::vector<Value>& args,
                                 const std::vector<std::pair<std::string, Value>>& kwargs) {
    std::vector<Value> specs = in.toVector(st.inputSignature);
    Bound sig;
    size_t firstSpec = 0;
    // `self` of a method is not in the signature.
    if (b.values.size() == specs.size() + 1 && !b.names.empty() && b.names[0] == "self") firstSpec = 1;
    auto fail = [&](const std::string& cause) {
        std::string ar = "(";
        for (size_t i = 0; i < args.size(); ++i) ar += (i ? ", " : "") + in.repr(args[i]);
        ar += args.size() == 1 ? ",)" : ")";
        std::string kw = "{";
        for (size_t i = 0; i < kwargs.size(); ++i)
            kw += (i ? ", '" : "'") + kwargs[i].first + "': " + in.repr(kwargs[i].second);
        kw += "}";
        Bound sb;
        for (size_t i = 0; i < specs.size(); ++i)
            sb.add(i + firstSpec < b.names.size() ? b.names[i + firstSpec] : "args_" + std::to_string(i), specs[i],
                   fn::ParamKind::PositionalOrKeyword);
        raise(types().TypeError, fn::bindingErrorText(cause, ar, kw, functionTypeOf(in, sb)));
    };
    if (b.values.size() - firstSpec != specs.size()) fail("too many positional arguments");
    for (size_t i = 0; i < firstSpec; ++i) sig.add(b.names[i], b.values[i], b.kinds[i]);
    Bound converted = sig;
    // The value bound to `spec`: a tensor of the spec's dtype and a compatible shape, or, for a
    // nested spec (a list / tuple / namedtuple / dict of specs), the same structure of those.
    std::function<Value(const Value&, const Value&)> bindSpec = [&](const Value& spec, const Value& v) -> Value {
        PartialShape shape;
        DType dtype = DType::Invalid;
        if (!tensorSpecOf(in, spec, shape, dtype)) {
            if (spec.isKind(ObjKind::Dict)) {
                if (!v.isKind(ObjKind::Dict) || in.len(v) != in.len(spec))
                    fail("Can not cast " + in.repr(v) + " to " + in.repr(spec));
                Value out = newDict();
                spec.as<DictObj>()->forEach([&](const Value& k, const Value& sub) {
                    Value* x = v.as<DictObj>()->find(k);
                    if (!x) fail("Can not cast " + in.repr(v) + " to " + in.repr(spec));
                    in.setItem(out, k, bindSpec(sub, *x));
                });
                return out;
            }
            if (!spec.isKind(ObjKind::List) && !spec.isKind(ObjKind::Tuple)) return v;
            if (!(v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) || in.len(v) != in.len(spec))
                fail("Can not cast " + in.repr(v) + " to " + in.repr(spec));
            std::vector<Value> specItems = in.toVector(spec), items = in.toVector(v), out;
            for (size_t j = 0; j < specItems.size(); ++j) out.push_back(bindSpec(specItems[j], items[j]));
            if (ClassObj* nt = namedTupleClass(spec)) return makeNamedTuple(nt, std::move(out));
            return spec.isKind(ObjKind::List) ? newList(std::move(out)) : newTuple(std::move(out));
        }
        PartialShape vShape;
        DType vDtype = DType::Invalid;
        if (tensorSpecOf(in, v, vShape, vDtype)) {
            if (vDtype != dtype ||
                !fn::TraceType::tensor(vShape, vDtype).isSubtypeOf(fn::TraceType::tensor(shape, dtype)))
                fail("Can not cast " + fn::TraceType::tensor(vShape, vDtype).str() + " to " +
                     fn::TraceType::tensor(shape, dtype).str());
            return spec;
        }
        Value t;
        try {
            t = isTensor(v) || isSymbolic(v) ? v : wrapTensor(toTensor(in, v, dtype));
        } catch (PyError&) {
            fail("Can not cast " + in.repr(v) + " to " + in.repr(spec));
        }
        Input x = toInput(in, t);
        if (x.dtype() != dtype ||
            !fn::TraceType::tensor(x.shape(), x.dtype()).isSubtypeOf(fn::TraceType::tensor(shape, dtype))) {
            fail("Can not cast " + fn::TraceType::tensor(x.shape(), x.dtype()).str() + " to " +
                 fn::TraceType::tensor(shape, dtype).str());
        }
        return t;
    };
    for (size_t i = 0; i < specs.size(); ++i) {
        const size_t k = i + firstSpec;
        converted.add(b.names[k], bindSpec(specs[i], b.values[k]), b.kinds[k]);
        sig.add(b.names[k], specs[i], b.kinds[k]);
    }
    b = std::move(converted);
    return functionTypeOf(in, sig);
}

// The concrete function for a call (tracing when none fits) and the call's tensor leaves.
std::shared_ptr<Concrete> resolve(Interpreter& in, FnState& st, Bound& b, const std::vector<Value>& args,
                                  const std::vector<std::pair<std::string, Value>>& kwargs, bool explicitRequest,
                                  std::vector<Value>& leaves) {
    auto& ts = traceStateOf(in);
    fn::FunctionType type =
        st.inputSignature.isUndef() ? functionTypeOf(in, b) : bindToSignature(in, st, b, args, kwargs);
    for (const auto& v : b.values) collectLeaves(in, v, leaves);
    const bool nested = tracing();
    int id = st.table.lookup(type);
    if (id >= 0) {
        auto c = st.concretes[size_t(id)];
        if (!explicitRequest) {
            ts.log.recordCall(st.logId, c->logId);
            if (!nested) ts.detectors.calledWithoutTracing(reinterpret_cast<uintptr_t>(st.code));
        }
        return c;
    }
    TraceRequest req;
    fn::RetraceContext ctx;
    ctx.reduceRetracing = st.reduceRetracing;
    ctx.hasInputSignature = !st.inputSignature.isUndef();
    ctx.explicitRequest = explicitRequest;
    ctx.newFunctionObject = st.table.empty() && ts.tracedCode.count(st.code) > 0;
    req.why = fn::explainRetrace(st.table, type, ctx);
    req.type = type;
    if (st.reduceRetracing && st.inputSignature.isUndef())
        if (auto g = st.table.generalize(type)) req.type = std::move(*g);
    req.callSite = callSiteOf(in);
    req.callIndex = explicitRequest ? -1 : ts.log.recordCall(st.logId, -1);
    auto c = trace(in, st, b, req);
    if (explicitRequest) return c;
    if (auto* rec = ts.log.function(st.logId).concrete(c->logId)) rec->calls++;
    if (!nested) {
        if (auto w = ts.detectors.calledWithTracing(reinterpret_cast<uintptr_t>(st.code), st.functionRepr)) {
            in.write(true, "WARNING:tensorflow:" + *w + "\n");
            ts.log.recordWarning(st.logId, req.callIndex, *w);
        }
    }
    return c;
}

Value callFunction(Interpreter& in, FnState& st, std::vector<Value> args,
                   std::vector<std::pair<std::string, Value>> kwargs);

Value fnCall(Interpreter& in, CallArgs& a) {
    // fn_call(state, args_tuple, kwargs_dict)
    return callFunction(in, fnState(a[0]), in.toVector(a[1]), kwargsOf(in, a, 2));
}

// Function.__call__(self, *args, **kwargs): self's `_state` (and `_instance` for a method).
Value fnCallMethod(Interpreter& in, CallArgs& a) {
    auto* d = a[0].as<InstanceObj>()->d();
    Value* state = d->findStr("_state");
    if (!state) raise(types().TypeError, "tf.function object is not initialised");
    std::vector<Value> args;
    args.reserve(a.n);
    if (Value* inst = d->findStr("_instance"); inst && !inst->isNone()) args.push_back(*inst);
    for (size_t i = 1; i < a.n; ++i) args.push_back(a[i]);
    std::vector<std::pair<std::string, Value>> kwargs;
    if (a.kw) kwargs = *a.kw;
    return callFunction(in, fnState(*state), std::move(args), std::move(kwargs));
}

Value callFunction(Interpreter& in, FnState& st, std::vector<Value> args,
                   std::vector<std::pair<std::string, Value>> kwargs) {
    if (eagerState(in).runFunctionsEagerly) {
        traceStateOf(in).log.recordCall(st.logId, -1);
        return in.call(st.pyfunc, args.data(), args.size(), kwargs.empty() ? nullptr : &kwargs);
    }
    // numpy arrays are passed as tensors (their trace type is a TensorSpec).
    for (auto& v : args)
        if (isArray(v)) v = wrapTensor(arrayData(v).t);
    for (auto& [k, v] : kwargs)
        if (isArray(v)) v = wrapTensor(arrayData(v).t);
    Bound b = bindArguments(st.pyfunc, args, kwargs);
    std::vector<Value> leaves;
    auto c = resolve(in, st, b, args, kwargs, false, leaves);
    // Under an active gradient tape the call runs op by op so the tape records it (TF records
    // the call with its backward function; the values are the same).
    if (!tracing() && anyTapeActive()) {
        const std::vector<size_t> before = tapeRecordCounts();
        Value result = in.call(st.pyfunc, args.data(), args.size(), kwargs.empty() ? nullptr : &kwargs);
        std::vector<VarData*> captured;
        for (const auto& cap : c->graph->captures)
            if (cap.key && !cap.outer && cap.value.dtype() == DType::Resource)
                captured.push_back(static_cast<VarData*>(const_cast<void*>(cap.key)));
        if (!captured.empty()) {
            std::vector<Value> outputs;
            collectLeaves(in, result, outputs);
            tapeLinkUnreadVariables(before, captured, outputs);
        }
        return result;
    }
    return callConcrete(in, *c, leaves);
}

// A concrete function as Python sees it: the state of its tf.function and its index there.
struct ConcreteHandle {
    std::shared_ptr<FnState> fn;
    std::shared_ptr<Concrete> c;
};
ConcreteHandle& concreteOf(const Value& v) {
    return *static_cast<ConcreteHandle*>(v.as<NativeObj>()->payload.get());
}

Value fnConcrete(Interpreter& in, CallArgs& a) {
    // fn_concrete(state_obj, args, kwargs) -> handle
    auto stp = std::static_pointer_cast<FnState>(a[0].as<NativeObj>()->payload);
    FnState& st = *stp;
    std::vector<Value> args = in.toVector(a[1]);
    auto kwargs = kwargsOf(in, a, 2);
    if (args.empty() && kwargs.empty() && !st.inputSignature.isUndef() && !st.pyfunc.isKind(ObjKind::BoundMethod))
        args = in.toVector(st.inputSignature);
    Bound b = bindArguments(st.pyfunc, args, kwargs);
    std::vector<Value> leaves;
    auto h = std::make_shared<ConcreteHandle>();
    h->fn = stp;
    h->c = resolve(in, st, b, args, kwargs, true, leaves);
    return Value::adopt(new NativeObj(classes().functionState, h));
}

Value concreteCall(Interpreter& in, CallArgs& a) {
    // concrete_call(handle, args, kwargs)
    ConcreteHandle& h = concreteOf(a[0]);
    std::vector<Value> args = in.toVector(a[1]);
    auto kwargs = kwargsOf(in, a, 2);
    // The trace's parameters, with the ones given replaced: positional in order, then keywords
    // (Python values of the trace are part of the function and may be left out).
    std::vector<Value> values = h.c->argValues;
    // A traced parameter fed at each call (a tensor, a variable, a structure of them) rather than
    // a Python value of the trace, which is part of the function: another one cannot be bound.
    auto tensorLike = [&](const Value& traced) {
        return isSymbolic(traced) || isVariable(traced) || traced.isKind(ObjKind::List) ||
            traced.isKind(ObjKind::Tuple) || traced.isKind(ObjKind::Dict);
    };
    auto bindValue = [&](size_t i, const Value& v) {
        const Value& traced = h.c->argValues[i];
        if (!tensorLike(traced) && !in.eq(traced, v))
            raise(types().TypeError,
                  "Binding inputs to tf.function failed due to `Can not cast " + in.repr(v) + " to Literal[" +
                      in.repr(traced) + "]`. Received " + std::to_string(args.size()) + " positional and " +
                      std::to_string(kwargs.size()) + " keyword arguments for signature: " + h.c->signature + ".");
        values[i] = v;
    };
    size_t tensorParams = 0;
    for (const auto& v : h.c->argValues) tensorParams += tensorLike(v) ? 1 : 0;
    if (args.size() + kwargs.size() < values.size() && kwargs.empty() && args.size() == tensorParams) {
        // TF's fallback to the flat signature: the tensors alone, the trace's Python values kept
        // (cf(x) of a trace of f(model, x))
        size_t next = 0;
        for (size_t i = 0; i < values.size() && next < args.size(); ++i)
            if (tensorLike(h.c->argValues[i])) bindValue(i, args[next++]);
    } else {
        for (size_t i = 0; i < args.size() && i < values.size(); ++i) bindValue(i, args[i]);
        if (args.size() + kwargs.size() < values.size() && args.size() <= values.size()) {
            // a concrete function's parameters have no defaults: each is given or none is
            std::vector<bool> given(values.size(), false);
            for (size_t i = 0; i < args.size(); ++i) given[i] = true;
            for (const auto& [k, v] : kwargs) {
                auto it = std::find(h.c->argNames.begin(), h.c->argNames.end(), k);
                if (it != h.c->argNames.end()) given[size_t(it - h.c->argNames.begin())] = true;
            }
            for (size_t i = 0; i < given.size(); ++i)
                if (!given[i])
                    raise(types().TypeError,
                          "Binding inputs to tf.function failed due to `missing a required argument: '" +
                              h.c->argNames[i] + "'`. Received " + std::to_string(args.size()) + " positional and " +
                              std::to_string(kwargs.size()) + " keyword arguments for signature: " + h.c->signature +
                              ".");
        }
    }
    if (args.size() > values.size())
        raise(types().TypeError,
              h.c->graph->name() + "() takes " + std::to_string(values.size()) + " positional arguments but " +
                  std::to_string(args.size()) + " were given");
    for (const auto& [k, v] : kwargs) {
        auto it = std::find(h.c->argNames.begin(), h.c->argNames.end(), k);
        if (it == h.c->argNames.end())
            raise(types().TypeError, h.c->graph->name() + "() got an unexpected keyword argument '" + k + "'");
        bindValue(size_t(it - h.c->argNames.begin()), v);
    }
    std::vector<Value> leaves;
    for (const auto& v : values) collectLeaves(in, v, leaves);
    for (const auto& v : leaves)
        if (isSymbolic(v) && tensorData(v).sym->graph == h.c->graph)
            raise(types().TypeError, h.c->graph->name() + "() missing a tensor argument");
    const FuncGraph& g = *h.c->graph;
    if (leaves.size() != g.args.size())
        raise(types().TypeError,
              h.c->graph->name() + "(...) takes " + std::to_string(g.args.size()) + " tensor arguments, got " +
                  std::to_string(leaves.size()));
    // As TF: binding checks only the structure and the Python values; the call op then checks
    // each tensor's dtype (InvalidArgumentError) and, like TF's runtime, not its shape.
    for (size_t i = 0; i < leaves.size(); ++i) {
        if (isVariable(leaves[i])) continue;
        Input x = toInput(in, leaves[i]);
        const GraphNode& ph = g.node(g.args[i]);
        if (x.dtype() != ph.outTypes[0])
            raiseOpError(in,
                         tensor::InvalidArgumentError(
                             "cannot compute " + g.name() + " as input #" + std::to_string(i) +
                             "(zero-based) was expected to be a " + std::string(tensor::dtypeCppName(ph.outTypes[0])) +
                             " tensor but is a " + std::string(tensor::dtypeCppName(x.dtype())) +
                             " tensor [Op:" + g.name() + "]"),
                         std::nullopt);
    }
    traceStateOf(in).log.recordCall(h.fn->logId, h.c->logId);
    return callConcrete(in, *h.c, leaves);
}

Value nodeList(const FuncGraph& g, bool withPlaceholders) {
    std::vector<Value> nodes;
    for (const auto& n : g.nodes()) {
        if (!withPlaceholders && n.op == "Placeholder") continue;
        std::vector<Value> ins;
        for (const auto& e : n.inputs)
            ins.push_back(
                newStr(e.output == 0 ? g.node(e.node).name : g.node(e.node).name + ":" + std::to_string(e.output)));
        for (int32_t c : n.controlInputs) ins.push_back(newStr("^" + g.node(c).name));
        nodes.push_back(newTuple({ newStr(n.name), newStr(n.op), newList(std::move(ins)) }));
    }
    return newList(std::move(nodes));
}

Value concreteGraph(Interpreter&, CallArgs& a) {
    // concrete_graph(handle) -> (name, nodes, [(fname, nodes)], signature, n_args)
    ConcreteHandle& h = concreteOf(a[0]);
    const FuncGraph& g = *h.c->graph;
    std::vector<Value> lib;
    for (const auto& [name, f] : g.allLibraryFunctions())
        lib.push_back(newTuple({ newStr(name), nodeList(*f, false) }));
    return newTuple({ newStr(g.name()), nodeList(g, true), newList(std::move(lib)), newStr(h.c->signature),
                      Value::integer(int64_t(g.args.size())) });
}

// concrete_graph_text(handle[, node_name]): str() of the graph's GraphDef, as TF's
// print(graph.as_graph_def()), or of one of its NodeDefs.
Value concreteGraphText(Interpreter& in, CallArgs& a) {
    tensorflow::GraphDef gd;
    concreteOf(a[0]).c->graph->toGraphDef(&gd);
    if (a.n > 1) {
        const std::string name = in.str(a[1]);
        for (const auto& n : gd.node())
            if (n.name() == name) return newStr(graph::io::pythonTextFormat(n));
        raise(types().KeyError, name);
    }
    return newStr(graph::io::pythonTextFormat(gd));
}

} // namespace

void fillFunctionCore(Interpreter& interp, DictObj* d) {
    (void)interp;
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };
    // fn_new(pyfunc, name, autograph, reduce_retracing, function_object)
    def("fn_new", [](Interpreter& in, CallArgs& a) -> Value {
        auto st = std::make_shared<FnState>();
        st->pyfunc = a[0];
        st->name = in.str(a[1]);
        st->autograph = in.truthy(a[2]);
        st->reduceRetracing = in.truthy(a[3]);
        st->function = a.n > 4 ? a[4] : Value();
        Value f = st->pyfunc.isKind(ObjKind::BoundMethod) ? st->pyfunc.as<BoundMethodObj>()->func : st->pyfunc;
        std::string qualname = st->name, file;
        int line = 0;
        if (f.isKind(ObjKind::Func)) {
            auto* fo = f.as<FuncObj>();
            st->code = fo->def;
            qualname = fo->qualname;
            if (fo->source) file = fo->source->filename;
            if (fo->def) line = int(fo->def->span.line);
        } else {
            st->code = f.isObj() ? static_cast<const void*>(f.obj()) : nullptr;
        }
        st->functionRepr = in.repr(f);
        st->logId = traceStateOf(in).log.addFunction(st->name, qualname, file, line);
        traceStateOf(in).functions.push_back(st);
        return Value::adopt(new NativeObj(classes().functionState, st));
    });
    // fn_mark_dataset(state): the function is tf.data's (its errors are framed as TF's iterator's)
    def("fn_mark_dataset", [](Interpreter&, CallArgs& a) -> Value {
        fnState(a[0]).datasetFunction = true;
        return Value::none();
    });
    def("fn_call", fnCall);
    d->setStr("fn_call_method", newBuiltin("__call__", fnCallMethod, true));
    // AutoGraph (core/function): the ag__ module, converted functions, to_code.
    def("autograph_module", [](Interpreter& in, CallArgs&) -> Value { return fn::autographModule(in); });
    def("autograph_convert", [](Interpreter& in, CallArgs& a) -> Value { return fn::convertedFunction(in, a[0]); });
    def("autograph_to_code", [](Interpreter& in, CallArgs& a) -> Value {
        fn::ConvertedCode c = fn::toCode(in, a[0]);
        return newStr(c.code);
    });
    // sym_producer(t) -> (op type, [input tensors]) of a symbolic tensor's node in the current graph.
    def("sym_producer", [](Interpreter&, CallArgs& a) -> Value {
        const SymRef& s = *tensorData(a[0]).sym;
        const GraphNode& n = s.graph->node(s.node);
        std::vector<Value> ins;
        for (const auto& e : n.inputs) ins.push_back(wrapSymbolic(s.graph, e));
        return newTuple({ newStr(n.op), newList(std::move(ins)) });
    });
    def("fn_concrete", fnConcrete);
    def("concrete_call", concreteCall);
    def("concrete_graph", concreteGraph);
    def("concrete_graph_text", concreteGraphText);
    // concrete_op_attr(handle, node_name, attr): Operation.get_attr of a node of the trace's graph
    // (strings as bytes, dtypes as tf.DType, shapes as lists; None for a dim TF leaves unknown)
    def("concrete_op_attr", [](Interpreter& in, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        const std::string node = in.str(a[1]), attr = in.str(a[2]);
        for (const GraphNode& n : h.c->graph->nodes()) {
            if (n.name != node) continue;
            const ops::AttrValue* v = n.attrs.find(attr);
            if (!v) raise(types().ValueError, "Operation '" + node + "' has no attr named '" + attr + "'.");
            auto shape = [](const PartialShape& s) -> Value {
                if (!s.hasRank()) return Value::none();
                std::vector<Value> dims;
                for (int64_t dim : s.dims()) dims.push_back(dim < 0 ? Value::none() : Value::integer(dim));
                return newList(std::move(dims));
            };
            return std::visit(
                [&](const auto& x) -> Value {
                    using X = std::decay_t<decltype(x)>;
                    if constexpr (std::is_same_v<X, int64_t>) return Value::integer(x);
                    else if constexpr (std::is_same_v<X, float>) return Value::flt(double(x));
                    else if constexpr (std::is_same_v<X, bool>) return Value::boolean(x);
                    else if constexpr (std::is_same_v<X, std::string>) return Value::adopt(new BytesObj(x));
                    else if constexpr (std::is_same_v<X, DType>) return tfDtypeValue(x);
                    else if constexpr (std::is_same_v<X, PartialShape>) return shape(x);
                    else if constexpr (std::is_same_v<X, std::vector<int64_t>>) {
                        std::vector<Value> o;
                        for (int64_t e : x) o.push_back(Value::integer(e));
                        return newList(std::move(o));
                    } else if constexpr (std::is_same_v<X, std::vector<float>>) {
                        std::vector<Value> o;
                        for (float e : x) o.push_back(Value::flt(double(e)));
                        return newList(std::move(o));
                    } else if constexpr (std::is_same_v<X, std::vector<bool>>) {
                        std::vector<Value> o;
                        for (bool e : x) o.push_back(Value::boolean(e));
                        return newList(std::move(o));
                    } else if constexpr (std::is_same_v<X, std::vector<std::string>>) {
                        std::vector<Value> o;
                        for (const auto& e : x) o.push_back(Value::adopt(new BytesObj(e)));
                        return newList(std::move(o));
                    } else if constexpr (std::is_same_v<X, std::vector<DType>>) {
                        std::vector<Value> o;
                        for (DType e : x) o.push_back(tfDtypeValue(e));
                        return newList(std::move(o));
                    } else if constexpr (std::is_same_v<X, std::vector<PartialShape>>) {
                        std::vector<Value> o;
                        for (const auto& e : x) o.push_back(shape(e));
                        return newList(std::move(o));
                    } else {
                        raise(types().NotImplementedError,
                              "Operation.get_attr('" + attr +
                                  "'): tensor and function attrs are not supported by GraphLens");
                    }
                },
                *v);
        }
        raise(types().KeyError, "The name '" + node + "' refers to an Operation not in the graph.");
    });
    // concrete_op_tensors(handle, node_name) -> (inputs, outputs) of a node of the trace's graph,
    // as graph tensors (Operation.inputs / .outputs).
    def("concrete_op_tensors", [](Interpreter& in, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        const auto& g = h.c->graph;
        const std::string name = in.str(a[1]);
        for (size_t i = 0; i < g->nodes().size(); ++i) {
            const GraphNode& n = g->nodes()[i];
            if (n.name != name) continue;
            std::vector<Value> ins, outs;
            for (const auto& e : n.inputs) ins.push_back(wrapSymbolic(g, e));
            for (size_t k = 0; k < n.outTypes.size(); ++k) outs.push_back(wrapSymbolic(g, { int32_t(i), int32_t(k) }));
            return newTuple({ newList(std::move(ins)), newList(std::move(outs)) });
        }
        raise(types().KeyError, "The name '" + name + "' refers to an Operation not in the graph.");
    });
    // concrete_args(handle) -> (names, values): the trace's parameters, tensors as SymbolicTensors.
    def("concrete_args", [](Interpreter&, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        std::vector<Value> names;
        for (const auto& n : h.c->argNames) names.push_back(newStr(n));
        return newTuple({ newList(std::move(names)), newList(h.c->argValues) });
    });
    // concrete_outputs(handle) -> (outputs, structured_outputs, inputs) as graph tensors.
    def("concrete_outputs", [](Interpreter&, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        const auto& g = h.c->graph;
        std::vector<Value> outs, ins;
        for (const auto& e : g->outputs) outs.push_back(wrapSymbolic(g, e));
        for (int32_t id : g->args) ins.push_back(wrapSymbolic(g, { id, 0 }));
        for (const auto& c : g->captures) ins.push_back(wrapSymbolic(g, c.placeholder));
        return newTuple({ newList(std::move(outs)), h.c->outputTemplate, newList(std::move(ins)) });
    });
    // concrete_capture_variables(handle, [tf.Variable]) -> per capture, the index of the variable
    // it is (a resource handle of one of them), or -1 (a captured tensor, or another resource)
    def("concrete_capture_variables", [](Interpreter& in, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        std::vector<Value> vars = in.toVector(a[1]);
        std::vector<Value> out;
        for (const auto& c : h.c->graph->captures) {
            int64_t found = -1;
            if (c.value.dtype() == DType::Resource) {
                auto res = ops::resourceManager(tensor::cpuDevice())
                               .lookupAs<ops::VarResource>(ops::handleFromTensor(c.value));
                for (size_t i = 0; res && i < vars.size() && found < 0; ++i)
                    if (isVariable(vars[i]) && varData(vars[i]).res.get() == res.get()) found = int64_t(i);
            }
            out.push_back(Value::integer(found));
        }
        return newList(std::move(out));
    });
    // concrete_gradient_op_types(handle) -> the _gradient_op_type attrs (tf.custom_gradient steps) of
    // the function's nodes and its library's, sorted
    def("concrete_gradient_op_types", [](Interpreter&, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        std::set<std::string> types;
        auto scan = [&](const FuncGraph& g) {
            for (const auto& n : g.nodes())
                if (const auto* v = n.attrs.find("_gradient_op_type"))
                    if (const auto* s = std::get_if<std::string>(v)) types.insert(*s);
        };
        scan(*h.c->graph);
        for (const auto& [name, f] : h.c->graph->allLibraryFunctions()) scan(*f);
        std::vector<Value> out;
        for (const auto& t : types) out.push_back(newStr(t));
        return newList(std::move(out));
    });
    def("concrete_captures", [](Interpreter&, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        std::vector<Value> out;
        for (const auto& c : h.c->graph->captures) out.push_back(wrapTensor(c.value));
        return newList(std::move(out));
    });
    // saved_model_build([(key, concrete handle, input names, output names)], [tf.Variable])
    //   -> (saved_model.pb, fingerprint.pb, variables.index, variables.data) as bytes.
    // Variables the functions capture are named by the given list (Keras path, else name), others
    // variable_N; one VarHandleOp each, however many signatures read it.
    def("saved_model_build", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<Value> entries = in.toVector(a[0]), known = in.toVector(a[1]);
        std::vector<std::shared_ptr<Concrete>> keep;
        std::vector<SavedModelFunction> functions;
        std::vector<SavedModelVariable> variables;
        std::vector<const ops::VarResource*> resources;
        std::set<std::string> taken;
        auto uniqueName = [&](std::string name) {
            for (char& ch : name)
                if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == '/' || ch == '-'))
                    ch = '_';
            if (name.empty() || name[0] == '_' || name[0] == '/' || name[0] == '-') name = "v" + name;
            std::string candidate = name;
            for (int k = 1; taken.count(candidate); ++k) candidate = name + "_" + std::to_string(k);
            taken.insert(candidate);
            return candidate;
        };
        for (const Value& e : entries) {
            std::vector<Value> parts = in.toVector(e);
            if (parts.size() != 4) raise(types().TypeError, "saved_model_build: bad entry");
            ConcreteHandle& h = concreteOf(parts[1]);
            keep.push_back(h.c);
            const FuncGraph& g = *h.c->graph;
            SavedModelFunction fn;
            fn.key = in.str(parts[0]);
            fn.graph = &g;
            for (const Value& n : in.toVector(parts[2])) fn.inputNames.push_back(in.str(n));
            for (const Value& n : in.toVector(parts[3])) fn.outputNames.push_back(in.str(n));
            for (const auto& cap : g.captures) {
                if (g.dtype(cap.placeholder) != DType::Resource) {
                    fn.captureVariables.push_back(-1);
                    continue;
                }
                auto var = ops::resourceManager(tensor::cpuDevice())
                               .lookupAs<ops::VarResource>(ops::handleFromTensor(cap.value));
                if (!var) raise(types().ValueError, "a variable captured by " + g.name() + " no longer exists");
                auto at = std::find(resources.begin(), resources.end(), var.get());
                if (at == resources.end()) {
                    std::string name;
                    for (const Value& kv : known) {
                        if (!isVariable(kv)) continue;
                        const VarData& vd = varData(kv);
                        if (vd.res.get() != var.get()) continue;
                        name = !vd.kerasPath.empty() ? vd.kerasPath : vd.name.substr(0, vd.name.rfind(':'));
                        break;
                    }
                    if (name.empty()) name = "variable_" + std::to_string(resources.size());
                    resources.push_back(var.get());
                    variables.push_back({ uniqueName(name), var->value });
                    at = resources.end() - 1;
                }
                fn.captureVariables.push_back(int(at - resources.begin()));
            }
            functions.push_back(std::move(fn));
        }
        // saved_model_build(..., object graph bytes, [concrete handles], [(const name, tensor)],
        //   [(op type, gradient function)]): a tf.Module's TF2 object graph as well
        std::optional<SavedModelObjects> objects;
        if (a.n > 2 && !a[2].isNone()) {
            objects.emplace();
            if (!a[2].isKind(ObjKind::Bytes)) raise(types().TypeError, "saved_model_build: the object graph is bytes");
            objects->objectGraph = a[2].as<BytesObj>()->s;
            if (a.n > 3)
                for (const Value& hv : in.toVector(a[3])) {
                    ConcreteHandle& h = concreteOf(hv);
                    keep.push_back(h.c);
                    objects->functions.push_back(h.c->graph.get());
                }
            if (a.n > 4)
                for (const Value& cv : in.toVector(a[4])) {
                    std::vector<Value> c = in.toVector(cv);
                    objects->constants.emplace_back(in.str(c.at(0)), toTensor(in, c.at(1)));
                }
            if (a.n > 5)
                for (const Value& gv : in.toVector(a[5])) {
                    std::vector<Value> g = in.toVector(gv);
                    objects->gradients.emplace_back(in.str(g.at(0)), in.str(g.at(1)));
                }
        }
        SavedModelFiles files;
        if (std::string err = buildSavedModel(functions, variables, files, objects ? &*objects : nullptr); !err.empty())
            raise(types().ValueError, err);
        auto bytes = [](std::string b) { return Value::adopt(new BytesObj(std::move(b))); };
        return newTuple({ bytes(std::move(files.savedModel)), bytes(std::move(files.fingerprint)),
                          bytes(std::move(files.variablesIndex)), bytes(std::move(files.variablesData)) });
    });
    def("func_defaults_count", [](Interpreter&, CallArgs& a) -> Value {
        Value f = a[0].isKind(ObjKind::BoundMethod) ? a[0].as<BoundMethodObj>()->func : a[0];
        return Value::integer(f.isKind(ObjKind::Func) ? int64_t(f.as<FuncObj>()->defaults.size()) : 0);
    });
    def("fn_set_signature", [](Interpreter&, CallArgs& a) -> Value {
        fnState(a[0]).inputSignature = a[1];
        return Value::none();
    });
    // fn_concretes(state) -> a handle on each live concrete function, in the order they were
    // traced (Function.pretty_printed_concrete_signatures)
    def("fn_concretes", [](Interpreter&, CallArgs& a) -> Value {
        auto stp = std::static_pointer_cast<FnState>(a[0].as<NativeObj>()->payload);
        std::vector<Value> out;
        for (const auto& c : stp->concretes) {
            if (!c) continue;
            auto h = std::make_shared<ConcreteHandle>();
            h->fn = stp;
            h->c = c;
            out.push_back(Value::adopt(new NativeObj(classes().functionState, h)));
        }
        return newList(std::move(out));
    });
    // concrete_signature_text(handle, output text, verbose): pretty_printed_signature(); the
    // captures are the graph's, each named by the id of what it captures
    def("concrete_signature_text", [](Interpreter& in, CallArgs& a) -> Value {
        ConcreteHandle& h = concreteOf(a[0]);
        const std::string outputText = in.str(a[1]);
        if (!in.truthy(a[2])) return newStr(h.c->signature + " -> " + outputText);
        std::string text = h.c->type.reprText(outputText);
        const FuncGraph& g = *h.c->graph;
        if (!g.captures.empty()) {
            text = text.substr(0, text.rfind("\n  None"));
            for (const auto& cap : g.captures) {
                const void* key = cap.value.rawData();
                std::string dims = "(";
                for (size_t k = 0; k < cap.value.shape().dims().size(); ++k)
                    dims += (k ? ", " : "") + std::to_string(cap.value.shape().dims()[k]);
                dims += cap.value.shape().dims().size() == 1 ? ",)" : ")";
                text += "\n  " + std::to_string(reinterpret_cast<uintptr_t>(key)) + ": TensorSpec(shape=" + dims +
                    ", dtype=" + fn::dtypeRepr(g.dtype(cap.placeholder)) + ", name=None)";
            }
        }
        return newStr(std::move(text));
    });
    def("fn_live_concrete_functions",
        [](Interpreter&, CallArgs& a) -> Value { return Value::integer(int64_t(fnState(a[0]).live)); });
    def("fn_tracing_count",
        [](Interpreter&, CallArgs& a) -> Value { return Value::integer(fnState(a[0]).tracingCount); });
    def("fn_set_run_eagerly", [](Interpreter& in, CallArgs& a) -> Value {
        eagerState(in).runFunctionsEagerly = in.truthy(a[0]);
        return Value::none();
    });
    def("fn_run_eagerly",
        [](Interpreter& in, CallArgs&) -> Value { return Value::boolean(eagerState(in).runFunctionsEagerly); });
    def("fn_set_optimize_functions", [](Interpreter& in, CallArgs& a) -> Value {
        eagerState(in).optimizeFunctions = in.truthy(a[0]);
        return Value::none();
    });
    def("is_symbolic", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isSymbolic(a[0])); });
    // tf_uid() -> TF's ops.uid(): the next of the uids functions are named with (takeTfUid)
    def("tf_uid", [](Interpreter&, CallArgs&) -> Value { return Value::integer(takeTfUid()); });
    // symbolic_set_attr(tensor, name, str): an undeclared string attr on the tensor's node
    def("symbolic_set_attr", [](Interpreter& in, CallArgs& a) -> Value {
        if (!isSymbolic(a[0])) raise(types().TypeError, "symbolic_set_attr: not a graph tensor");
        const SymRef& s = *tensorData(a[0]).sym;
        s.graph->setExtraAttr(s.node, in.str(a[1]), in.str(a[2]));
        return Value::none();
    });
    def("tracing", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(tracing()); });
    fillControlFlowCore(d);
    // graph_const(t, name="Const"): an eager tensor as a Const node of the graph being traced.
    // graph_const(tensor or value, name=None, dtype=None): a Const of the graph being traced
    def("graph_const", [](Interpreter& in, CallArgs& a) -> Value {
        if (tracing() && !isTensor(a[0]) && !isSymbolic(a[0]) && a.n > 2 && !a[2].isNone())
            return constantValue(toTensor(in, a[0], dtypeFromValue(in, a[2])),
                                 !a[1].isNone() ? in.str(a[1]) : std::string("Const"));
        if (!tracing() || !isTensor(a[0])) return a[0];
        return constantValue(tensorData(a[0]).t, a.n > 1 && !a[1].isNone() ? in.str(a[1]) : std::string("Const"));
    });
    def("var_handle_in_graph", [](Interpreter&, CallArgs& a) -> Value {
        Input h = variableHandleInput(a[0]);
        return wrapInput(Input{ Tensor(), nextTensorId(), h.sym });
    });
    // trace_suspend(on, count_uids=True): ops run eagerly while on; count_uids False for work
    // that only computes a graph constant's value (TF makes the Const alone: no uids)
    def("trace_suspend", [](Interpreter& in, CallArgs& a) -> Value {
        const bool on = in.truthy(a[0]);
        if (TraceFrame* f = currentTraceFrame()) f->suspended = on;
        if (a.n > 1 && !in.truthy(a[1])) eagerState(in).uidPause += on ? 1 : -1;
        return Value::none();
    });
    def("fn_note_variable_creation", [](Interpreter&, CallArgs&) -> Value {
        const auto& frames = traceFrames();
        size_t i = frames.size() - 1;
        while (i > 0 && frames[i].branch) --i;
        auto& f = const_cast<TraceFrame&>(frames[i]);
        if (!f.allowVariables)
            raise(types().ValueError,
                  "tf.function only supports singleton tf.Variables created on the first call. Make sure the "
                  "tf.Variable is "
                  "only created once or created outside tf.function. See "
                  "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.");
        f.createdVariables++;
        return Value::none();
    });
    def("eval_symbolic", [](Interpreter& in, CallArgs& a) -> Value {
        const SymRef& s = *tensorData(a[0]).sym;
        // TF computes a variable's initial value by running its lifted initializer as a function
        // of its own, whose stateful random kernels start fresh streams.
        struct FreshRandom {
            numeric::TfEagerRandom state;
            numeric::TfEagerRandom* previous = &ops::statefulRandom();
            FreshRandom() { ops::setStatefulRandom(&state); }
            ~FreshRandom() { ops::setStatefulRandom(previous); }
        };
        Tensor value;
        try {
            FreshRandom fresh;
            value = evalConstant(*s.graph, { s.node, s.output });
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        return wrapTensor(std::move(value));
    });
}

std::vector<Tensor> runGraphForScript(lang::Interpreter& in, const exec::Executable& exe,
                                      std::span<const Tensor> feeds) {
    std::vector<Tensor> outs;
    const exec::RunOptions options = graphRunOptions(in);
    auto countSteps = [&] {
        if (options.limits) in.addSteps(options.limits->steps());
    };
    try {
        outs = exe.run(feeds, options);
    } catch (const tensor::OpError& e) {
        countSteps();
        raiseOpError(in, e, std::nullopt);
    } catch (const Cancelled&) {
        throwCancelled();
    } catch (const LimitExceeded&) {
        countSteps();
        in.checkLimits();
        throwCancelled();
    }
    countSteps();
    return outs;
}

fn::RetraceLog retraceLog(lang::Interpreter& in) {
    return traceStateOf(in).log;
}

std::string exportConcreteFunction(lang::Interpreter& in, const std::string& function, const std::string& path) {
    auto& ts = traceStateOf(in);
    std::shared_ptr<Concrete> c;
    for (const auto& w : ts.functions) {
        auto st = w.lock();
        if (!st || st->name != function) continue;
        for (const auto& x : st->concretes)
            if (x) c = x;
    }
    if (!c) return "no traced concrete function of a tf.function named '" + function + "'";
    const FuncGraph& g = *c->graph;
    if (path.size() > 3 && (path.substr(path.size() - 3) == ".pb" || path.substr(path.size() - 6) == ".pbtxt"))
        return exportGraphDef(g, path);
    std::vector<std::string> argNames;
    for (int32_t id : g.args) argNames.push_back(g.node(id).name);
    std::vector<Tensor> values;
    for (const auto& cap : g.captures) {
        if (g.dtype(cap.placeholder) != DType::Resource) continue;
        auto var =
            ops::resourceManager(tensor::cpuDevice()).lookupAs<ops::VarResource>(ops::handleFromTensor(cap.value));
        if (!var) return "a variable captured by " + g.name() + " no longer exists";
        values.push_back(var->value);
    }
    return exportSavedModel(g, argNames, values, path);
}

std::vector<TracedGraph> tracedGraphs(lang::Interpreter& in) {
    std::vector<TracedGraph> out;
    for (const auto& [key, weak] : traceStateOf(in).traceGraphs) {
        auto g = weak.lock();
        if (!g) continue;
        auto gd = std::make_shared<tensorflow::GraphDef>();
        g->toGraphDef(gd.get());
        std::vector<TracedGraph::NodeShapes> shapes;
        shapes.reserve(g->nodes().size());
        for (const GraphNode& n : g->nodes()) {
            std::vector<std::string> inputs;
            for (const GraphEndpoint& e : n.inputs) inputs.push_back(g->tensorName(e));
            shapes.push_back({ n.name, n.op, std::move(inputs), n.outShapes });
        }
        out.push_back({ key.first, key.second, g->name(), std::move(gd), std::move(shapes) });
    }
    return out;
}

void setRunFunctionsEagerly(lang::Interpreter& in, bool on) {
    eagerState(in).runFunctionsEagerly = on;
}

} // namespace graphlens::eager

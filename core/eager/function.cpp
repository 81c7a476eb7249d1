// tf.function's native half: argument binding, trace keys, the trace itself (placeholders for the
// tensors in the arguments, the Python function run under a trace frame, outputs through
// Identity), the concrete functions and calling them. The Python half (python/tf_function.py)
// holds the Function / ConcreteFunction classes and calls these primitives.
#include <chrono>
#include <cmath>

#include "core/eager/func_graph.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/lang/interp_internal.h"
#include "core/numeric/format_float.h"
#include "core/proto/graph.pb.h"

namespace graphlens::eager {

using namespace lang;

namespace {

std::atomic<int64_t> g_functionUid{1};
bool g_runEagerly = false;

struct Concrete {
    std::shared_ptr<FuncGraph> graph;
    Value outputTemplate;         // the Python result with SymbolicTensors where outputs are
    std::vector<int64_t> outputIds;  // SymbolicTensor ids in the template -> output index
    std::string key;
    std::string signature;
    int64_t calls = 0;
};

struct TraceEvent {
    int64_t callIndex = 0;
    int concrete = -1;
    std::string signature;
    double ms = 0;
    size_t nodes = 0;
    std::map<std::string, int64_t> ops, libraryOps;
    std::string reason;
};

struct FnState {
    Value pyfunc;    // the Python function (or bound method)
    Value function;  // the Python Function object (for the AutoGraph target)
    std::string name;
    bool autograph = true;
    bool reduceRetracing = false;
    int64_t tracingCount = 0;
    int64_t calls = 0;
    std::vector<std::shared_ptr<Concrete>> concretes;
    std::map<std::string, int> byKey;
    std::vector<TraceEvent> events;
};

FnState& fnState(const Value& v) { return *static_cast<FnState*>(v.as<NativeObj>()->payload.get()); }

// ---- argument binding ------------------------------------------------------------------------

struct Bound {
    std::vector<std::string> names;
    std::vector<Value> values;
};

Bound bindArguments(const Value& callable, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs) {
    Bound b;
    Value f = callable;
    std::vector<Value> all;
    if (f.isKind(ObjKind::BoundMethod)) {
        all.push_back(f.as<BoundMethodObj>()->self);
        f = f.as<BoundMethodObj>()->func;
    }
    all.insert(all.end(), args.begin(), args.end());
    if (!f.isKind(ObjKind::Func)) {
        for (size_t i = 0; i < all.size(); ++i) {
            b.names.push_back("args_" + std::to_string(i));
            b.values.push_back(all[i]);
        }
        for (const auto& [k, v] : kwargs) {
            b.names.push_back(k);
            b.values.push_back(v);
        }
        return b;
    }
    auto* fo = f.as<FuncObj>();
    const Arguments& A = *fo->args;
    std::vector<const Arg*> pos;
    for (const auto& a : A.posonlyargs) pos.push_back(&a);
    for (const auto& a : A.args) pos.push_back(&a);
    std::vector<Value> posVals(pos.size());
    size_t i = 0;
    for (; i < all.size() && i < pos.size(); ++i) posVals[i] = all[i];
    std::vector<Value> extra(all.begin() + long(std::min(all.size(), pos.size())), all.end());
    if (!extra.empty() && !A.vararg)
        raise(types().TypeError, fo->name + "() takes " + std::to_string(pos.size()) + " positional arguments but " +
                                     std::to_string(all.size()) + " were given");
    std::vector<Value> kwonly(A.kwonlyargs.size());
    std::vector<std::pair<std::string, Value>> extraKw;
    for (const auto& [k, v] : kwargs) {
        bool done = false;
        for (size_t p = A.posonlyargs.size(); p < pos.size() && !done; ++p)
            if (pos[p]->arg == k) {
                if (!posVals[p].isUndef()) raise(types().TypeError, fo->name + "() got multiple values for argument '" + k + "'");
                posVals[p] = v;
                done = true;
            }
        for (size_t p = 0; p < A.kwonlyargs.size() && !done; ++p)
            if (A.kwonlyargs[p].arg == k) {
                kwonly[p] = v;
                done = true;
            }
        if (!done) {
            if (!A.kwarg) raise(types().TypeError, fo->name + "() got an unexpected keyword argument '" + k + "'");
            extraKw.emplace_back(k, v);
        }
    }
    const size_t firstDefault = pos.size() - fo->defaults.size();
    for (size_t p = 0; p < pos.size(); ++p) {
        if (posVals[p].isUndef()) {
            if (p >= firstDefault) posVals[p] = fo->defaults[p - firstDefault];
            else
                raise(types().TypeError, fo->name + "() missing 1 required positional argument: '" + pos[p]->arg + "'");
        }
        b.names.push_back(pos[p]->arg);
        b.values.push_back(posVals[p]);
    }
    for (size_t k = 0; k < extra.size(); ++k) {
        b.names.push_back(A.vararg->arg + "_" + std::to_string(k));
        b.values.push_back(extra[k]);
    }
    for (size_t p = 0; p < A.kwonlyargs.size(); ++p) {
        Value v = kwonly[p];
        if (v.isUndef()) v = p < fo->kwDefaults.size() ? fo->kwDefaults[p] : Value();
        if (v.isUndef())
            raise(types().TypeError, fo->name + "() missing 1 required keyword-only argument: '" + A.kwonlyargs[p].arg + "'");
        b.names.push_back(A.kwonlyargs[p].arg);
        b.values.push_back(v);
    }
    std::sort(extraKw.begin(), extraKw.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& [k, v] : extraKw) {
        b.names.push_back(k);
        b.values.push_back(v);
    }
    return b;
}

// ---- trace keys ------------------------------------------------------------------------------

std::string shapeKey(const PartialShape& s) {
    if (!s.hasRank()) return "?";
    std::string k = "(";
    for (auto d : s.dims()) k += (d < 0 ? std::string("None") : std::to_string(d)) + ",";
    return k + ")";
}

void keyOf(Interpreter& in, const Value& v, std::string& key, std::vector<Value>& leaves) {
    if (isTensor(v) || isSymbolic(v)) {
        Input x = toInput(in, v);
        key += "T";
        key += tensor::dtypeName(x.dtype());
        key += shapeKey(x.shape());
        leaves.push_back(v);
        return;
    }
    if (isVariable(v)) {
        key += "V" + std::to_string(varData(v).id);
        return;
    }
    if (v.isNone()) { key += "N"; return; }
    if (v.isBool()) { key += v.asBool() ? "L1" : "L0"; return; }
    if (v.isInt()) { key += "L" + std::to_string(v.asInt()); return; }
    if (v.isFloat()) {
        double d = v.asFloat();
        if (d == std::floor(d) && std::abs(d) < 9e15) key += "L" + std::to_string(int64_t(d));
        else key += "L" + floatRepr(d);
        return;
    }
    if (v.isKind(ObjKind::Str)) { key += "S" + in.repr(v) + ";"; return; }
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        key += v.isKind(ObjKind::List) ? "[" : "(";
        for (const auto& x : in.toVector(v)) { keyOf(in, x, key, leaves); key += ","; }
        key += v.isKind(ObjKind::List) ? "]" : ")";
        return;
    }
    if (v.isKind(ObjKind::Dict)) {
        std::vector<std::pair<std::string, Value>> items;
        v.as<DictObj>()->forEach([&](const Value& k, const Value& x) { items.emplace_back(in.repr(k), x); });
        std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        key += "{";
        for (auto& [k, x] : items) { key += k + ":"; keyOf(in, x, key, leaves); key += ","; }
        key += "}";
        return;
    }
    if (v.isInt() || v.isKind(ObjKind::BigInt)) { key += "L" + in.repr(v); return; }
    key += "O" + std::to_string(reinterpret_cast<uintptr_t>(v.obj())) + ";";
}

// ---- placeholders and outputs ----------------------------------------------------------------

// The argument with its tensors replaced by placeholders of `g` (structure kept).
Value withPlaceholders(Interpreter& in, const Value& v, const std::string& name, FuncGraph& g,
                       const std::shared_ptr<FuncGraph>& gp) {
    if (isTensor(v) || isSymbolic(v)) {
        Input x = toInput(in, v);
        GraphEndpoint ph = g.addPlaceholder(name, x.dtype(), x.shape());
        g.args.push_back(ph.node);
        return wrapSymbolic(gp, ph);
    }
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        std::vector<Value> items;
        for (const auto& x : in.toVector(v)) items.push_back(withPlaceholders(in, x, name, g, gp));
        return v.isKind(ObjKind::List) ? newList(std::move(items)) : newTuple(std::move(items));
    }
    if (v.isKind(ObjKind::Dict)) {
        Value d = newDict();
        std::vector<std::pair<Value, Value>> items;
        v.as<DictObj>()->forEach([&](const Value& k, const Value& x) { items.emplace_back(k, x); });
        for (auto& [k, x] : items) in.setItem(d, k, withPlaceholders(in, x, name, g, gp));
        return d;
    }
    return v;
}

// Walks the traced result: every tensor becomes an output through an Identity node; returns the
// template with the Identity's SymbolicTensors.
Value collectOutputs(Interpreter& in, const Value& v, Concrete& c) {
    FuncGraph& g = *c.graph;
    if (isTensor(v) || isSymbolic(v) || isVariable(v)) {
        Value t = isVariable(v) ? readVariable(in, v) : v;
        Input x = toInput(in, t);
        currentTraceFrame()->nextName = "Identity";
        Value id = runOp1(in, "Identity", {x}, {});
        const SymRef& s = *tensorData(id).sym;
        g.outputs.push_back({s.node, s.output});
        c.outputIds.push_back(tensorData(id).id);
        return id;
    }
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        std::vector<Value> items;
        for (const auto& x : in.toVector(v)) items.push_back(collectOutputs(in, x, c));
        return v.isKind(ObjKind::List) ? newList(std::move(items)) : newTuple(std::move(items));
    }
    if (v.isKind(ObjKind::Dict)) {
        Value d = newDict();
        std::vector<std::pair<Value, Value>> items;
        v.as<DictObj>()->forEach([&](const Value& k, const Value& x) { items.emplace_back(k, x); });
        for (auto& [k, x] : items) in.setItem(d, k, collectOutputs(in, x, c));
        return d;
    }
    return v;
}

// The template with output tensors replaced by `values` (eager tensors or call-node outputs).
Value fillOutputs(Interpreter& in, const Value& v, const Concrete& c, const std::vector<Value>& values) {
    if (isSymbolic(v)) {
        int64_t id = tensorData(v).id;
        for (size_t i = 0; i < c.outputIds.size(); ++i)
            if (c.outputIds[i] == id) return values[i];
        return v;
    }
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        std::vector<Value> items;
        for (const auto& x : in.toVector(v)) items.push_back(fillOutputs(in, x, c, values));
        return v.isKind(ObjKind::List) ? newList(std::move(items)) : newTuple(std::move(items));
    }
    if (v.isKind(ObjKind::Dict)) {
        Value d = newDict();
        std::vector<std::pair<Value, Value>> items;
        v.as<DictObj>()->forEach([&](const Value& k, const Value& x) { items.emplace_back(k, x); });
        for (auto& [k, x] : items) in.setItem(d, k, fillOutputs(in, x, c, values));
        return d;
    }
    return v;
}

struct FramePop {
    ~FramePop() { popTraceFrame(); }
};

std::string signatureText(Interpreter& in, const Bound& b) {
    std::string s = "(";
    for (size_t i = 0; i < b.names.size(); ++i) {
        if (i) s += ", ";
        s += b.names[i] + ": ";
        const Value& v = b.values[i];
        if (isTensor(v) || isSymbolic(v)) {
            Input x = toInput(in, v);
            s += "TensorSpec(shape=" + x.shape().debugString() + ", dtype=tf." + std::string(tensor::dtypeName(x.dtype())) +
                 ", name=None)";
        } else {
            s += in.repr(v);
        }
    }
    return s + ")";
}

std::shared_ptr<Concrete> trace(Interpreter& in, FnState& st, const Bound& b, const std::string& key) {
    auto start = std::chrono::steady_clock::now();
    auto c = std::make_shared<Concrete>();
    c->key = key;
    c->signature = signatureText(in, b);
    c->graph = std::make_shared<FuncGraph>("__inference_" + st.name + "_" + std::to_string(g_functionUid++));
    FuncGraph& g = *c->graph;
    TraceFrame f;
    f.graph = c->graph;
    f.firstTensorId = nextTensorId();
    f.autograph = st.autograph;
    // Placeholders first (args, in order), then the function runs.
    std::vector<Value> callArgs;
    for (size_t i = 0; i < b.values.size(); ++i) callArgs.push_back(withPlaceholders(in, b.values[i], b.names[i], g, c->graph));
    pushTraceFrame(std::move(f));
    {
        FramePop pop;
        Value target = st.pyfunc;
        if (st.autograph && !st.function.isUndef()) {
            Value conv;
            if (in.getAttrOpt(st.function, "_autograph_target", conv) && !conv.isNone()) target = in.call(conv, {});
        }
        Value self;
        if (target.isKind(ObjKind::BoundMethod)) {
            // the bound instance is callArgs[0]
            target = target.as<BoundMethodObj>()->func;
        }
        // Call with the bound parameters: positional for the positional ones, keywords after.
        Value result = in.call(target, callArgs.data(), callArgs.size());
        c->outputTemplate = collectOutputs(in, result, *c);
    }
    st.tracingCount++;
    TraceEvent ev;
    ev.callIndex = st.calls;
    ev.signature = c->signature;
    ev.nodes = g.countNodes();
    ev.ops = g.opHistogram();
    ev.libraryOps = g.libraryOpHistogram();
    ev.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    st.concretes.push_back(c);
    ev.concrete = int(st.concretes.size() - 1);
    st.byKey[key] = ev.concrete;
    st.events.push_back(std::move(ev));
    return c;
}

Value callConcrete(Interpreter& in, Concrete& c, const std::vector<Value>& leaves) {
    c.calls++;
    if (tracing()) {
        // A nested call while tracing: a call node in the caller's graph.
        TraceFrame* f = currentTraceFrame();
        std::vector<Input> ins;
        for (const auto& v : leaves) ins.push_back(toInput(in, v));
        for (const auto& cap : c.graph->captures) ins.push_back(Input{cap.value, 0, nullptr});
        // Captured eager values of the callee are captures of the caller too: give them ids
        // from before the trace so they are captured rather than made constants.
        for (size_t i = leaves.size(); i < ins.size(); ++i) ins[i].id = 1;
        std::vector<DType> tin, tout;
        for (auto& x : ins) tin.push_back(x.dtype());
        for (auto& e : c.graph->outputs) tout.push_back(c.graph->dtype(e));
        f->graph->library[c.graph->name()] = c.graph;
        const bool stateful = c.graph->isStateful();
        ops::AttrMap attrs{{"Tin", tin}, {"Tout", tout}, {"f", ops::FuncAttr{c.graph->name()}},
                           {"config", std::string()}, {"config_proto", std::string()}, {"executor_type", std::string()}};
        f->nextName = stateful ? "StatefulPartitionedCall" : "PartitionedCall";
        std::vector<Value> outs = runOpInGraph(in, stateful ? "StatefulPartitionedCall" : "PartitionedCall", ins, attrs, std::nullopt);
        return fillOutputs(in, c.outputTemplate, c, outs);
    }
    std::vector<Tensor> feeds;
    feeds.reserve(leaves.size() + c.graph->captures.size());
    for (const auto& v : leaves) feeds.push_back(tensorData(v).t);
    for (const auto& cap : c.graph->captures) feeds.push_back(cap.value);
    std::vector<Tensor> outs;
    try {
        outs = GraphRunner::run(*c.graph, feeds);
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
    std::vector<Value> vals;
    vals.reserve(outs.size());
    for (auto& t : outs) vals.push_back(wrapTensor(std::move(t)));
    return fillOutputs(in, c.outputTemplate, c, vals);
}

Value fnCall(Interpreter& in, CallArgs& a) {
    // fn_call(state, args_tuple, kwargs_dict)
    FnState& st = fnState(a[0]);
    std::vector<Value> args = in.toVector(a[1]);
    std::vector<std::pair<std::string, Value>> kwargs;
    if (a.n > 2 && a[2].isKind(ObjKind::Dict))
        a[2].as<DictObj>()->forEach([&](const Value& k, const Value& v) { kwargs.emplace_back(in.str(k), v); });
    if (g_runEagerly) return in.call(st.pyfunc, args.data(), args.size(), kwargs.empty() ? nullptr : &kwargs);
    Bound b = bindArguments(st.pyfunc, args, kwargs);
    std::string key;
    std::vector<Value> leaves;
    for (size_t i = 0; i < b.values.size(); ++i) {
        key += b.names[i] + "=";
        keyOf(in, b.values[i], key, leaves);
        key += ";";
    }
    st.calls++;
    auto it = st.byKey.find(key);
    std::shared_ptr<Concrete> c = it != st.byKey.end() ? st.concretes[size_t(it->second)] : trace(in, st, b, key);
    return callConcrete(in, *c, leaves);
}

}  // namespace

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
        return Value::adopt(new NativeObj(classes().functionState, st));
    });
    def("fn_call", fnCall);
    def("fn_tracing_count", [](Interpreter&, CallArgs& a) -> Value { return Value::integer(fnState(a[0]).tracingCount); });
    def("fn_set_run_eagerly", [](Interpreter& in, CallArgs& a) -> Value {
        g_runEagerly = in.truthy(a[0]);
        return Value::none();
    });
    def("fn_run_eagerly", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(g_runEagerly); });
    def("is_symbolic", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(isSymbolic(a[0])); });
    def("tracing", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(tracing()); });
}

}  // namespace graphlens::eager

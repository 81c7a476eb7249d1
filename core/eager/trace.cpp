// Tracing: while a tf.function is traced, every op goes into the FuncGraph of the innermost trace
// instead of running (the one dispatch point, runOp, asks tracing()). Symbolic tensors are the
// SymbolicTensor class; eager tensors that exist from before the trace become captures
// (placeholders fed at call time), tensors made during the trace become Const nodes, and
// variables are captured by their resource handle.
#include "core/eager/func_graph.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/lang/interp_internal.h"
#include "core/numeric/array_format.h"
#include "core/ops/registry.h"

namespace graphlens::eager {

using namespace lang;

namespace {

thread_local std::vector<TraceFrame> t_frames;

std::string pyShape(const PartialShape& s) {
    if (!s.hasRank()) return "<unknown>";
    std::string out = "(";
    for (int i = 0; i < s.rank(); ++i) {
        if (i) out += ", ";
        out += s.dim(i) < 0 ? "None" : std::to_string(s.dim(i));
    }
    if (s.rank() == 1) out += ",";
    return out + ")";
}

const SymRef& symOf(const Value& v) { return *tensorData(v).sym; }

[[noreturn]] void raiseTfError(Interpreter& in, const char* cls, const std::string& msg) {
    Value tf = in.importModule("tensorflow");
    Value errs = in.getAttr(tf, "errors");
    Value c = in.getAttr(errs, cls);
    raiseValue(in.call(c, {newStr(msg)}));
}

Value tfAttr(Interpreter& in, const char* name) { return in.getAttr(in.importModule("tensorflow"), name); }

}  // namespace

const std::vector<TraceFrame>& traceFrames() { return t_frames; }
TraceFrame* currentTraceFrame() { return t_frames.empty() ? nullptr : &t_frames.back(); }
void pushTraceFrame(TraceFrame f) { t_frames.push_back(std::move(f)); }
void popTraceFrame() { t_frames.pop_back(); }
bool tracing() { return !t_frames.empty() && !t_frames.back().suspended; }

DType Input::dtype() const { return sym ? sym->graph->dtype({sym->node, sym->output}) : t.dtype(); }
PartialShape Input::shape() const {
    return sym ? sym->graph->shape({sym->node, sym->output}) : PartialShape(t.shape());
}

bool isSymbolic(const Value& v) {
    return v.isKind(ObjKind::Native) && classes().symbolicTensor && v.obj()->cls == classes().symbolicTensor;
}

Value wrapSymbolic(const std::shared_ptr<FuncGraph>& g, GraphEndpoint e) {
    auto d = std::make_shared<TensorData>();
    d->id = nextTensorId();
    d->sym = std::make_shared<SymRef>(SymRef{g, e.node, e.output});
    return Value::adopt(new NativeObj(classes().symbolicTensor, std::move(d)));
}

Value wrapInput(const Input& x) {
    if (!x.sym) return wrapTensorWithId(x.t, x.id);
    auto d = std::make_shared<TensorData>();
    d->id = x.id;
    d->sym = x.sym;
    return Value::adopt(new NativeObj(classes().symbolicTensor, std::move(d)));
}

// The endpoint in `frame`'s graph for a value of an outer graph: a placeholder captured through
// every graph between them (branch functions capture from the function they are in).
static GraphEndpoint captureFromOuter(size_t frameIndex, const SymRef& s) {
    TraceFrame& f = t_frames[frameIndex];
    if (f.graph == s.graph) return {s.node, s.output};
    if (frameIndex == 0) throw std::runtime_error("out of scope");
    GraphEndpoint outerEp = captureFromOuter(frameIndex - 1, s);
    FuncGraph& g = *f.graph;
    // dedupe by the outer endpoint
    for (const auto& c : g.captures)
        if (c.outer && *c.outer == outerEp) return c.placeholder;
    FuncGraph& og = *t_frames[frameIndex - 1].graph;
    GraphEndpoint ph = g.addPlaceholder(og.node(outerEp.node).name, og.dtype(outerEp), og.shape(outerEp));
    g.captures.push_back({ph, outerEp, Tensor(), nullptr});
    return ph;
}

// The frame of the function (not branch) the innermost frame belongs to.
static size_t functionRootFrame() {
    size_t i = t_frames.size() - 1;
    while (i > 0 && t_frames[i].branch) --i;
    return i;
}

// Where an op input comes from in the graph being traced.
static GraphEndpoint endpointFor(const Input& x) {
    TraceFrame& f = t_frames.back();
    FuncGraph& g = *f.graph;
    if (x.sym) {
        if (x.sym->graph == f.graph) return {x.sym->node, x.sym->output};
        for (size_t i = t_frames.size(); i-- > 0;)
            if (t_frames[i].graph == x.sym->graph) return captureFromOuter(t_frames.size() - 1, *x.sym);
        const FuncGraph& og = *x.sym->graph;
        GraphEndpoint e{x.sym->node, x.sym->output};
        std::string text = "<tf.Tensor '" + og.tensorName(e) + "' shape=" + pyShape(og.shape(e)) +
                           " dtype=" + std::string(tensor::dtypeName(og.dtype(e))) + ">";
        raise(types().TypeError, text + " is out of scope and cannot be used here. Use return values, explicit "
                                        "Python locals or TensorFlow collections to access it.\nPlease see "
                                        "https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be_return_values "
                                        "for more information.");
    }
    const size_t root = functionRootFrame();
    if (x.id == 0 || x.id >= t_frames[root].firstTensorId) return g.addConst(x.t);
    // An eager tensor from before the trace: captured by value by the function (a placeholder fed
    // at each call), and from there by the branches in between.
    FuncGraph& rg = *t_frames[root].graph;
    const void* key = reinterpret_cast<const void*>(static_cast<intptr_t>(x.id));
    GraphEndpoint ph;
    int32_t c = rg.findCapture(key);
    if (c >= 0) {
        ph = rg.captures[size_t(c)].placeholder;
    } else {
        ph = rg.addPlaceholder("Placeholder", x.t.dtype(), PartialShape(x.t.shape()));
        rg.captures.push_back({ph, std::nullopt, x.t, key});
    }
    if (root == t_frames.size() - 1) return ph;
    return captureFromOuter(t_frames.size() - 1, SymRef{t_frames[root].graph, ph.node, ph.output});
}

std::vector<Value> runOpInGraph(Interpreter& in, std::string_view op, const std::vector<Input>& inputs,
                                const ops::AttrMap& attrs, const std::optional<std::string>& name) {
    TraceFrame& f = t_frames.back();
    std::vector<GraphEndpoint> eps;
    eps.reserve(inputs.size());
    for (const auto& x : inputs) eps.push_back(endpointFor(x));
    std::vector<GraphEndpoint> outs;
    try {
        outs = f.graph->addOp(op, eps, attrs, name && !name->empty() ? *name : f.nextName);
    } catch (const tensor::OpError& e) {
        f.nextName.clear();
        raiseOpError(in, e, std::nullopt);
    }
    f.nextName.clear();
    const GraphNode& n = f.graph->node(outs.empty() ? int32_t(f.graph->nodes().size() - 1) : outs[0].node);
    const int32_t nodeId = int32_t(f.graph->nodes().size() - 1);
    if (n.stateful) {
        // Automatic control dependencies: stateful ops run in program order and always run.
        if (f.lastStateful >= 0) f.graph->addControlInput(nodeId, f.lastStateful);
        f.lastStateful = nodeId;
        f.graph->controlOutputs.push_back(nodeId);
    }
    std::vector<Value> res;
    std::vector<Tensor> none;
    std::vector<int64_t> ids;
    for (const auto& e : outs) {
        res.push_back(wrapSymbolic(f.graph, e));
        ids.push_back(tensorData(res.back()).id);
    }
    if (anyTapeActive()) {
        std::vector<Input> outInputs;
        for (auto& r : res) outInputs.push_back({Tensor(), tensorData(r).id, tensorData(r).sym});
        tapeRecordSymbolic(op, inputs, outInputs, attrs);
    }
    return res;
}

// ---------------------------------------------------------------------------------------------
// Variables in a trace

static GraphEndpoint variableHandle(const VarData& d) {
    TraceFrame& f = t_frames.back();
    FuncGraph& g = *f.graph;
    const void* key = &d;
    int32_t c = g.findCapture(key);
    if (c >= 0) return g.captures[size_t(c)].placeholder;
    if (t_frames.size() > 1) {
        // A branch: capture the enclosing function's handle.
        TraceFrame inner = std::move(t_frames.back());
        t_frames.pop_back();
        GraphEndpoint outerEp = variableHandle(d);
        t_frames.push_back(std::move(inner));
        FuncGraph& og = *t_frames[t_frames.size() - 2].graph;
        GraphEndpoint ph = g.addPlaceholder(og.node(outerEp.node).name, DType::Resource, PartialShape());
        g.captures.push_back({ph, outerEp, Tensor(), key});
        return ph;
    }
    std::string base = d.name.substr(0, d.name.find(':'));
    GraphEndpoint ph = g.addPlaceholder(base.empty() ? "Variable" : base, DType::Resource, PartialShape());
    g.captures.push_back({ph, std::nullopt, d.handle, key});
    return ph;
}

Value readVariableInGraph(Interpreter& in, const Value& var) {
    VarData& d = varData(var);
    GraphEndpoint h = variableHandle(d);
    Input hin{Tensor(), 0, std::make_shared<SymRef>(SymRef{t_frames.back().graph, h.node, h.output})};
    ops::AttrMap attrs{{"dtype", d.value().dtype()}};
    TraceFrame& f = t_frames.back();
    f.nextName = "ReadVariableOp";
    Value r = runOpInGraph(in, "ReadVariableOp", {hin}, attrs, std::nullopt).at(0);
    // The read has the variable's static shape.
    (void)r;
    if (anyTapeActive()) tapeNoteVariableReadSymbolic(d, tensorData(r).id, tensorData(r).sym);
    return r;
}

void assignVariableInGraph(Interpreter& in, const Value& var, const Input& value, const char* op) {
    VarData& d = varData(var);
    GraphEndpoint h = variableHandle(d);
    Input hin{Tensor(), 0, std::make_shared<SymRef>(SymRef{t_frames.back().graph, h.node, h.output})};
    ops::AttrMap attrs{{"dtype", d.value().dtype()}};
    std::string opName = std::string(op) == "add" ? "AssignAddVariableOp"
                         : std::string(op) == "sub" ? "AssignSubVariableOp" : "AssignVariableOp";
    if (opName == "AssignVariableOp") attrs.set("validate_shape", false);
    runOpInGraph(in, opName, {hin, value}, attrs, std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// SymbolicTensor

namespace {

std::string symRepr(const Value& v) {
    const SymRef& s = symOf(v);
    GraphEndpoint e{s.node, s.output};
    return "<tf.Tensor '" + s.graph->tensorName(e) + "' shape=" + pyShape(s.graph->shape(e)) +
           " dtype=" + std::string(tensor::dtypeName(s.graph->dtype(e))) + ">";
}

std::string symStr(const Value& v) {
    const SymRef& s = symOf(v);
    GraphEndpoint e{s.node, s.output};
    return "Tensor(\"" + s.graph->tensorName(e) + "\", shape=" + pyShape(s.graph->shape(e)) +
           ", dtype=" + std::string(tensor::dtypeName(s.graph->dtype(e))) + ")";
}

[[noreturn]] void notAllowed(Interpreter& in, const std::string& task) {
    const TraceFrame* f = currentTraceFrame();
    std::string how = f && f->autograph
                          ? " is not allowed: AutoGraph did convert this function. This might indicate you are trying "
                            "to use an unsupported feature."
                          : " is not allowed: AutoGraph is disabled in this function. Try decorating it directly "
                            "with @tf.function.";
    raiseTfError(in, "OperatorNotAllowedInGraphError", task + how);
}

}  // namespace

void buildSymbolicClass() {
    auto& C = classes();
    C.symbolicTensor = makeClass("SymbolicTensor", C.tensorBase);
    ClassObj* c = C.symbolicTensor;
    c->getattrHook = [](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        const SymRef& s = symOf(self);
        GraphEndpoint e{s.node, s.output};
        if (name == "shape") {
            const PartialShape& ps = s.graph->shape(e);
            Value dims = Value::none();
            if (ps.hasRank()) {
                std::vector<Value> ds;
                for (auto d : ps.dims()) ds.push_back(d < 0 ? Value::none() : Value::integer(d));
                dims = newList(std::move(ds));
            }
            out = in.call(tfAttr(in, "TensorShape"), {dims});
            return true;
        }
        if (name == "dtype") { out = tfDtypeValue(s.graph->dtype(e)); return true; }
        if (name == "name") { out = newStr(s.graph->tensorName(e)); return true; }
        if (name == "ndim") { out = Value::integer(s.graph->shape(e).rank()); return true; }
        if (name == "device") { out = newStr(""); return true; }
        if (name == "_id") { out = Value::integer(tensorData(self).id); return true; }
        if (name == "numpy")
            raise(types().AttributeError, "'SymbolicTensor' object has no attribute 'numpy'");
        return false;
    };
    setStaticDunder(c, "__repr__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symRepr(a[0])); });
    setStaticDunder(c, "__str__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symStr(a[0])); });
    setStaticDunder(c, "__format__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symStr(a[0])); });
    setMethod(c, "__bool__", [](Interpreter& in, CallArgs&) -> Value {
        notAllowed(in, "Using a symbolic `tf.Tensor` as a Python `bool`");
    });
    setMethod(c, "__iter__", [](Interpreter& in, CallArgs&) -> Value {
        notAllowed(in, "Iterating over a symbolic `tf.Tensor`");
    });
    setMethod(c, "__len__", [](Interpreter&, CallArgs& a) -> Value {
        raise(types().TypeError, "len is not well defined for a symbolic Tensor (" +
                                     symOf(a[0]).graph->tensorName({symOf(a[0]).node, symOf(a[0]).output}) +
                                     "). Please call `x.shape` rather than `len(x)` for shape information.");
    });
    setMethod(c, "__hash__", [](Interpreter&, CallArgs& a) -> Value {
        return Value::integer(int64_t(tensorData(a[0]).id));
    });
    setMethod(c, "get_shape", [](Interpreter& in, CallArgs& a) -> Value { return in.getAttr(a[0], "shape"); });
    setMethod(c, "set_shape", [](Interpreter&, CallArgs&) -> Value { return Value::none(); });
    copyTensorOperators(C.eagerTensor, c);
    C.functionState = makeClass("_FunctionState", nullptr);
}

}  // namespace graphlens::eager

// Tracing: while a tf.function is traced, every op goes into the FuncGraph of the innermost trace
// instead of running (the one dispatch point, runOp, asks tracing()). Symbolic tensors are the
// SymbolicTensor class; eager tensors that exist from before the trace become captures
// (placeholders fed at call time), tensors made during the trace become Const nodes, and
// variables are captured by their resource handle.
#include <algorithm>

#include "core/eager/eager_state.h"
#include "core/eager/func_graph.h"
#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/exec/datasets.h"
#include "core/numeric/array_format.h"
#include "core/numeric/tf_random.h"
#include "core/ops/registry.h"

namespace graphlens::eager {

using namespace lang;

namespace {

// The running script's trace stack and tf.name_scope path ("a/b", for node names).
std::vector<TraceFrame>& frames() {
    return eagerState().traceFrames;
}
std::string& nameScope() {
    return eagerState().nameScope;
}

// `name` inside the current name scope.
std::string scopedName(const std::string& name) {
    return nameScope().empty() ? name : nameScope() + "/" + name;
}

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

const SymRef& symOf(const Value& v) {
    return *tensorData(v).sym;
}

[[noreturn]] void raiseTfError(Interpreter& in, const char* cls, const std::string& msg) {
    Value tf = in.importModule("tensorflow");
    Value errs = in.getAttr(tf, "errors");
    Value c = in.getAttr(errs, cls);
    raiseValue(in.call(c, { newStr(msg) }));
}

Value tfAttr(Interpreter& in, const char* name) {
    return in.getAttr(in.importModule("tensorflow"), name);
}

} // namespace

const std::vector<TraceFrame>& traceFrames() {
    return frames();
}
TraceFrame* currentTraceFrame() {
    auto& fs = frames();
    return fs.empty() ? nullptr : &fs.back();
}
void pushTraceFrame(TraceFrame f) {
    // TF's FuncGraph takes the eager global seed when made eagerly, else its outer graph's seed.
    auto& fs = frames();
    f.graphSeed = !fs.empty() && !fs.back().suspended ? fs.back().graphSeed : tfRandom().globalSeed();
    fs.push_back(std::move(f));
}
void popTraceFrame() {
    frames().pop_back();
}
bool tracing() {
    const auto& fs = frames();
    return !fs.empty() && !fs.back().suspended;
}

DType Input::dtype() const {
    return sym ? sym->graph->dtype({ sym->node, sym->output }) : t.dtype();
}
PartialShape Input::shape() const {
    return sym ? sym->graph->shape({ sym->node, sym->output }) : PartialShape(t.shape());
}

bool isSymbolic(const Value& v) {
    return v.isKind(ObjKind::Native) && classes().symbolicTensor && v.obj()->cls == classes().symbolicTensor;
}

std::string stackedInputName(std::string_view op, const std::string& arg) {
    if (op == "StridedSlice") {
        if (arg == "begin") return "stack";
        if (arg == "end") return "stack_1";
        if (arg == "strides") return "stack_2";
    }
    return arg;
}

Value wrapSymbolic(const std::shared_ptr<FuncGraph>& g, GraphEndpoint e) {
    auto d = std::make_shared<TensorData>();
    d->id = nextTensorId();
    d->sym = std::make_shared<SymRef>(SymRef{ g, e.node, e.output });
    g->noteValueId(e, d->id);
    return Value::adopt(new NativeObj(classes().symbolicTensor, std::move(d)));
}

Value constantValue(Tensor t, const std::string& name) {
    if (!tracing()) return wrapTensor(std::move(t));
    TraceFrame& f = frames().back();
    return wrapSymbolic(f.graph, f.graph->addConst(t, scopedName(name)));
}

Value wrapInput(const Input& x) {
    if (!x.sym) return wrapTensorWithId(x.t, x.id);
    auto d = std::make_shared<TensorData>();
    d->id = x.id;
    d->sym = x.sym;
    if (x.id) x.sym->graph->noteValueId({ x.sym->node, x.sym->output }, x.id);
    return Value::adopt(new NativeObj(classes().symbolicTensor, std::move(d)));
}

// The name scope a capture made now is named in (TF names a captured placeholder in the scope
// of the op whose input it is: "cond/Identity_1/x"); empty: the graph's own scope.
static std::string& captureScope() {
    static thread_local std::string scope;
    return scope;
}

struct CaptureScope {
    std::string saved;
    explicit CaptureScope(std::string scope)
        : saved(std::exchange(captureScope(), std::move(scope))) { }
    ~CaptureScope() { captureScope() = std::move(saved); }
};

// The endpoint in `frame`'s graph for a value of an outer graph: a placeholder captured through
// every graph between them (branch functions capture from the function they are in).
static GraphEndpoint captureFromOuter(size_t frameIndex, const SymRef& s) {
    TraceFrame& f = frames()[frameIndex];
    if (f.graph == s.graph) return { s.node, s.output };
    if (frameIndex == 0) throw std::runtime_error("out of scope");
    GraphEndpoint outerEp = captureFromOuter(frameIndex - 1, s);
    FuncGraph& g = *f.graph;
    // dedupe by the outer endpoint
    for (const auto& c : g.captures)
        if (c.outer && *c.outer == outerEp) return c.placeholder;
    FuncGraph& og = *frames()[frameIndex - 1].graph;
    const GraphNode& outerNode = og.node(outerEp.node);
    const bool innermost = frameIndex == frames().size() - 1;
    const std::string name =
        innermost && !captureScope().empty() ? captureScope() + "/" + outerNode.name : outerNode.name;
    GraphEndpoint ph = g.addPlaceholder(name, og.dtype(outerEp), og.shape(outerEp));
    // a captured argument keeps the name its caller gave (TF's _user_specified_name)
    if (std::find(og.args.begin(), og.args.end(), outerEp.node) != og.args.end())
        g.setExtraAttr(ph.node, "_user_specified_name", outerNode.name);
    else if (const auto* v = outerNode.attrs.find("_user_specified_name"))
        g.setExtraAttr(ph.node, "_user_specified_name", *v);
    g.captures.push_back({ ph, outerEp, Tensor(), nullptr });
    return ph;
}

// The frame of the function (not branch) the innermost frame belongs to.
static size_t functionRootFrame() {
    size_t i = frames().size() - 1;
    while (i > 0 && frames()[i].branch) --i;
    return i;
}

// Where an op input comes from in the graph being traced; a constant made for it is named
// `constName` (TF names them after the op and the input: "add/y").
static GraphEndpoint endpointFor(const Input& x, const std::string& constName = "Const") {
    TraceFrame& f = frames().back();
    FuncGraph& g = *f.graph;
    if (x.sym) {
        if (x.sym->graph == f.graph) return { x.sym->node, x.sym->output };
        for (size_t i = frames().size(); i-- > 0;)
            if (frames()[i].graph == x.sym->graph) return captureFromOuter(frames().size() - 1, *x.sym);
        const FuncGraph& og = *x.sym->graph;
        GraphEndpoint e{ x.sym->node, x.sym->output };
        std::string text = "<tf.Tensor '" + og.tensorName(e) + "' shape=" + pyShape(og.shape(e)) +
            " dtype=" + std::string(tensor::dtypeName(og.dtype(e))) + ">";
        raiseTfError(*currentInterpreter(), "InaccessibleTensorError",
                     text +
                         " is out of scope and cannot be used here. Use return values, explicit "
                         "Python locals or TensorFlow collections to access it.\nPlease see "
                         "https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be_return_values "
                         "for more information.");
    }
    const size_t root = functionRootFrame();
    if (x.id == 0 || x.id >= frames()[root].firstTensorId || f.scratch) return g.addConst(x.t, constName);
    // TF captures small eager tensors (at most 128 elements) by value, as constants.
    constexpr int64_t kEagerConstThreshold = 128;
    if (x.t.numElements() <= kEagerConstThreshold && !tensor::isObjectDType(x.t.dtype()))
        return g.addConst(x.t, constName);
    // An eager tensor from before the trace: captured by value by the function (a placeholder fed
    // at each call), and from there by the branches in between.
    FuncGraph& rg = *frames()[root].graph;
    const void* key = reinterpret_cast<const void*>(static_cast<intptr_t>(x.id));
    GraphEndpoint ph;
    int32_t c = rg.findCapture(key);
    if (c >= 0) {
        ph = rg.captures[size_t(c)].placeholder;
    } else {
        ph = rg.addPlaceholder("Placeholder", x.t.dtype(), PartialShape(x.t.shape()));
        rg.captures.push_back({ ph, std::nullopt, x.t, key });
    }
    if (root == frames().size() - 1) return ph;
    return captureFromOuter(frames().size() - 1, SymRef{ frames()[root].graph, ph.node, ph.output });
}

// What a nested call feeds for one of the callee's captures: the same value captured by the
// function being traced (once per value: the capture's key, a variable or an eager tensor id,
// dedupes it), then passed down to the branch being built.
Input calleeCaptureInput(const FuncGraph& callee, const FuncGraph::Capture& cap) {
    const size_t root = functionRootFrame();
    FuncGraph& rg = *frames()[root].graph;
    const int32_t c = cap.key ? rg.findCapture(cap.key) : -1;
    GraphEndpoint ph;
    if (c >= 0) {
        ph = rg.captures[size_t(c)].placeholder;
    } else {
        const DType dt = cap.value.dtype();
        ph = rg.addPlaceholder(callee.node(cap.placeholder.node).name, dt,
                               dt == DType::Resource ? PartialShape() : PartialShape(cap.value.shape()));
        rg.captures.push_back({ ph, std::nullopt, cap.value, cap.key });
    }
    GraphEndpoint e = root == frames().size() - 1
        ? ph
        : captureFromOuter(frames().size() - 1, SymRef{ frames()[root].graph, ph.node, ph.output });
    return Input{ Tensor(), 0, std::make_shared<SymRef>(SymRef{ frames().back().graph, e.node, e.output }) };
}

// TF's automatic control dependencies for a stateful node (which always runs): an op using a
// resource waits on that resource's last write, and a write also on the reads since (a read is
// ReadVariableOp, or an If's input listed in _read_only_resource_inputs); reads of one resource,
// and ops on different resources, are not ordered. Stateful ops without resource inputs keep
// their program order.
static void orderStateful(TraceFrame& f, int32_t node) {
    FuncGraph& g = *f.graph;
    const GraphNode& n = g.node(node);
    std::vector<int64_t> readOnlyInputs;
    if (const auto* v = n.attrs.find("_read_only_resource_inputs"))
        if (const auto* list = std::get_if<std::vector<int64_t>>(v)) readOnlyInputs = *list;
    std::vector<int32_t> deps;
    bool usesResource = false;
    for (size_t i = 0; i < n.inputs.size(); ++i) {
        const GraphEndpoint e = n.inputs[i];
        if (g.dtype(e) != DType::Resource) continue;
        usesResource = true;
        auto& access = f.resourceAccess[{ e.node, e.output }];
        if (access.lastWrite >= 0) deps.push_back(access.lastWrite);
        const bool read = n.op == "ReadVariableOp" ||
            std::find(readOnlyInputs.begin(), readOnlyInputs.end(), int64_t(i)) != readOnlyInputs.end();
        if (read) {
            access.readsSinceWrite.push_back(node);
        } else {
            deps.insert(deps.end(), access.readsSinceWrite.begin(), access.readsSinceWrite.end());
            access.readsSinceWrite.clear();
            access.lastWrite = node;
        }
    }
    if (!usesResource) {
        if (f.lastStateful >= 0) deps.push_back(f.lastStateful);
        f.lastStateful = node;
    }
    for (int32_t d : deps)
        if (d != node) g.addControlInput(node, d);
    g.controlOutputs.push_back(node);
}

int32_t addControlNoOp(TraceFrame& f) {
    FuncGraph& g = *f.graph;
    std::vector<int32_t> deps;
    bool stateful = false;
    for (size_t i = 0; i < g.nodes().size(); ++i) {
        const GraphNode& n = g.node(int32_t(i));
        if ((n.stateful && n.op != "Placeholder") || n.op == "ReadVariableOp") stateful = true;
        if (n.stateful || n.op == "ReadVariableOp") deps.push_back(int32_t(i));
    }
    if (!stateful) return -1;
    std::vector<GraphEndpoint> none;
    g.addOp("NoOp", none, {}, "NoOp");
    const int32_t noop = int32_t(g.nodes().size() - 1);
    // TF's NoOp lists the ops it waits on by name
    std::sort(deps.begin(), deps.end(), [&](int32_t a, int32_t b) { return g.node(a).name < g.node(b).name; });
    for (int32_t d : deps) g.addControlInput(noop, d);
    return noop;
}

// The name a node of `op` is based on: the name given, else the one the API function set, else the
// op's; "strided_slice/" is a name scope's name, as TF's Python wrappers pass it (`scopeName`:
// the node takes it without the slash).
std::string nodeBaseName(const TraceFrame& f, std::string_view op, const std::optional<std::string>& name,
                         bool* scopeName = nullptr) {
    std::string base = name && !name->empty() ? *name : !f.nextName.empty() ? f.nextName : std::string(op);
    if (ops::OpHandle handle = ops::findOp(op); handle && base == std::string(op)) base = handle->name;
    const bool slash = base.size() > 1 && base.back() == '/';
    if (slash) base.pop_back();
    if (scopeName) *scopeName = slash;
    return base;
}

std::string reserveNextNodeName(std::string_view op, const std::optional<std::string>& name) {
    TraceFrame& f = frames().back();
    if (f.exactName && !f.nextName.empty() && (!name || name->empty())) return f.nextName;
    f.nextName = f.graph->reserveName(scopedName(nodeBaseName(f, op, name)));
    f.exactName = true;
    return f.nextName;
}

std::vector<Value> runOpInGraph(Interpreter& in, std::string_view op, const std::vector<Input>& inputs,
                                const ops::AttrMap& attrs, const std::optional<std::string>& name) {
    (void)in;
    TraceFrame& f = frames().back();
    ops::OpHandle handle = ops::findOp(op);
    bool scopeName = false;
    const std::string base = nodeBaseName(f, op, name, &scopeName);
    // a composite op's last node named after the scope it opened (already unique in the graph)
    const bool exact = f.exactName && (!name || name->empty()) && !f.nextName.empty();
    f.exactName = false;
    const std::string nodeName = exact ? base : f.graph->reserveName(scopedName(base));
    // Input names from the OpDef, for the constants made from Python values.
    std::vector<std::string> argNames;
    if (scopeName && op == "StridedSlice") {
        for (const char* arg : { "input", "begin", "end", "strides" }) argNames.push_back(stackedInputName(op, arg));
    } else if (handle) {
        size_t singles = 0;
        for (const auto& a : handle->inputs) singles += a.kind == ops::ArgDef::Kind::Single ? 1 : 0;
        const size_t listLen = handle->inputs.size() > singles && inputs.size() >= singles
            ? (inputs.size() - singles) / (handle->inputs.size() - singles)
            : 0;
        for (const auto& a : handle->inputs) {
            if (a.kind == ops::ArgDef::Kind::Single) argNames.push_back(a.name);
            else
                for (size_t k = 0; k < listLen; ++k) argNames.push_back(a.name + "_" + std::to_string(k));
        }
    }
    std::vector<GraphEndpoint> eps;
    eps.reserve(inputs.size());
    {
        CaptureScope captures(nodeName);
        for (size_t i = 0; i < inputs.size(); ++i) {
            const std::string constName = i < argNames.size() ? nodeName + "/" + argNames[i] : std::string("Const");
            // TF converts an empty Python list first as float32; where the arg does not allow
            // that, the Const it made stays in the graph and the list is converted again
            const ops::ArgDef* arg = handle && handle->inputs.size() == inputs.size() ? &handle->inputs[i] : nullptr;
            if (arg && arg->kind == ops::ArgDef::Kind::Single && !inputs[i].sym && inputs[i].id == 0 &&
                inputs[i].t.numElements() == 0 && arg->typeAttr >= 0 && inputs[i].t.dtype() != DType::Float32) {
                const ops::AttrDef& ad = handle->attrs[size_t(arg->typeAttr)];
                if (ad.hasAllowedTypes && !(ad.allowedTypes & tensor::maskOf(DType::Float32)))
                    f.graph->addConst(Tensor::zeros(DType::Float32, inputs[i].t.shape()), constName);
            }
            eps.push_back(endpointFor(inputs[i], constName));
        }
    }
    std::vector<GraphEndpoint> outs;
    try {
        outs = f.graph->addOp(op, eps, attrs, nodeName, true);
    } catch (const GraphInputTypeError& e) {
        f.nextName.clear();
        raise(types().TypeError, e.what());
    } catch (const tensor::OpError& e) {
        // Shape inference failing while building a graph is a ValueError in TF.
        f.nextName.clear();
        raise(types().ValueError, e.message());
    }
    f.nextName.clear();
    const GraphNode& n = f.graph->node(outs.empty() ? int32_t(f.graph->nodes().size() - 1) : outs[0].node);
    const int32_t nodeId = int32_t(f.graph->nodes().size() - 1);
    if (n.stateful) orderStateful(f, nodeId);
    std::vector<Value> res;
    std::vector<int64_t> ids;
    for (const auto& e : outs) {
        res.push_back(wrapSymbolic(f.graph, e));
        ids.push_back(tensorData(res.back()).id);
    }
    if (anyTapeActive()) {
        std::vector<Input> outInputs;
        for (auto& r : res) outInputs.push_back({ Tensor(), tensorData(r).id, tensorData(r).sym });
        // The tape keeps the graph's own inputs (the Const made for a Python value included), so
        // gradient nodes use the same ones, as in TF.
        std::vector<Input> graphInputs = inputs;
        for (size_t i = 0; i < graphInputs.size(); ++i)
            if (!graphInputs[i].sym)
                graphInputs[i].sym = std::make_shared<SymRef>(SymRef{ f.graph, eps[i].node, eps[i].output });
        tapeRecordInputs(op, graphInputs, outInputs, attrs);
    }
    return res;
}

// ---------------------------------------------------------------------------------------------
// Variables in a trace

// `captureName`: the name of a placeholder made for the handle now (empty: the variable's name).
static GraphEndpoint variableHandle(const VarData& d, const std::string& captureName = {}) {
    TraceFrame& f = frames().back();
    FuncGraph& g = *f.graph;
    const void* key = &d;
    for (const auto& [k, ep] : g.variableArgs)
        if (k == key) return ep;
    int32_t c = g.findCapture(key);
    if (c >= 0) return g.captures[size_t(c)].placeholder;
    if (f.branch && frames().size() > 1) {
        // A branch: capture the enclosing function's handle.
        TraceFrame inner = std::move(frames().back());
        frames().pop_back();
        GraphEndpoint outerEp = variableHandle(d);
        frames().push_back(std::move(inner));
        FuncGraph& og = *frames()[frames().size() - 2].graph;
        GraphEndpoint ph =
            g.addPlaceholder(og.node(outerEp.node).name, DType::Resource, PartialShape(std::vector<int64_t>{}));
        g.captures.push_back({ ph, outerEp, Tensor(), key });
        return ph;
    }
    std::string base = d.name.substr(0, d.name.find(':'));
    const std::string phName = !captureName.empty() ? captureName : base.empty() ? "Variable" : base;
    GraphEndpoint ph = g.addPlaceholder(phName, DType::Resource, PartialShape(std::vector<int64_t>{}));
    g.captures.push_back({ ph, std::nullopt, d.handle, key });
    return ph;
}

void readVariablesForOp(Interpreter& in, std::string_view op, const std::optional<std::string>& name,
                        std::vector<Value*> values) {
    bool any = false;
    for (const Value* v : values) any = any || (v && isVariable(*v));
    if (!any || !tracing()) return;
    const std::string node = reserveNextNodeName(op, name);
    for (Value* v : values) {
        if (!v || !isVariable(*v)) continue;
        frames().back().readScope = node;
        *v = readVariable(in, *v);
    }
    frames().back().readScope.clear();
    frames().back().nextName = node;
    frames().back().exactName = true;
}

Input variableHandleInput(const Value& var) {
    return variableHandleInput(varData(var));
}

Input variableHandleInput(const VarData& var) {
    GraphEndpoint h = variableHandle(var);
    return Input{ Tensor(), 0, std::make_shared<SymRef>(SymRef{ frames().back().graph, h.node, h.output }) };
}

Value readVariableInGraph(Interpreter& in, const Value& var) {
    return readVariableInGraph(in, varData(var));
}

Value readVariableInGraph(Interpreter& in, VarData& d) {
    TraceFrame& f = frames().back();
    const std::string scope = std::exchange(f.readScope, std::string());
    const std::string reserved = f.nextName;
    const bool reservedExact = f.exactName;
    GraphEndpoint h = variableHandle(d, scope.empty() ? std::string() : scope + "/ReadVariableOp/resource");
    Input hin{ Tensor(), 0, std::make_shared<SymRef>(SymRef{ frames().back().graph, h.node, h.output }) };
    ops::AttrMap attrs{ { "dtype", d.value().dtype() } };
    if (scope.empty()) {
        f.nextName = "ReadVariableOp";
        f.exactName = false;
    } else {
        f.nextName = f.graph->reserveName(scope + "/ReadVariableOp");
        f.exactName = true;
    }
    Value r = runOpInGraph(in, "ReadVariableOp", { hin }, attrs, std::nullopt).at(0);
    if (!scope.empty()) {
        // the op the read was made for keeps the name reserved for it
        f.nextName = reserved;
        f.exactName = reservedExact;
    }
    // The read has the variable's shape (TF knows it from the handle's shape-and-type data).
    const SymRef& rs = *tensorData(r).sym;
    rs.graph->setOutputShapes(rs.node, { PartialShape(d.value().shape()) });
    if (anyTapeActive()) tapeNoteVariableReadSymbolic(d, tensorData(r).id, tensorData(r).sym);
    return r;
}

void assignVariableInGraph(Interpreter& in, const Value& var, const Input& value, const char* op) {
    VarData& d = varData(var);
    GraphEndpoint h = variableHandle(d);
    Input hin{ Tensor(), 0, std::make_shared<SymRef>(SymRef{ frames().back().graph, h.node, h.output }) };
    ops::AttrMap attrs{ { "dtype", d.value().dtype() } };
    std::string opName = std::string(op) == "add" ? "AssignAddVariableOp"
        : std::string(op) == "sub"                ? "AssignSubVariableOp"
                                                  : "AssignVariableOp";
    if (opName == "AssignVariableOp") attrs.set("validate_shape", false);
    runOpInGraph(in, opName, { hin, value }, attrs, std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// SymbolicTensor

namespace {

std::string symRepr(const Value& v) {
    const SymRef& s = symOf(v);
    GraphEndpoint e{ s.node, s.output };
    return "<tf.Tensor '" + s.graph->tensorName(e) + "' shape=" + pyShape(s.graph->shape(e)) +
        " dtype=" + std::string(tensor::dtypeName(s.graph->dtype(e))) + ">";
}

std::string symStr(const Value& v) {
    const SymRef& s = symOf(v);
    GraphEndpoint e{ s.node, s.output };
    return "Tensor(\"" + s.graph->tensorName(e) + "\", shape=" + pyShape(s.graph->shape(e)) +
        ", dtype=" + std::string(tensor::dtypeName(s.graph->dtype(e))) + ")";
}

[[noreturn]] void notAllowed(Interpreter& in, const std::string& task) {
    // TF 2.21's text, with or without AutoGraph.
    raiseTfError(in, "OperatorNotAllowedInGraphError",
                 task +
                     " is not allowed. You can attempt the following resolutions to the problem: If you are running "
                     "in Graph mode, use Eager execution mode or decorate this function with @tf.function. If you are "
                     "using AutoGraph, you can try decorating this function with @tf.function. If that does not work, "
                     "then you may be using an unsupported feature or your source code may not be visible to "
                     "AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/"
                     "g3doc/reference/limitations.md#access-to-source-code for more information.");
}

} // namespace

void buildSymbolicClass() {
    auto& C = classes();
    C.symbolicTensor = makeClass("SymbolicTensor", C.tensorBase);
    ClassObj* c = C.symbolicTensor;
    c->getattrHook = [](Interpreter& in, const Value& self, const std::string& name, Value& out) -> bool {
        const SymRef& s = symOf(self);
        GraphEndpoint e{ s.node, s.output };
        if (name == "shape") {
            const PartialShape& ps = s.graph->shape(e);
            Value dims = Value::none();
            if (ps.hasRank()) {
                std::vector<Value> ds;
                for (auto d : ps.dims()) ds.push_back(d < 0 ? Value::none() : Value::integer(d));
                dims = newList(std::move(ds));
            }
            out = in.call(tfAttr(in, "TensorShape"), { dims });
            return true;
        }
        if (name == "dtype") {
            out = tfDtypeValue(s.graph->dtype(e));
            return true;
        }
        if (name == "name") {
            out = newStr(s.graph->tensorName(e));
            return true;
        }
        if (name == "ndim") {
            out = Value::integer(s.graph->shape(e).rank());
            return true;
        }
        if (name == "device") {
            out = newStr("");
            return true;
        }
        if (name == "_id") {
            out = Value::integer(tensorData(self).id);
            return true;
        }
        if (name == "numpy") raise(types().AttributeError, "'SymbolicTensor' object has no attribute 'numpy'");
        return false;
    };
    setStaticDunder(c, "__repr__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symRepr(a[0])); });
    setStaticDunder(c, "__str__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symStr(a[0])); });
    setStaticDunder(c, "__format__", [](Interpreter&, CallArgs& a) -> Value { return newStr(symStr(a[0])); });
    setMethod(c, "__bool__", [](Interpreter& in, CallArgs&) -> Value {
        notAllowed(in, "Using a symbolic `tf.Tensor` as a Python `bool`");
    });
    setMethod(c, "__iter__",
              [](Interpreter& in, CallArgs&) -> Value { notAllowed(in, "Iterating over a symbolic `tf.Tensor`"); });
    setMethod(c, "__len__", [](Interpreter&, CallArgs& a) -> Value {
        raise(types().TypeError,
              "len is not well defined for a symbolic Tensor (" +
                  symOf(a[0]).graph->tensorName({ symOf(a[0]).node, symOf(a[0]).output }) +
                  "). Please call `x.shape` rather than `len(x)` for shape information.");
    });
    setMethod(c, "__hash__",
              [](Interpreter&, CallArgs& a) -> Value { return Value::integer(int64_t(tensorData(a[0]).id)); });
    setMethod(c, "get_shape", [](Interpreter& in, CallArgs& a) -> Value { return in.getAttr(a[0], "shape"); });
    // set_shape(shape): TF's Tensor.set_shape in a graph: the static shape merged with the one
    // given (later ops infer from it); an incompatible one is a ValueError.
    setMethod(c, "set_shape", [](Interpreter& in, CallArgs& a) -> Value {
        const SymRef& ref = symOf(a[0]);
        PartialShape given = PartialShape::unknown();
        Value dims = a[1];
        if (dims.isKind(ObjKind::Instance) && !in.getAttrOpt(a[1], "_dims", dims)) dims = a[1];
        if (!dims.isNone()) {
            std::vector<int64_t> d;
            for (const Value& x : in.toVector(dims)) d.push_back(x.isNone() ? -1 : in.toIndex(x));
            given = PartialShape(d);
        }
        const PartialShape current = ref.graph->shape({ ref.node, ref.output });
        const std::optional<PartialShape> merged = current.merge(given);
        if (!merged) { // in the words of TF's C API (TF_GraphSetTensorShape)
            if (current.rank() != given.rank())
                raise(types().ValueError,
                      "Shapes must be equal rank, but are " + std::to_string(current.rank()) + " and " +
                          std::to_string(given.rank()));
            for (int i = 0; i < current.rank(); ++i)
                if (current.dim(i) >= 0 && given.dim(i) >= 0 && current.dim(i) != given.dim(i))
                    raise(types().ValueError,
                          "Dimension " + std::to_string(i) + " in both shapes must be equal, but are " +
                              std::to_string(current.dim(i)) + " and " + std::to_string(given.dim(i)) +
                              ". Shapes are " + current.str() + " and " + given.str() + ".");
        }
        std::vector<PartialShape> shapes = ref.graph->node(ref.node).outShapes;
        shapes[static_cast<size_t>(ref.output)] = *merged;
        ref.graph->setOutputShapes(ref.node, shapes);
        return Value::none();
    });
    copyTensorOperators(C.eagerTensor, c);
    C.functionState = makeClass("_FunctionState", nullptr);
}

} // namespace graphlens::eager

// ---------------------------------------------------------------------------------------------
// Functional control flow while tracing: tf.cond -> If / StatelessIf, tf.while_loop -> While /
// StatelessWhile, with branch and body functions in the graph's library.

namespace graphlens::eager {

namespace {

struct BranchResult {
    std::shared_ptr<FuncGraph> graph;
    std::vector<GraphEndpoint> outputs;
};

// A control-flow node's name as the start of its functions' names ("outer/cond" -> "outer_cond").
std::string functionBaseName(std::string nodeName) {
    std::replace(nodeName.begin(), nodeName.end(), '/', '_');
    return nodeName;
}

// Runs `fn(*params)` in a new branch graph whose arguments are placeholders shaped like
// `params`; its results (a flat list) become the graph's outputs through Identity nodes.
// `scope`: the name scope of the branch's nodes, the control-flow node's own name ("cond",
// "while_1"), as TF's cond_v2/while_v2 build their graphs under it.
BranchResult buildBranch(Interpreter& in, const std::string& name, const Value& fn,
                         const std::vector<std::pair<DType, PartialShape>>& params, bool autograph,
                         const std::string& scope, bool whileLoop = false) {
    BranchResult r;
    r.graph = std::make_shared<FuncGraph>(name, frames().back().graph.get());
    FuncGraph& g = *r.graph;
    std::vector<Value> args;
    for (size_t i = 0; i < params.size(); ++i) {
        // while_v2's names for the loop's placeholders: the counter, the maximum, then the variables
        const std::string base = !whileLoop ? std::string("args_") + std::to_string(i)
            : i == 0                        ? "while_loop_counter"
            : i == 1                        ? "while_maximum_iterations"
                                            : "Placeholder";
        GraphEndpoint ph =
            g.addPlaceholder(scope.empty() ? base : scope + "/" + base, params[i].first, params[i].second);
        g.args.push_back(ph.node);
        args.push_back(wrapSymbolic(r.graph, ph));
    }
    TraceFrame f;
    f.graph = r.graph;
    f.branch = true;
    f.autograph = autograph;
    f.firstTensorId = frames().back().firstTensorId;
    pushTraceFrame(std::move(f));
    struct Pop {
        std::string outerScope;
        ~Pop() {
            frames().pop_back();
            nameScope() = outerScope;
        }
    } pop{ nameScope() };
    nameScope() = scope;
    Value result = in.call(fn, args.data(), args.size());
    std::vector<Value> outs = in.toVector(result);
    // Each result as TF's FuncGraph returns it: converted (a Python value becomes a constant of
    // the branch's scope), then an Identity, in whose scope an outer value is captured.
    for (const auto& o : outs) {
        Input x = toInput(in, o);
        const std::string idName = g.reserveName(scope.empty() ? "Identity" : scope + "/Identity");
        GraphEndpoint e;
        if (x.sym) {
            CaptureScope captures(idName);
            e = endpointFor(x);
        } else {
            e = endpointFor(x, scope.empty() ? "Const" : scope + "/Const");
        }
        auto id = g.addOp("Identity", std::span<const GraphEndpoint>(&e, 1), {}, idName, true);
        r.outputs.push_back(id[0]);
    }
    // the NoOp after the Identity nodes that wait on it, as TF's AutomaticControlDependencies
    if (const int32_t noop = addControlNoOp(frames().back()); noop >= 0)
        for (const GraphEndpoint& o : r.outputs) g.addControlInput(o.node, noop);
    g.outputs = r.outputs;
    return r;
}

// Gives every graph the same captures, in one order (the union), so one list of outer inputs
// feeds them all; returns the outer endpoints in that order.
// `dummyName`: the name of the placeholder a graph gets for a value only the others capture
// (cond_v2 names it "cond/Placeholder"); empty: the outer value's name.
std::vector<GraphEndpoint> unifyCaptures(const std::vector<FuncGraph*>& graphs, const std::string& dummyName = {}) {
    std::vector<GraphEndpoint> outer;
    for (FuncGraph* g : graphs)
        for (const auto& c : g->captures)
            if (std::find(outer.begin(), outer.end(), *c.outer) == outer.end()) outer.push_back(*c.outer);
    const FuncGraph& og = *frames().back().graph;
    for (FuncGraph* g : graphs) {
        std::vector<FuncGraph::Capture> ordered;
        for (const auto& e : outer) {
            auto it =
                std::find_if(g->captures.begin(), g->captures.end(), [&](const auto& c) { return *c.outer == e; });
            if (it != g->captures.end()) {
                ordered.push_back(*it);
            } else {
                GraphEndpoint ph =
                    g->addPlaceholder(dummyName.empty() ? og.node(e.node).name : dummyName, og.dtype(e), og.shape(e));
                // the key of the graph that captures it (a variable's, for gradients through the node)
                const void* key = nullptr;
                for (FuncGraph* other : graphs)
                    for (const auto& c : other->captures)
                        if (c.outer && *c.outer == e && c.key) key = c.key;
                ordered.push_back({ ph, e, Tensor(), key });
            }
        }
        g->captures = std::move(ordered);
    }
    return outer;
}

PartialShape mostSpecificCompatible(const PartialShape& a, const PartialShape& b) {
    if (!a.hasRank() || !b.hasRank() || a.rank() != b.rank()) return PartialShape::unknown();
    std::vector<int64_t> d(size_t(a.rank()));
    for (int i = 0; i < a.rank(); ++i) d[size_t(i)] = a.dim(i) == b.dim(i) ? a.dim(i) : -1;
    return PartialShape(d);
}

std::vector<Value> symbolicOutputs(const std::vector<GraphEndpoint>& eps) {
    std::vector<Value> out;
    for (const auto& e : eps) out.push_back(wrapSymbolic(frames().back().graph, e));
    return out;
}

// graph_cond(pred, true_fn, false_fn, autograph) -> list: both fns return flat lists.
Value graphCond(Interpreter& in, CallArgs& a) {
    if (!tracing()) raise(types().RuntimeError, "graph_cond outside a trace");
    Input pred = toInput(in, a[0]);
    GraphEndpoint predEp = endpointFor(pred);
    const bool autograph = a.n > 3 && in.truthy(a[3]);
    FuncGraph& g = *frames().back().graph;
    // the If is named as cond_v2 names it: its name argument ("AssertGuard"), else "cond"
    const std::string condName =
        g.uniqueName(scopedName(a.n > 4 && !a[4].isNone() ? in.str(a[4]) : std::string("cond")));
    // both named before either is built, as cond_v2 names them (TF's uids)
    const std::string trueName = functionBaseName(condName) + "_true_" + std::to_string(takeTfUid());
    const std::string falseName = functionBaseName(condName) + "_false_" + std::to_string(takeTfUid());
    BranchResult t = buildBranch(in, trueName, a[1], {}, autograph, condName);
    BranchResult e = buildBranch(in, falseName, a[2], {}, autograph, condName);
    if (t.outputs.size() != e.outputs.size())
        raise(types().ValueError,
              "true_fn and false_fn arguments to tf.cond must have the same number, type, and overall "
              "structure of return values.");
    std::vector<DType> tout;
    std::vector<PartialShape> shapes;
    for (size_t i = 0; i < t.outputs.size(); ++i) {
        DType dt = t.graph->dtype(t.outputs[i]), de = e.graph->dtype(e.outputs[i]);
        if (dt != de)
            raise(types().TypeError,
                  "true_fn and false_fn arguments to tf.cond must have the same number, type, and "
                  "overall structure of return values.\n\ntrue_fn output: " +
                      std::string(tensor::dtypeName(dt)) + "\nfalse_fn output: " + std::string(tensor::dtypeName(de)));
        tout.push_back(dt);
        shapes.push_back(mostSpecificCompatible(t.graph->shape(t.outputs[i]), e.graph->shape(e.outputs[i])));
    }
    std::vector<GraphEndpoint> outer = unifyCaptures({ t.graph.get(), e.graph.get() }, condName + "/Placeholder");
    std::vector<GraphEndpoint> ins{ predEp };
    std::vector<DType> tin;
    for (const auto& o : outer) {
        ins.push_back(o);
        tin.push_back(g.dtype(o));
    }
    const bool stateful = t.graph->isStateful() || e.graph->isStateful();
    g.library[t.graph->name()] = t.graph;
    g.library[e.graph->name()] = e.graph;
    ops::AttrMap attrs{ { "Tcond", g.dtype(predEp) },
                        { "Tin", tin },
                        { "Tout", tout },
                        { "then_branch", ops::FuncAttr{ t.graph->name() } },
                        { "else_branch", ops::FuncAttr{ e.graph->name() } },
                        { "output_shapes", shapes } };
    std::vector<GraphEndpoint> outs;
    try {
        outs = g.addOp(stateful ? "If" : "StatelessIf", ins, attrs, condName, true);
    } catch (const tensor::OpError& err) {
        raiseOpError(in, err, std::nullopt);
    }
    const int32_t ifNode = outs.empty() ? int32_t(g.nodes().size() - 1) : outs[0].node;
    g.setOutputShapes(ifNode, shapes);
    // cond_v2's attrs: lowered to Switch/Merge when run, and the resource inputs both branches
    // only read (indices into the If's inputs)
    g.setExtraAttr(ifNode, "_lower_using_switch_merge", true);
    std::vector<int64_t> readOnly;
    for (size_t i = 0; i < outer.size(); ++i) {
        if (g.dtype(outer[i]) != DType::Resource) continue;
        bool onlyRead = true;
        for (const FuncGraph* b : { t.graph.get(), e.graph.get() })
            for (const auto& n : b->nodes())
                for (const auto& x : n.inputs)
                    if (x == b->captures[i].placeholder && n.op != "ReadVariableOp") onlyRead = false;
        if (onlyRead) readOnly.push_back(int64_t(i + 1));
    }
    g.setExtraAttr(ifNode, "_read_only_resource_inputs", readOnly);
    if (stateful) orderStateful(frames().back(), int32_t(g.nodes().size() - 1));
    // TF's cond_v2 gives each output an Identity (so the If's outputs have one consumer each).
    std::vector<GraphEndpoint> ids;
    for (const auto& o : outs)
        ids.push_back(g.addOp("Identity", std::span<const GraphEndpoint>(&o, 1), {}, condName + "/Identity")[0]);
    std::vector<Value> result = symbolicOutputs(ids);
    // under a gradient tape: the If is one step whose gradient tf_function.py's gradient= builds
    const Value* gradient = a.kwarg("gradient");
    if (gradient && !gradient->isNone() && anyTapeActive() && !result.empty())
        recordCondStep(in, *gradient, a[0], *t.graph, *e.graph, outer, nullptr, result);
    return newList(std::move(result));
}

// graph_dataset_fn(fn, dtypes, shapes, name) -> (function name, dtypes, shapes, captured): fn
// traced into a library function over arguments of those dtypes and shapes (a shape is None, or
// a list with None for unknown dims), as tf.data traces map / filter / reduce functions. Its
// captures are extra arguments after those; `captured` are the outer tensors to pass for them.
Value graphDatasetFn(Interpreter& in, CallArgs& a) {
    if (!tracing()) raise(types().RuntimeError, "graph_dataset_fn outside a trace");
    std::vector<Value> dtypes = in.toVector(a[1]), shapes = in.toVector(a[2]);
    std::vector<std::pair<DType, PartialShape>> params;
    for (size_t i = 0; i < dtypes.size(); ++i) {
        PartialShape shape = PartialShape::unknown();
        if (i < shapes.size() && !shapes[i].isNone()) {
            std::vector<int64_t> dims;
            for (const auto& d : in.toVector(shapes[i])) dims.push_back(d.isNone() ? -1 : in.toIndex(d));
            shape = PartialShape(dims);
        }
        params.emplace_back(dtypeFromValue(in, dtypes[i]), shape);
    }
    BranchResult f =
        buildBranch(in, (a.n > 3 ? in.str(a[3]) : std::string("dataset_fn")) + "_" + std::to_string(takeTfUid()), a[0],
                    params, true, nameScope());
    FuncGraph& g = *frames().back().graph;
    g.library[f.graph->name()] = f.graph;
    std::vector<Value> outTypes, outShapes, captured;
    for (const auto& e : f.outputs) {
        outTypes.push_back(tfDtypeValue(f.graph->dtype(e)));
        const PartialShape& ps = f.graph->shape(e);
        if (!ps.hasRank()) {
            outShapes.push_back(Value::none());
            continue;
        }
        std::vector<Value> dims;
        for (auto d : ps.dims()) dims.push_back(d < 0 ? Value::none() : Value::integer(d));
        outShapes.push_back(newList(std::move(dims)));
    }
    for (const auto& c : f.graph->captures) captured.push_back(wrapSymbolic(frames().back().graph, *c.outer));
    return newTuple({ newStr(f.graph->name()), newList(std::move(outTypes)), newList(std::move(outShapes)),
                      newList(std::move(captured)) });
}

// graph_while(cond_fn, body_fn, loop_vars, maximum_iterations, autograph) -> list
Value graphWhile(Interpreter& in, CallArgs& a) {
    if (!tracing()) raise(types().RuntimeError, "graph_while outside a trace");
    FuncGraph& g = *frames().back().graph;
    std::vector<Value> vars = in.toVector(a[2]);
    const bool hasMax = a.n > 3 && !a[3].isNone();
    const bool autograph = a.n > 4 && in.truthy(a[4]);
    const std::string whileName = g.uniqueName(scopedName("while"));
    // while_v2 names both functions first (TF's uids), then makes the loop's constants
    const std::string condFnName = functionBaseName(whileName) + "_cond_" + std::to_string(takeTfUid());
    const std::string bodyFnName = functionBaseName(whileName) + "_body_" + std::to_string(takeTfUid());
    // TF makes maximum_iterations first, then the loop counter; they go in as (counter, max).
    const GraphEndpoint maxIterations = hasMax
        ? endpointFor(toInput(in, a[3], DType::Int32))
        : g.addConst(Tensor::scalar<int32_t>(-1), whileName + "/maximum_iterations");
    std::vector<GraphEndpoint> init;
    init.push_back(g.addConst(Tensor::scalar<int32_t>(0), whileName + "/loop_counter"));
    init.push_back(maxIterations);
    for (const auto& v : vars) init.push_back(endpointFor(toInput(in, v)));
    std::vector<std::pair<DType, PartialShape>> params;
    for (const auto& e : init) params.emplace_back(g.dtype(e), g.shape(e));
    const size_t n = vars.size();
    // shape_invariants: per loop variable a TensorShape-like (its dims) or None.
    if (a.n > 5 && !a[5].isNone()) {
        std::vector<Value> inv = in.toVector(a[5]);
        for (size_t i = 0; i < inv.size() && i < n; ++i) {
            if (inv[i].isNone()) continue;
            Value dims = in.getAttr(inv[i], "_dims");
            if (dims.isNone()) {
                params[i + 2].second = PartialShape::unknown();
                continue;
            }
            std::vector<int64_t> d;
            for (const auto& x : in.toVector(dims)) d.push_back(x.isNone() ? -1 : in.toIndex(x));
            params[i + 2].second = PartialShape(d);
        }
    }
    // cond(counter, max, *vars) -> [pred]; body(counter, max, *vars) -> [counter + 1, max, *new vars]
    Value condFn = a[0], bodyFn = a[1];
    Value condWrap = newBuiltin("while_cond", [condFn, hasMax, n](Interpreter& in2, CallArgs& ca) -> Value {
        std::vector<Value> lv(ca.args + 2, ca.args + 2 + n);
        Value p = in2.call(condFn, lv.data(), lv.size());
        if (hasMax) {
            Value less = runOp1(in2, "Less", { toInput(in2, ca[0]), toInput(in2, ca[1]) });
            p = runOp1(in2, "LogicalAnd", { toInput(in2, less), toInput(in2, p) });
        }
        return newList({ p });
    });
    Value bodyWrap = newBuiltin("while_body", [bodyFn, n](Interpreter& in2, CallArgs& ca) -> Value {
        std::vector<Value> lv(ca.args + 2, ca.args + 2 + n);
        Value r = in2.call(bodyFn, lv.data(), lv.size());
        std::vector<Value> nv = in2.toVector(r);
        if (nv.size() != n)
            raise(types().ValueError,
                  "The two structures don't have the same number of elements. First structure has " +
                      std::to_string(n) + " elements, second structure has " + std::to_string(nv.size()) +
                      " elements.");
        currentTraceFrame()->nextName = "add"; // TF's `loop_counter + 1` (the 1 a constant of the body)
        std::vector<Value> out{
            runOp1(in2, "AddV2", { toInput(in2, ca[0]), Input{ Tensor::scalar<int32_t>(1), 0, nullptr } }), ca[1]
        };
        out.insert(out.end(), nv.begin(), nv.end());
        return newList(std::move(out));
    });
    BranchResult c = buildBranch(in, condFnName, condWrap, params, autograph, whileName, true);
    BranchResult b = buildBranch(in, bodyFnName, bodyWrap, params, autograph, whileName, true);
    // Loop variables keep dtype and shape across iterations.
    for (size_t i = 2; i < init.size(); ++i) {
        DType before = params[i].first, after = b.graph->dtype(b.outputs[i]);
        const PartialShape& sb = params[i].second;
        const PartialShape& sa = b.graph->shape(b.outputs[i]);
        if (before != after)
            raise(types().TypeError,
                  "Loop variable " + std::to_string(i - 2) + " enters the loop with type " +
                      std::string(tensor::dtypeName(before)) + ", but has type " +
                      std::string(tensor::dtypeName(after)) + " after 1 iteration.");
        if (!(sa == sb) && !(sb.hasRank() && sa.hasRank() && mostSpecificCompatible(sa, sb) == sb))
            raise(types().ValueError,
                  "Input tensor '" + g.tensorName(init[i]) + "' enters the loop with shape " + sb.debugString() +
                      ", but has shape " + sa.debugString() +
                      " after one iteration. To allow the shape to vary across iterations, use the "
                      "`shape_invariants` argument of tf.while_loop to specify a less-specific shape.");
    }
    std::vector<GraphEndpoint> outer = unifyCaptures({ c.graph.get(), b.graph.get() });
    // The body passes the captured values through.
    for (const auto& cap : b.graph->captures) b.graph->outputs.push_back(cap.placeholder);
    {
        // cond takes the captures as loop variables too (same signature as the body's outputs).
    }
    std::vector<GraphEndpoint> ins = init;
    ins.insert(ins.end(), outer.begin(), outer.end());
    std::vector<DType> T;
    std::vector<PartialShape> shapes;
    for (size_t i = 0; i < ins.size(); ++i) {
        T.push_back(g.dtype(ins[i]));
        shapes.push_back(i < params.size() ? params[i].second : g.shape(ins[i]));
    }
    const bool stateful = c.graph->isStateful() || b.graph->isStateful();
    g.library[c.graph->name()] = c.graph;
    g.library[b.graph->name()] = b.graph;
    ops::AttrMap attrs{ { "T", T },
                        { "cond", ops::FuncAttr{ c.graph->name() } },
                        { "body", ops::FuncAttr{ b.graph->name() } },
                        { "output_shapes", shapes },
                        { "parallel_iterations", int64_t(10) } };
    std::vector<GraphEndpoint> outs;
    try {
        outs = g.addOp(stateful ? "While" : "StatelessWhile", ins, attrs, whileName, true);
    } catch (const tensor::OpError& err) {
        raiseOpError(in, err, std::nullopt);
    }
    const int32_t id = int32_t(g.nodes().size() - 1);
    g.setOutputShapes(id, shapes);
    if (stateful) orderStateful(frames().back(), id);
    // (While outputs are used directly, unlike If's, which TF passes through Identity.)
    std::vector<Value> result =
        symbolicOutputs(std::vector<GraphEndpoint>(outs.begin() + 2, outs.begin() + 2 + long(n)));
    // under a gradient tape: the While is one step whose gradient tf_function.py's gradient= builds
    const Value* gradient = a.kwarg("gradient");
    if (gradient && !gradient->isNone() && anyTapeActive() && !result.empty()) {
        std::vector<Value> initial; // Python numbers as the tensors they became
        for (const Value& v : vars) initial.push_back(isSymbolic(v) || isTensor(v) ? v : wrapInput(toInput(in, v)));
        const std::shared_ptr<FuncGraph>& graph = frames().back().graph;
        recordWhileStep(in, *gradient, *b.graph, initial, outer, nullptr, wrapSymbolic(graph, outs[0]),
                        wrapSymbolic(graph, outs[1]), result);
    }
    return newList(std::move(result));
}

// in_scratch_graph(fn): fn() traced into a throwaway graph (TF evaluates a while loop's first
// test in a temporary FuncGraph to decide whether the loop is staged).
Value inScratchGraph(Interpreter& in, CallArgs& a) {
    if (!tracing()) return in.call(a[0], {});
    TraceFrame f;
    f.graph = std::make_shared<FuncGraph>("tmp", frames().back().graph.get());
    f.branch = true;
    f.scratch = true;
    f.autograph = frames().back().autograph;
    f.firstTensorId = frames().back().firstTensorId;
    pushTraceFrame(std::move(f));
    struct Pop {
        ~Pop() { frames().pop_back(); }
    } pop;
    return in.call(a[0], {});
}

} // namespace

GraphNameScope::GraphNameScope(const std::string& name)
    : m_previous(nameScope()) {
    nameScope() = frames().back().graph->uniqueName(scopedName(name));
}
GraphNameScope::~GraphNameScope() {
    nameScope() = m_previous;
}

void fillControlFlowCore(DictObj* d) {
    d->setStr("set_name_scope", newBuiltin("set_name_scope", [](Interpreter& in, CallArgs& a) -> Value {
                  nameScope() = in.str(a[0]);
                  return Value::none();
              }));
    // enter_name_scope(name) -> (previous scope, new scope) as TF's Graph.name_scope makes it: while
    // tracing the path is made unique in the graph as op names are ("blk", then "blk_1"); "x/"
    // is the absolute scope "x"; "" or None is the root; eagerly the plain path.
    d->setStr("enter_name_scope", newBuiltin("enter_name_scope", [](Interpreter& in, CallArgs& a) -> Value {
                  const std::string previous = nameScope();
                  const std::string name = a[0].isNone() ? std::string() : in.str(a[0]);
                  std::string scope;
                  if (!name.empty() && name.back() == '/') scope = name.substr(0, name.size() - 1);
                  else if (!name.empty()) {
                      scope = scopedName(name);
                      if (tracing()) scope = frames().back().graph->uniqueName(scope);
                  }
                  nameScope() = scope;
                  return newTuple({ newStr(previous), newStr(scope) });
              }));
    d->setStr("in_scratch_graph", newBuiltin("in_scratch_graph", inScratchGraph));
    d->setStr("graph_cond", newBuiltin("graph_cond", graphCond));
    d->setStr("graph_while", newBuiltin("graph_while", graphWhile));
    fillTraceGradCore(d);
    d->setStr("graph_dataset_fn", newBuiltin("graph_dataset_fn", graphDatasetFn));
    // dataset_from_elements([[component, ...], ...]): a DT_VARIANT tensor holding that dataset.
    d->setStr("dataset_from_elements", newBuiltin("dataset_from_elements", [](Interpreter& in, CallArgs& a) -> Value {
                  std::vector<std::vector<Tensor>> elements;
                  for (const auto& e : in.toVector(a[0])) {
                      std::vector<Tensor> components;
                      for (const auto& c : in.toVector(e)) components.push_back(toTensor(in, c));
                      elements.push_back(std::move(components));
                  }
                  return wrapTensor(exec::elementsDataset(std::move(elements)));
              }));
}

} // namespace graphlens::eager

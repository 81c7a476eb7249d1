#include "core/eager/func_graph.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <unordered_set>

#include "core/eager/internal.h"
#include "core/ops/execute.h"
#include "core/ops/kernel_util.h"
#include "core/proto/function.pb.h"
#include "core/proto/graph.pb.h"
#include "core/proto/op_def.pb.h"
#include "core/tensor/errors.h"

namespace graphlens::eager {

void shapeToProto(const PartialShape& s, tensorflow::TensorShapeProto* out) {
    if (!s.hasRank()) {
        out->set_unknown_rank(true);
        return;
    }
    for (int64_t d : s.dims()) out->add_dim()->set_size(d);
}

void tensorToProto(const Tensor& t, tensorflow::TensorProto* out) {
    out->set_dtype(static_cast<tensorflow::DataType>(t.dtype()));
    shapeToProto(PartialShape(t.shape()), out->mutable_tensor_shape());
    if (t.dtype() == DType::String) {
        for (const auto& s : t.flat<std::string>()) out->add_string_val(s);
        return;
    }
    if (tensor::isObjectDType(t.dtype())) return; // resource / variant constants are not serialised
    // TF's make_tensor_proto: bools in bool_val; of the other numbers one element goes in the typed
    // field, more in tensor_content
    if (t.dtype() == DType::Bool) {
        for (bool b : t.flat<bool>()) out->add_bool_val(b);
        return;
    }
    // complex types are not among its tensor_content types: every element in the typed field
    if (t.dtype() == DType::Complex64) {
        for (const auto& z : t.flat<std::complex<float>>()) {
            out->add_scomplex_val(z.real());
            out->add_scomplex_val(z.imag());
        }
        return;
    }
    if (t.dtype() == DType::Complex128) {
        for (const auto& z : t.flat<std::complex<double>>()) {
            out->add_dcomplex_val(z.real());
            out->add_dcomplex_val(z.imag());
        }
        return;
    }
    if (t.numElements() == 1) {
        switch (t.dtype()) {
        case DType::Float32:
            out->add_float_val(t.item<float>());
            return;
        case DType::Float64:
            out->add_double_val(t.item<double>());
            return;
        case DType::Int32:
            out->add_int_val(t.item<int32_t>());
            return;
        case DType::Int16:
            out->add_int_val(t.item<int16_t>());
            return;
        case DType::Int8:
            out->add_int_val(t.item<int8_t>());
            return;
        case DType::UInt8:
            out->add_int_val(t.item<uint8_t>());
            return;
        case DType::Int64:
            out->add_int64_val(t.item<int64_t>());
            return;
        case DType::Float16:
        case DType::BFloat16: {
            uint16_t bits = 0;
            std::memcpy(&bits, t.rawData(), sizeof bits);
            out->add_half_val(bits);
            return;
        }
        default:
            break;
        }
    }
    out->set_tensor_content(std::string(static_cast<const char*>(t.rawData()), t.totalBytes()));
}

namespace {

void attrToProto(const ops::AttrValue& v, tensorflow::AttrValue* out) {
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                out->mutable_list();
            } else if constexpr (std::is_same_v<T, int64_t>) {
                out->set_i(x);
            } else if constexpr (std::is_same_v<T, float>) {
                out->set_f(x);
            } else if constexpr (std::is_same_v<T, bool>) {
                out->set_b(x);
            } else if constexpr (std::is_same_v<T, std::string>) {
                out->set_s(x);
            } else if constexpr (std::is_same_v<T, DType>) {
                out->set_type(static_cast<tensorflow::DataType>(x));
            } else if constexpr (std::is_same_v<T, PartialShape>) {
                shapeToProto(x, out->mutable_shape());
            } else if constexpr (std::is_same_v<T, Tensor>) {
                tensorToProto(x, out->mutable_tensor());
            } else if constexpr (std::is_same_v<T, ops::FuncAttr>) {
                out->mutable_func()->set_name(x.name);
            } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
                auto* l = out->mutable_list();
                for (auto e : x) l->add_i(e);
            } else if constexpr (std::is_same_v<T, std::vector<float>>) {
                auto* l = out->mutable_list();
                for (auto e : x) l->add_f(e);
            } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
                auto* l = out->mutable_list();
                for (bool e : x) l->add_b(e);
            } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
                auto* l = out->mutable_list();
                for (const auto& e : x) l->add_s(e);
            } else if constexpr (std::is_same_v<T, std::vector<DType>>) {
                auto* l = out->mutable_list();
                for (auto e : x) l->add_type(static_cast<tensorflow::DataType>(e));
            } else if constexpr (std::is_same_v<T, std::vector<PartialShape>>) {
                auto* l = out->mutable_list();
                for (const auto& e : x) shapeToProto(e, l->add_shape());
            }
        },
        v);
}

// Output index -> (output arg name, index within the arg), from the node's resolved attrs.
std::pair<std::string, int> outputArg(const GraphNode& n, int output) {
    if (!n.handle) return { "output", output };
    const ops::OpInfo& op = *n.handle;
    int base = 0;
    for (const auto& arg : op.outputs) {
        int count = 1;
        if (arg.kind == ops::ArgDef::Kind::Number) {
            if (const auto* v = n.attrs.find(op.attrs[size_t(arg.numberAttr)].name))
                if (const auto* i = std::get_if<int64_t>(v)) count = int(*i);
        } else if (arg.kind == ops::ArgDef::Kind::TypeList) {
            if (const auto* v = n.attrs.find(op.attrs[size_t(arg.typeListAttr)].name))
                if (const auto* l = std::get_if<std::vector<DType>>(v)) count = int(l->size());
        }
        if (output < base + count) return { arg.name, output - base };
        base += count;
    }
    return { "output", output };
}

} // namespace

std::string FuncGraph::uniqueName(const std::string& base) {
    // As TF's Graph.unique_name: names in use are counted case-insensitively ("Blk" after "blk"
    // is "Blk_1"), the name returned keeps its own capitalisation.
    std::string key = base;
    for (char& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto it = m_nameCounts.find(key);
    if (it == m_nameCounts.end()) {
        m_nameCounts.emplace(key, 1);
        return base;
    }
    for (;;) {
        const std::string suffix = "_" + std::to_string(it->second++);
        if (m_nameCounts.find(key + suffix) == m_nameCounts.end()) {
            m_nameCounts.emplace(key + suffix, 1);
            return base + suffix;
        }
    }
}

FuncGraph::FuncGraph(std::string name, FuncGraph* outer)
    : m_name(std::move(name))
    , m_outer(outer) {
    takeTfUid();
}

namespace {

// The frames of the running script, innermost first; the previous capture is shared when the
// frames are the same (a traced line makes several nodes).
std::shared_ptr<const std::vector<lang::TracebackEntry>> scriptFrames() {
    lang::Interpreter* in = lang::currentInterpreter();
    if (!in) return nullptr;
    std::vector<lang::TracebackEntry> frames;
    for (const lang::Frame* f = in->currentFrame(); f; f = f->back) {
        if (!f->curStmt) continue;
        frames.push_back(lang::TracebackEntry{ f->source, f->lineOverride ? f->lineOverride : f->curStmt->span.line,
                                               std::string(f->name) });
    }
    thread_local std::shared_ptr<const std::vector<lang::TracebackEntry>> last;
    auto same = [](const lang::TracebackEntry& a, const lang::TracebackEntry& b) {
        return a.source == b.source && a.line == b.line && a.function == b.function;
    };
    if (last && last->size() == frames.size() && std::equal(frames.begin(), frames.end(), last->begin(), same))
        return last;
    last = std::make_shared<const std::vector<lang::TracebackEntry>>(std::move(frames));
    return last;
}

} // namespace

const GraphNode* FuncGraph::findNodeDeep(std::string_view name) const {
    for (const auto& n : m_nodes)
        if (n.name == name) return &n;
    for (const auto& [fname, fn] : allLibraryFunctions())
        for (const auto& n : fn->nodes())
            if (n.name == name) return &n;
    return nullptr;
}

GraphEndpoint FuncGraph::appendNode(GraphNode n) {
    takeTfUid(int64_t(n.outTypes.size())); // TF's SymbolicTensor per output, made with the op
    if (!n.definedAt) n.definedAt = scriptFrames();
    m_nodes.push_back(std::move(n));
    return { int32_t(m_nodes.size() - 1), 0 };
}

GraphEndpoint FuncGraph::addPlaceholder(const std::string& name, DType dtype, const PartialShape& shape) {
    GraphNode n;
    n.name = uniqueName(name);
    n.op = "Placeholder";
    n.handle = ops::findOp("Placeholder");
    n.attrs.set("dtype", dtype);
    n.attrs.set("shape", shape);
    n.outTypes = { dtype };
    n.outShapes = { shape };
    return appendNode(std::move(n));
}

GraphEndpoint FuncGraph::addConst(const Tensor& value, const std::string& name) {
    GraphNode n;
    n.name = uniqueName(name);
    n.op = "Const";
    n.handle = ops::findOp("Const");
    n.attrs.set("dtype", value.dtype());
    n.attrs.set("value", value);
    n.outTypes = { value.dtype() };
    n.outShapes = { PartialShape(value.shape()) };
    n.value = value;
    return appendNode(std::move(n));
}

std::vector<GraphEndpoint> FuncGraph::addOp(std::string_view opName, std::span<const GraphEndpoint> inputs,
                                            const AttrMap& attrs, const std::string& name, bool reservedName) {
    ops::OpHandle op = ops::lookupOp(opName);
    std::vector<DType> types;
    std::vector<PartialShape> shapes;
    std::vector<const Tensor*> values;
    for (const auto& e : inputs) {
        types.push_back(dtype(e));
        shapes.push_back(shape(e));
        values.push_back(inferenceValue(e));
    }
    ops::ResolvedAttrs ra(*op, attrs);
    try {
        ops::bindInputs(*op, types, attrs, ra);
    } catch (const ops::InputTypeError& e) {
        throw GraphInputTypeError(e.graphMessage());
    } catch (const tensor::OpError& e) {
        throw GraphInputTypeError(e.message());
    }
    // The name is taken before inference, so a shape error names the node as TF's does.
    GraphNode n;
    n.name = reservedName ? name : uniqueName(name.empty() ? op->name : name);
    std::vector<std::string> inputNames;
    for (const auto& e : inputs)
        inputNames.push_back(m_nodes[size_t(e.node)].name + (e.output > 0 ? ":" + std::to_string(e.output) : ""));
    const ops::NodeForErrors forErrors{ n.name, inputNames };
    ops::InferredOutputs inferred = ops::inferOutputs(op, shapes, types, values, attrs, &forErrors);
    n.op = op->name;
    n.handle = op;
    n.inputs.assign(inputs.begin(), inputs.end());
    n.attrs = ra.all();
    n.outTypes = std::move(inferred.types);
    n.outShapes = std::move(inferred.shapes);
    for (auto& s : n.outShapes)
        if (s.rank() == -1 && !s.hasRank()) s = PartialShape::unknown();
    n.stateful = op->stateful;
    constexpr int64_t kFoldedElements = 64;
    if (n.op == "Pack" && std::all_of(values.begin(), values.end(), [](const Tensor* v) { return v != nullptr; }) &&
        n.outShapes[0].isFullyDefined() && n.outShapes[0].numElements() <= kFoldedElements) {
        std::vector<Tensor> ins;
        for (const Tensor* v : values) ins.push_back(*v);
        try {
            n.foldedValue = ops::execute(op, ins, n.attrs).at(0);
        } catch (const tensor::OpError&) {
            // the op fails when the graph runs, as it would in TF; nothing to fold
        }
    }
    if (!n.foldedValue) n.inferredValue = evaluateForInference(n, shapes, values);
    GraphEndpoint first = appendNode(std::move(n));
    std::vector<GraphEndpoint> outs;
    for (size_t i = 0; i < m_nodes.back().outTypes.size(); ++i) outs.push_back({ first.node, int32_t(i) });
    return outs;
}

// TF's shape inference evaluates small integer tensors computed from constants and static shapes
// (EvaluateConstantTensor: Shape / Size / Rank of known shapes, then stateless ops of such values),
// so that x[i], reshape(x, [n, -1]), tf.range(tf.shape(x)[0]) keep static shapes.
std::optional<Tensor> FuncGraph::evaluateForInference(const GraphNode& n, const std::vector<PartialShape>& shapes,
                                                      const std::vector<const Tensor*>& values) {
    constexpr int64_t kMaxElements = 64;
    if (n.outTypes.size() != 1 ||
        (n.outTypes[0] != DType::Int32 && n.outTypes[0] != DType::Int64 && n.outTypes[0] != DType::Bool))
        return std::nullopt;
    const auto ofType = [&](std::vector<int64_t> v, bool scalar) {
        Tensor t = n.outTypes[0] == DType::Int32 ? Tensor::fromVector(std::vector<int32_t>(v.begin(), v.end()))
                                                 : Tensor::fromVector(v);
        return scalar ? t.reshaped(TensorShape{}) : t;
    };
    if (n.op == "Shape" && !shapes.empty() && shapes[0].isFullyDefined()) return ofType(shapes[0].dims(), false);
    if (n.op == "Size" && !shapes.empty() && shapes[0].isFullyDefined())
        return ofType({ shapes[0].numElements() }, true);
    if (n.op == "Rank" && !shapes.empty() && shapes[0].hasRank()) return ofType({ shapes[0].rank() }, true);
    static const std::unordered_set<std::string> kEvaluated = {
        "Pack",         "StridedSlice", "ConcatV2", "Cast",     "AddV2",      "Sub",       "Mul",
        "FloorDiv",     "FloorMod",     "Maximum",  "Minimum",  "Prod",       "Range",     "ExpandDims",
        "Reshape",      "Squeeze",      "GatherV2", "Identity", "Neg",        "Fill",      "BroadcastArgs",
        "Slice",        "Tile",         "Sum",      "SelectV2", "Select",     "Greater",   "Less",
        "GreaterEqual", "LessEqual",    "Equal",    "NotEqual", "LogicalAnd", "LogicalOr", "LogicalNot",
    };
    if (!kEvaluated.count(n.op) || n.outShapes.empty() || !n.outShapes[0].isFullyDefined() ||
        n.outShapes[0].numElements() > kMaxElements || values.empty())
        return std::nullopt;
    std::vector<Tensor> ins;
    for (const Tensor* v : values) {
        if (!v || v->numElements() > kMaxElements) return std::nullopt;
        ins.push_back(*v);
    }
    try {
        return ops::execute(n.handle, ins, n.attrs).at(0);
    } catch (const tensor::OpError&) {
        return std::nullopt; // the op fails when the graph runs, as it would in TF
    }
}

void FuncGraph::addControlInput(int32_t node, int32_t dependsOn) {
    auto& ci = m_nodes[size_t(node)].controlInputs;
    if (std::find(ci.begin(), ci.end(), dependsOn) == ci.end()) ci.push_back(dependsOn);
}

void FuncGraph::setOutputShapes(int32_t node, const std::vector<PartialShape>& shapes) {
    auto& n = m_nodes[size_t(node)];
    for (size_t i = 0; i < n.outShapes.size() && i < shapes.size(); ++i) n.outShapes[i] = shapes[i];
}

int32_t FuncGraph::findCapture(const void* key) const {
    for (size_t i = 0; i < captures.size(); ++i)
        if (captures[i].key == key) return int32_t(i);
    return -1;
}

bool FuncGraph::isStateful() const {
    for (const auto& n : m_nodes)
        if (n.stateful) return true;
    for (const auto& [name, f] : library)
        if (f->isStateful()) return true;
    return false;
}

std::map<std::string, int64_t> FuncGraph::opHistogram() const {
    std::map<std::string, int64_t> h;
    for (const auto& n : m_nodes) ++h[n.op];
    return h;
}

std::map<std::string, const FuncGraph*> FuncGraph::allLibraryFunctions() const {
    std::map<std::string, const FuncGraph*> all;
    std::vector<const FuncGraph*> todo{ this };
    while (!todo.empty()) {
        const FuncGraph* g = todo.back();
        todo.pop_back();
        for (const auto& [name, f] : g->library)
            if (all.emplace(name, f.get()).second) todo.push_back(f.get());
    }
    return all;
}

std::map<std::string, int64_t> FuncGraph::libraryOpHistogram() const {
    std::map<std::string, int64_t> h;
    // As FunctionDefs hold them: arguments and captures are not nodes.
    for (const auto& [name, f] : allLibraryFunctions()) {
        std::vector<bool> isInput(f->nodes().size(), false);
        for (int32_t id : f->args) isInput[size_t(id)] = true;
        for (const auto& c : f->captures) isInput[size_t(c.placeholder.node)] = true;
        for (size_t i = 0; i < f->nodes().size(); ++i)
            if (!isInput[i]) ++h[f->nodes()[i].op];
    }
    return h;
}

namespace {

// TF's GraphToFunctionDef argument names: lowercase, other characters '_', from the first letter.
std::string normalizedArgName(std::string name) {
    for (char& ch : name) {
        const auto u = static_cast<unsigned char>(ch);
        ch = std::isalnum(u) ? char(std::tolower(u)) : '_';
    }
    const size_t first = name.find_first_of("abcdefghijklmnopqrstuvwxyz");
    return first == std::string::npos ? "unknown" : name.substr(first);
}

} // namespace

void FuncGraph::toFunctionDef(tensorflow::FunctionDef* out) const {
    auto* sig = out->mutable_signature();
    sig->set_name(m_name);
    std::vector<int32_t> inputNodes = args;
    for (const auto& c : captures) inputNodes.push_back(c.placeholder.node);
    std::vector<bool> isInput(m_nodes.size(), false);
    std::vector<std::string> argName(m_nodes.size());
    // names unique among the arguments and results, as TF's NodeNameMapping makes them
    std::map<std::string, int> used;
    auto unique = [&](const std::string& base) {
        auto [it, fresh] = used.emplace(base, 0);
        if (fresh) return base;
        while (true) {
            std::string candidate = base + "_" + std::to_string(it->second++);
            if (used.emplace(candidate, 0).second) return candidate;
        }
    };
    for (size_t i = 0; i < inputNodes.size(); ++i) {
        const int32_t id = inputNodes[i];
        const GraphNode& n = m_nodes[size_t(id)];
        isInput[size_t(id)] = true;
        argName[size_t(id)] = unique(normalizedArgName(n.name));
        auto* a = sig->add_input_arg();
        a->set_name(argName[size_t(id)]);
        a->set_type(static_cast<tensorflow::DataType>(n.outTypes[0]));
        // TF keeps the placeholders' own attrs: the shape, and the name the caller gave
        auto& attrs = *(*out->mutable_arg_attr())[uint32_t(i)].mutable_attr();
        shapeToProto(n.outShapes[0], attrs["_output_shapes"].mutable_list()->add_shape());
        if (i < args.size()) attrs["_user_specified_name"].set_s(n.name);
        else if (const auto* v = n.attrs.find("_user_specified_name"))
            if (const auto* s = std::get_if<std::string>(v)) attrs["_user_specified_name"].set_s(*s);
    }
    (*out->mutable_attr())["_construction_context"].set_s("kEagerRuntime");
    if (isStateful()) sig->set_is_stateful(true);
    auto ref = [&](GraphEndpoint e) {
        const GraphNode& n = m_nodes[size_t(e.node)];
        if (isInput[size_t(e.node)]) return argName[size_t(e.node)];
        auto [arg, idx] = outputArg(n, e.output);
        return n.name + ":" + arg + ":" + std::to_string(idx);
    };
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        if (isInput[i]) continue;
        const GraphNode& n = m_nodes[i];
        auto* nd = out->add_node_def();
        nd->set_name(n.name);
        nd->set_op(n.op);
        for (const auto& e : n.inputs) nd->add_input(ref(e));
        for (int32_t c : n.controlInputs) nd->add_input("^" + m_nodes[size_t(c)].name);
        for (const auto& [k, v] : n.attrs) attrToProto(v, &(*nd->mutable_attr())[k]);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        const std::string name = unique(normalizedArgName(m_nodes[size_t(outputs[i].node)].name));
        auto* a = sig->add_output_arg();
        a->set_name(name);
        a->set_type(static_cast<tensorflow::DataType>(dtype(outputs[i])));
        (*out->mutable_ret())[name] = ref(outputs[i]);
    }
    for (int32_t c : controlOutputs) {
        sig->add_control_output(m_nodes[size_t(c)].name);
        (*out->mutable_control_ret())[m_nodes[size_t(c)].name] = m_nodes[size_t(c)].name;
    }
}

void FuncGraph::collectLibrary(tensorflow::FunctionDefLibrary* out) const {
    for (const auto& [name, f] : allLibraryFunctions()) f->toFunctionDef(out->add_function());
}

void FuncGraph::toGraphDef(tensorflow::GraphDef* out) const {
    for (const auto& n : m_nodes) {
        auto* nd = out->add_node();
        nd->set_name(n.name);
        nd->set_op(n.op);
        for (const auto& e : n.inputs)
            nd->add_input(e.output == 0 ? m_nodes[size_t(e.node)].name
                                        : m_nodes[size_t(e.node)].name + ":" + std::to_string(e.output));
        for (int32_t c : n.controlInputs) nd->add_input("^" + m_nodes[size_t(c)].name);
        for (const auto& [k, v] : n.attrs) attrToProto(v, &(*nd->mutable_attr())[k]);
    }
    // the arguments' placeholders carry the name the caller gave (TF's _user_specified_name)
    for (int32_t id : args)
        (*out->mutable_node(id)->mutable_attr())["_user_specified_name"].set_s(m_nodes[size_t(id)].name);
    if (!allLibraryFunctions().empty()) {
        collectLibrary(out->mutable_library());
        out->mutable_versions()->set_min_consumer(12); // what TF records once a graph calls functions
    }
    out->mutable_versions()->set_producer(2474); // TF 2.21's GraphDef version
}

Tensor evalConstant(const FuncGraph& g, GraphEndpoint e) {
    const auto& nodes = g.nodes();
    std::vector<bool> need(nodes.size(), false);
    need[size_t(e.node)] = true;
    for (size_t i = size_t(e.node) + 1; i-- > 0;) {
        if (!need[i]) continue;
        if (nodes[i].op == "Placeholder")
            throw tensor::InvalidArgumentError("the value depends on the function's input " + nodes[i].name);
        for (const auto& x : nodes[i].inputs) need[size_t(x.node)] = true;
    }
    std::vector<std::vector<Tensor>> values(nodes.size());
    std::vector<Tensor> ins;
    for (size_t i = 0; i <= size_t(e.node); ++i) {
        if (!need[i]) continue;
        const GraphNode& n = nodes[i];
        if (n.value) {
            values[i] = { *n.value };
            continue;
        }
        ins.clear();
        for (const auto& x : n.inputs) ins.push_back(values[size_t(x.node)][size_t(x.output)]);
        values[i] = ops::execute(n.handle, ins, n.attrs);
    }
    return values[size_t(e.node)][size_t(e.output)];
}

} // namespace graphlens::eager

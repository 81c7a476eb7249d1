// `_core.saved_model_load` / `saved_model_call`: the native half of tf.saved_model.load
// (python/tf_function.py). A SavedModel — one tf.saved_model.save wrote here or one real TF
// wrote — is read with the model loader, its variables restored from its checkpoint (and its
// __saved_model_init_op run), and each signature runs its tensors in the main graph on the
// executor, as TF's loader runs a TF1 SavedModel's signatures. The Python half checks the paths
// against the script's sandbox before anything is read. A TF2 SavedModel's object graph is given
// to the Python half too (saved_model_objects), which revives its objects and functions.
#include <algorithm>
#include <map>
#include <memory>

#include "core/eager/internal.h"
#include "core/eager/trace_state.h"
#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/ops/proto_values.h"
#include "core/ops/registry.h"
#include "core/proto/trackable_object_graph.pb.h"
#include "core/util/error.h"

namespace graphlens::eager {

using namespace lang;

namespace {

// A library function's body in an order that runs it (data and control edges first), with each
// op node's attrs converted once: what interpreting it op by op (under tapes, inside traces) needs.
struct FunctionBody {
    const graph::Function* function = nullptr;
    std::vector<graph::NodeId> order;
    std::vector<int32_t> position; // NodeId -> index in `order`
    std::map<graph::NodeId, ops::AttrMap> attrs;
};

struct LoadedModel {
    std::shared_ptr<const graph::Model> model;
    const graph::MetaGraph* metaGraph = nullptr;
    std::map<std::string, std::shared_ptr<const exec::Executable>> compiled; // per signature key
    std::map<std::string, std::shared_ptr<const exec::Executable>> compiledFunctions;
    std::map<std::string, FunctionBody> bodies;
    // library functions as graphs a trace can call, and the restored_function_body wrappers TF
    // calls them through
    std::map<std::string, std::shared_ptr<FuncGraph>> graphs;
    std::map<std::string, std::shared_ptr<FuncGraph>> wrappers;
};

ClassObj* loadedClass() {
    static ClassObj* c = [] {
        ClassObj* k = newBuiltinClass("_saved_model");
        makeImmortal(k);
        return k;
    }();
    return c;
}

LoadedModel& loadedOf(const Value& v) {
    if (!v.isKind(ObjKind::Native) || v.as<NativeObj>()->cls != loadedClass())
        raise(types().TypeError, "_core: expected a loaded SavedModel");
    return *static_cast<LoadedModel*>(v.as<NativeObj>()->payload.get());
}

Value shapeValue(const graph::TensorSpec& s) {
    if (!s.shapeKnown || s.shape.unknown_rank()) return Value::none();
    std::vector<Value> dims;
    for (const auto& d : s.shape.dim()) dims.push_back(d.size() < 0 ? Value::none() : Value::integer(d.size()));
    return newList(std::move(dims));
}

Value specList(const std::vector<graph::TensorSpec>& specs) {
    std::vector<Value> out;
    for (const auto& s : specs)
        out.push_back(newTuple(
            { newStr(s.key), newStr(std::string(tensor::dtypeName(static_cast<DType>(s.dtype)))), shapeValue(s) }));
    return newList(std::move(out));
}

} // namespace

void fillSavedModelObjects(DictObj* d);

void fillSavedModelLoad(DictObj* d) {
    fillSavedModelObjects(d);
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };

    // saved_model_load(dir, tags) -> (model, [(key, [(input, dtype, shape)], [(output, dtype, shape)])])
    def("saved_model_load", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string dir = in.str(a[0]);
        std::vector<std::string> tags;
        if (a.n > 1 && !a[1].isNone())
            for (const Value& t : in.toVector(a[1])) tags.push_back(in.str(t));
        auto loaded = std::make_shared<LoadedModel>();
        try {
            loaded->model = io::loadModel(dir);
        } catch (const FormatError& e) {
            raise(types().EnvironmentError,
                  std::string("SavedModel file does not exist at: ") + dir + " (" + e.what() + ")");
        } catch (const std::exception& e) {
            raise(types().EnvironmentError,
                  std::string("SavedModel file does not exist at: ") + dir + " (" + e.what() + ")");
        }
        if (loaded->model->format != graph::ModelFormat::SavedModel || loaded->model->metaGraphs.empty())
            raise(types().EnvironmentError, "SavedModel file does not exist at: " + dir);
        for (const auto& mg : loaded->model->metaGraphs) {
            bool all = true;
            for (const auto& t : tags) all = all && std::find(mg.tags.begin(), mg.tags.end(), t) != mg.tags.end();
            if (all) {
                loaded->metaGraph = &mg;
                break;
            }
        }
        if (!loaded->metaGraph) {
            std::string want;
            for (const auto& t : tags) want += (want.empty() ? "" : ", ") + t;
            raise(types().RuntimeError,
                  "MetaGraphDef associated with tags {" + want +
                      "} could not be found in SavedModel, with available tags '" +
                      loaded->model->metaGraphs[0].tags.front() + "'");
        }
        const graph::MetaGraph& mg = *loaded->metaGraph;
        // Each load gets its variables in a container of its own: two models with the same
        // variable names (two Keras models' "dense/kernel") must not share one value. The model
        // was read for this load alone, so its graph may still be edited before anything runs.
        static int64_t loads = 0;
        const std::string container = "graphlens_saved_model_" + std::to_string(++loads);
        for (auto& node : const_cast<graph::MetaGraph&>(mg).graph.nodes())
            if (node.op() == "VarHandleOp" && (*node.def().mutable_attr())["container"].s().empty())
                (*node.def().mutable_attr())["container"].set_s(container);
        try {
            exec::restoreVariables(*loaded->model, mg);
            if (const auto* init = mg.signature("__saved_model_init_op"); init && !init->outputs.empty()) {
                std::string target = init->outputs[0].tensorName;
                if (auto colon = target.find(':'); colon != std::string::npos) target.resize(colon);
                std::vector<std::string> none, targets{ target };
                exec::Executable::compileGraph(mg.graph, &mg.library, none, none, targets)->run({});
            }
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        std::vector<Value> sigs;
        for (const auto& s : mg.signatures) {
            if (s.key == "__saved_model_init_op" || s.key == "__saved_model_train_op") continue;
            sigs.push_back(newTuple({ newStr(s.key), specList(s.inputs), specList(s.outputs) }));
        }
        Value handle = Value::adopt(new NativeObj(loadedClass(), loaded));
        return newTuple({ handle, newList(std::move(sigs)) });
    });

    // saved_model_call(model, key, [inputs in the signature's order]) -> [outputs in its order]
    def("saved_model_call", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        const std::string key = in.str(a[1]);
        const graph::MetaGraph& mg = *m.metaGraph;
        const graph::Signature* sig = mg.signature(key);
        if (!sig) raise(types().KeyError, key);
        std::vector<Value> given = in.toVector(a[2]);
        if (given.size() != sig->inputs.size())
            raise(types().TypeError,
                  "signature " + key + " takes " + std::to_string(sig->inputs.size()) + " inputs, got " +
                      std::to_string(given.size()));
        std::vector<Tensor> args;
        for (size_t i = 0; i < given.size(); ++i)
            args.push_back(toTensor(in, given[i], static_cast<DType>(sig->inputs[i].dtype)));
        auto& exe = m.compiled[key];
        if (!exe) {
            std::vector<std::string> feeds, fetches;
            for (const auto& s : sig->inputs) feeds.push_back(s.tensorName);
            for (const auto& s : sig->outputs) fetches.push_back(s.tensorName);
            try {
                exe = exec::Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
        }
        std::vector<Tensor> outputs = runGraphForScript(in, *exe, args);
        std::vector<Value> out;
        for (auto& t : outputs) out.push_back(wrapTensor(std::move(t)));
        return newList(std::move(out));
    });
}

} // namespace graphlens::eager

// ---------------------------------------------------------------------------------------------
// The TF2 object graph of a loaded SavedModel (python/tf_saved_model.py revives it): its nodes,
// concrete functions with their structured signatures, the variables' checkpointed values, and
// the library functions run on the executor or op by op.

namespace graphlens::eager {

namespace {

Value shapeProtoValue(const tensorflow::TensorShapeProto& s) {
    if (s.unknown_rank()) return Value::none();
    std::vector<Value> dims;
    for (const auto& d : s.dim()) dims.push_back(d.size() < 0 ? Value::none() : Value::integer(d.size()));
    return newList(std::move(dims));
}

Value dtypeNameValue(tensorflow::DataType t) {
    return newStr(std::string(tensor::dtypeName(static_cast<DType>(t))));
}

// A StructuredValue as tagged tuples the Python half decodes: ("none",), ("value", v),
// ("list"|"tuple", [items]), ("dict", [(key, item)]), ("namedtuple", name, [(key, item)]),
// ("spec", name, dtype, shape), ("shape", shape), ("dtype", dtype), ("unsupported", what).
Value structuredValue(const tensorflow::StructuredValue& v, int depth = 0) {
    if (depth > 64) return newTuple({ newStr("unsupported"), newStr("nesting deeper than 64") });
    using K = tensorflow::StructuredValue::KindCase;
    auto items = [&](const auto& values) {
        std::vector<Value> out;
        for (const auto& x : values) out.push_back(structuredValue(x, depth + 1));
        return newList(std::move(out));
    };
    switch (v.kind_case()) {
    case K::kNoneValue:
    case K::KIND_NOT_SET:
        return newTuple({ newStr("none") });
    case K::kFloat64Value:
        return newTuple({ newStr("value"), Value::flt(v.float64_value()) });
    case K::kInt64Value:
        return newTuple({ newStr("value"), Value::integer(v.int64_value()) });
    case K::kStringValue:
        return newTuple({ newStr("value"), newStr(v.string_value()) });
    case K::kBoolValue:
        return newTuple({ newStr("value"), Value::boolean(v.bool_value()) });
    case K::kTensorShapeValue:
        return newTuple({ newStr("shape"), shapeProtoValue(v.tensor_shape_value()) });
    case K::kTensorDtypeValue:
        return newTuple({ newStr("dtype"), dtypeNameValue(v.tensor_dtype_value()) });
    case K::kTensorSpecValue: {
        const auto& s = v.tensor_spec_value();
        return newTuple({ newStr("spec"), newStr(s.name()), dtypeNameValue(s.dtype()), shapeProtoValue(s.shape()) });
    }
    case K::kBoundedTensorSpecValue: {
        const auto& s = v.bounded_tensor_spec_value();
        return newTuple({ newStr("spec"), newStr(s.name()), dtypeNameValue(s.dtype()), shapeProtoValue(s.shape()) });
    }
    case K::kListValue:
        return newTuple({ newStr("list"), items(v.list_value().values()) });
    case K::kTupleValue:
        return newTuple({ newStr("tuple"), items(v.tuple_value().values()) });
    case K::kDictValue: {
        // map order is unspecified: keys sorted, as nest flattens a dict
        std::vector<std::string> keys;
        for (const auto& [k, x] : v.dict_value().fields()) keys.push_back(k);
        std::sort(keys.begin(), keys.end());
        std::vector<Value> out;
        for (const auto& k : keys)
            out.push_back(newTuple({ newStr(k), structuredValue(v.dict_value().fields().at(k), depth + 1) }));
        return newTuple({ newStr("dict"), newList(std::move(out)) });
    }
    case K::kNamedTupleValue: {
        std::vector<Value> out;
        for (const auto& p : v.named_tuple_value().values())
            out.push_back(newTuple({ newStr(p.key()), structuredValue(p.value(), depth + 1) }));
        return newTuple({ newStr("namedtuple"), newStr(v.named_tuple_value().name()), newList(std::move(out)) });
    }
    case K::kTypeSpecValue:
        return newTuple({ newStr("unsupported"), newStr("a " + v.type_spec_value().type_spec_class_name() + "") });
    default:
        return newTuple({ newStr("unsupported"), newStr("a tensor value") });
    }
}

Value childrenValue(const tensorflow::SavedObject& n) {
    std::vector<Value> out;
    for (const auto& c : n.children()) out.push_back(newTuple({ newStr(c.local_name()), Value::integer(c.node_id()) }));
    return newList(std::move(out));
}

Value strList(const auto& strings) {
    std::vector<Value> out;
    for (const auto& s : strings) out.push_back(newStr(s));
    return newList(std::move(out));
}

// The checkpoint key of object `node`'s attribute `attribute` in the SavedModel's variables
// bundle (its object graph numbers the nodes as the SavedObjectGraph does).
std::optional<std::string> checkpointKey(const graph::Model& m, int64_t node, const std::string& attribute) {
    if (!m.bundle) return std::nullopt;
    auto bytes = m.bundle->objectGraphBytes();
    if (!bytes) return std::nullopt;
    tensorflow::TrackableObjectGraph og;
    if (!og.ParseFromString(*bytes) || node < 0 || node >= og.nodes_size()) return std::nullopt;
    for (const auto& a : og.nodes(int(node)).attributes())
        if (a.name() == attribute) return a.checkpoint_key();
    return std::nullopt;
}

const graph::Function& libraryFunction(const LoadedModel& m, const std::string& name) {
    const graph::Function* f = m.metaGraph->library.find(name);
    if (!f) raise(types().ValueError, "the SavedModel's library has no function '" + name + "'");
    return *f;
}

// Kahn's order over data and control edges; a body with a cycle (not valid in a FunctionDef)
// is an error naming the function.
FunctionBody& bodyOf(LoadedModel& m, const std::string& name) {
    auto it = m.bodies.find(name);
    if (it != m.bodies.end()) return it->second;
    FunctionBody b;
    b.function = &libraryFunction(m, name);
    const graph::Graph& g = b.function->body;
    const size_t n = g.size();
    std::vector<int32_t> pending(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const graph::Node& node = g.node(graph::NodeId(i));
        for (const auto& e : node.inputs) {
            if (e.node == graph::kNoNode)
                raise(types().ValueError,
                      "function '" + name + "': node '" + node.name() + "' has an input that names no node");
            ++pending[i];
        }
        pending[i] += int32_t(node.controlInputs.size());
    }
    std::vector<graph::NodeId> ready;
    for (size_t i = n; i-- > 0;)
        if (pending[i] == 0) ready.push_back(graph::NodeId(i));
    b.position.assign(n, -1);
    while (!ready.empty()) {
        graph::NodeId id = ready.back();
        ready.pop_back();
        b.position[size_t(id)] = int32_t(b.order.size());
        b.order.push_back(id);
        std::vector<graph::NodeId> next;
        for (const auto& c : g.consumers(id))
            if (--pending[size_t(c.node)] == 0) next.push_back(c.node);
        // keep the file's order among nodes that become ready together
        std::sort(next.begin(), next.end(), std::greater<>());
        ready.insert(ready.end(), next.begin(), next.end());
    }
    if (b.order.size() != n) raise(types().ValueError, "function '" + name + "' has a cycle");
    return m.bodies.emplace(name, std::move(b)).first->second;
}

const ops::AttrMap& nodeAttrs(FunctionBody& b, graph::NodeId id, ops::OpHandle op) {
    auto it = b.attrs.find(id);
    if (it != b.attrs.end()) return it->second;
    ops::AttrMap attrs;
    const graph::Node& n = b.function->body.node(id);
    for (const auto& [name, value] : n.def().attr()) {
        const int idx = op->attrIndex(name);
        if (idx < 0) continue; // "_output_shapes", "_gradient_op_type", ...
        attrs.set(name, ops::attrFromProto(value, op->attrs[size_t(idx)].type));
    }
    return b.attrs.emplace(id, std::move(attrs)).first->second;
}

std::shared_ptr<FuncGraph> functionGraph(Interpreter& in, LoadedModel& m, const std::string& name);

// A library function rebuilt as a FuncGraph (its nodes, attrs and the functions they call), so a
// trace can call it by name and export it in its library.
std::shared_ptr<FuncGraph> buildFunctionGraph(Interpreter& in, LoadedModel& m, const std::string& name) {
    FunctionBody& b = bodyOf(m, name);
    const graph::Graph& body = b.function->body;
    const auto& sig = b.function->def.signature();
    auto g = std::make_shared<FuncGraph>(name);
    std::vector<std::vector<GraphEndpoint>> outs(body.size());
    std::vector<int32_t> nodeOf(body.size(), -1);
    std::vector<GraphEndpoint> rets(size_t(sig.output_arg_size()));
    for (graph::NodeId id : b.order) {
        const graph::Node& n = body.node(id);
        auto attr = [&](const char* key) -> const tensorflow::AttrValue* {
            auto it = n.def().attr().find(key);
            return it == n.def().attr().end() ? nullptr : &it->second;
        };
        std::vector<GraphEndpoint> ins;
        for (const auto& e : n.inputs) ins.push_back(outs[size_t(e.node)].at(size_t(e.output)));
        if (n.kind == graph::NodeKind::Arg) {
            const auto* index = attr("index");
            const int64_t i = index ? index->i() : 0;
            const auto dt =
                i < sig.input_arg_size() ? static_cast<DType>(sig.input_arg(int(i)).type()) : DType::Float32;
            // the argument's shape as TF recorded it (arg_attr's _output_shapes)
            PartialShape shape = PartialShape::unknown();
            if (auto aa = b.function->def.arg_attr().find(uint32_t(i)); aa != b.function->def.arg_attr().end())
                if (auto os = aa->second.attr().find("_output_shapes");
                    os != aa->second.attr().end() && os->second.list().shape_size() == 1) {
                    const auto& sp = os->second.list().shape(0);
                    if (!sp.unknown_rank()) {
                        std::vector<int64_t> dims;
                        for (const auto& d : sp.dim()) dims.push_back(d.size());
                        shape = PartialShape(dims);
                    }
                }
            GraphEndpoint e = g->addPlaceholder(sig.input_arg(int(i)).name(), dt, shape);
            g->args.push_back(e.node);
            outs[size_t(id)] = { e };
            nodeOf[size_t(id)] = e.node;
            continue;
        }
        if (n.kind == graph::NodeKind::Retval) {
            const auto* index = attr("index");
            if (index && index->i() >= 0 && size_t(index->i()) < rets.size() && !ins.empty())
                rets[size_t(index->i())] = ins[0];
            continue;
        }
        if (n.op() == "Const") {
            Tensor t;
            try {
                t = ops::tensorFromProto(n.def().attr().at("value").tensor(), n.name());
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
            GraphEndpoint e = g->addConst(t, n.name());
            outs[size_t(id)] = { e };
            nodeOf[size_t(id)] = e.node;
            continue;
        }
        ops::OpHandle op;
        const ops::AttrMap* attrs = nullptr;
        try {
            op = ops::lookupOp(n.op());
            attrs = &nodeAttrs(b, id, op);
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        for (const auto& ref : n.functions)
            if (!ref.function.empty()) g->library[ref.function] = functionGraph(in, m, ref.function);
        try {
            outs[size_t(id)] = g->addOp(n.op(), ins, *attrs, n.name(), true);
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        nodeOf[size_t(id)] = int32_t(g->nodes().size() - 1);
        for (graph::NodeId c : n.controlInputs)
            if (nodeOf[size_t(c)] >= 0) g->addControlInput(nodeOf[size_t(id)], nodeOf[size_t(c)]);
    }
    g->outputs = rets;
    return g;
}

std::shared_ptr<FuncGraph> functionGraph(Interpreter& in, LoadedModel& m, const std::string& name) {
    auto it = m.graphs.find(name);
    if (it != m.graphs.end()) return it->second;
    auto g = buildFunctionGraph(in, m, name);
    m.graphs[name] = g;
    return g;
}

// TF calls a restored function through a traced "restored_function_body": its arguments, one
// StatefulPartitionedCall of the loaded function, an Identity per output.
std::shared_ptr<FuncGraph> restoredWrapper(Interpreter& in, LoadedModel& m, const std::string& name) {
    auto it = m.wrappers.find(name);
    if (it != m.wrappers.end()) return it->second;
    auto callee = functionGraph(in, m, name);
    auto w = std::make_shared<FuncGraph>("__inference_restored_function_body_" + std::to_string(takeTfUid()));
    std::vector<GraphEndpoint> args;
    std::vector<DType> tin;
    for (int32_t a : callee->args) {
        const GraphNode& p = callee->node(a);
        GraphEndpoint e = w->addPlaceholder(p.name, p.outTypes[0], p.outShapes[0]);
        w->args.push_back(e.node);
        args.push_back(e);
        tin.push_back(p.outTypes[0]);
    }
    w->library[name] = callee;
    std::vector<GraphEndpoint> calls;
    try {
        calls = w->addOp("StatefulPartitionedCall", args, callAttrs(tin, *callee), "StatefulPartitionedCall", true);
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
    if (!calls.empty()) w->setOutputShapes(calls[0].node, outputShapes(*callee));
    for (size_t i = 0; i < calls.size(); ++i) {
        auto id = w->addOp("Identity", std::span<const GraphEndpoint>(&calls[i], 1), {},
                           i == 0 ? std::string("Identity") : "Identity_" + std::to_string(i), true);
        w->outputs.push_back(id[0]);
    }
    m.wrappers[name] = w;
    return w;
}

Input inputOf(Interpreter& in, const Value& v) {
    if (!isVariable(v)) return toInput(in, v);
    if (tracing()) return variableHandleInput(v);
    return Input{ varData(v).handle, 0, nullptr };
}

} // namespace

void fillSavedModelObjects(DictObj* d) {
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };

    // saved_model_objects(model) -> None (no object graph), or (nodes, concrete functions,
    // registered gradients, tensorflow_version, tensorflow_git_version): nodes are (kind,
    // [(child name, id)], details) in node order; concrete functions a dict name -> (bound input
    // node ids, input signature, output signature); registered gradients a dict op type -> function.
    def("saved_model_objects", [](Interpreter&, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        const graph::MetaGraph& mg = *m.metaGraph;
        if (!mg.hasObjectGraph || mg.objectGraph.nodes_size() == 0) return Value::none();
        const auto& og = mg.objectGraph;
        // every node id the Python half follows is checked here, naming the file and the node
        const int32_t count = og.nodes_size();
        std::string file = m.model->path;
        if (file.find(".pb") == std::string::npos)
            file += m.model->textFormat ? "/saved_model.pbtxt" : "/saved_model.pb";
        auto badId = [&](int32_t id, const std::string& where) {
            if (id >= 0 && id < count) return;
            raise(types().ValueError,
                  file + ": SavedModel object graph: " + where + " refers to node " + std::to_string(id) + " of " +
                      std::to_string(count));
        };
        for (int32_t i = 0; i < count; ++i)
            for (const auto& c : og.nodes(i).children())
                badId(c.node_id(), "child '" + c.local_name() + "' of node " + std::to_string(i));
        for (const auto& [name, cf] : og.concrete_functions())
            for (int32_t id : cf.bound_inputs()) badId(id, "a bound input of concrete function '" + name + "'");
        std::vector<Value> nodes;
        for (const auto& n : og.nodes()) {
            using K = tensorflow::SavedObject::KindCase;
            Value details = Value::none();
            std::string kind;
            switch (n.kind_case()) {
            case K::kUserObject:
                kind = "user_object";
                details = newStr(n.user_object().identifier());
                break;
            case K::kVariable: {
                kind = "variable";
                const auto& v = n.variable();
                details = newTuple({ newStr(v.name()), dtypeNameValue(v.dtype()), shapeProtoValue(v.shape()),
                                     Value::boolean(v.trainable()) });
                break;
            }
            case K::kFunction: {
                kind = "function";
                const auto& f = n.function();
                Value sig = f.function_spec().has_input_signature()
                    ? structuredValue(f.function_spec().input_signature())
                    : newTuple({ newStr("none") });
                details =
                    newTuple({ strList(f.concrete_functions()), sig, structuredValue(f.function_spec().fullargspec()),
                               Value::boolean(f.function_spec().is_method()) });
                break;
            }
            case K::kBareConcreteFunction: {
                kind = "bare_concrete_function";
                const auto& f = n.bare_concrete_function();
                details = newTuple({ newStr(f.concrete_function_name()), strList(f.argument_keywords()),
                                     Value::integer(f.allowed_positional_arguments()) });
                break;
            }
            case K::kConstant:
                kind = "constant";
                details = newStr(n.constant().operation());
                break;
            case K::kCapturedTensor:
                kind = "captured_tensor";
                details =
                    newTuple({ newStr(n.captured_tensor().name()), newStr(n.captured_tensor().concrete_function()) });
                break;
            case K::kAsset:
                kind = "asset";
                break;
            case K::kResource:
                kind = "resource";
                break;
            default:
                kind = "unknown";
                break;
            }
            nodes.push_back(newTuple({ newStr(kind), childrenValue(n), details }));
        }
        Value concrete = newDict();
        for (const auto& [name, cf] : og.concrete_functions()) {
            std::vector<Value> bound;
            for (int32_t id : cf.bound_inputs()) bound.push_back(Value::integer(id));
            concrete.as<DictObj>()->setStr(
                name,
                newTuple({ newList(std::move(bound)), structuredValue(cf.canonicalized_input_signature()),
                           structuredValue(cf.output_signature()) }));
        }
        Value grads = newDict();
        for (const auto& r : mg.graphDefRest.library().registered_gradients())
            grads.as<DictObj>()->setStr(r.registered_op_type(), newStr(r.gradient_func()));
        return newTuple({ newList(std::move(nodes)), concrete, grads, newStr(mg.tensorflowVersion),
                          newStr(mg.tensorflowGitVersion) });
    });

    // saved_model_variable(model, node id) -> the variable's checkpointed value, or None
    def("saved_model_variable", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        const int64_t node = in.toIndex(a[1]);
        auto key = checkpointKey(*m.model, node, "VARIABLE_VALUE");
        if (!key || !m.model->bundle->find(*key)) return Value::none();
        try {
            return wrapTensor(ops::tensorFromValue(m.model->bundle->read(*key), m.model->bundle->indexPath()));
        } catch (const FormatError& e) {
            raise(types().ValueError, e.what());
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
    });

    // saved_model_constant(model, operation) -> the value of a Const node of the main graph
    def("saved_model_constant", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        const std::string op = in.str(a[1]);
        const graph::NodeId id = m.metaGraph->graph.find(op);
        if (id == graph::kNoNode || m.metaGraph->graph.node(id).op() != "Const")
            raise(types().ValueError, "the SavedModel's graph has no constant '" + op + "'");
        try {
            return wrapTensor(ops::tensorFromProto(m.metaGraph->graph.node(id).def().attr().at("value").tensor(), op));
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
    });

    // saved_model_fn_run(model, name, [inputs]) -> [outputs] on the executor, or None while a
    // trace or a gradient tape needs the ops one by one (saved_model_fn_body)
    def("saved_model_fn_run", [](Interpreter& in, CallArgs& a) -> Value {
        if (tracing() || anyTapeActive()) return Value::none();
        LoadedModel& m = loadedOf(a[0]);
        const std::string name = in.str(a[1]);
        const graph::Function& f = libraryFunction(m, name);
        std::vector<Value> given = in.toVector(a[2]);
        if (int(given.size()) != f.def.signature().input_arg_size())
            raise(types().TypeError,
                  "function '" + name + "' takes " + std::to_string(f.def.signature().input_arg_size()) +
                      " inputs, got " + std::to_string(given.size()));
        std::vector<Tensor> feeds;
        for (size_t i = 0; i < given.size(); ++i) {
            const auto dt = static_cast<DType>(f.def.signature().input_arg(int(i)).type());
            feeds.push_back(isVariable(given[i]) ? varData(given[i]).handle : toTensor(in, given[i], dt));
        }
        auto& exe = m.compiledFunctions[name];
        if (!exe) {
            try {
                exe = exec::Executable::compileFunction(m.metaGraph->library, name);
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
        }
        std::vector<Value> out;
        for (auto& t : runGraphForScript(in, *exe, feeds)) out.push_back(wrapTensor(std::move(t)));
        return newList(std::move(out));
    });

    // saved_model_fn_call(model, name, [inputs]) -> [outputs]: inside a trace, a
    // call of the restored function (through its restored_function_body) as TF's graph holds it
    def("saved_model_fn_call", [](Interpreter& in, CallArgs& a) -> Value {
        // under a tape the body is added op by op instead, so its gradient can be taken
        if (anyTapeActive()) raise(types().NotImplementedError, "saved_model_fn_call under a gradient tape");
        LoadedModel& m = loadedOf(a[0]);
        const std::string name = in.str(a[1]);
        auto w = restoredWrapper(in, m, name);
        std::vector<Input> ins;
        for (const Value& v : in.toVector(a[2])) ins.push_back(inputOf(in, v));
        if (ins.size() != w->args.size())
            raise(types().TypeError,
                  "function '" + name + "' takes " + std::to_string(w->args.size()) + " inputs, got " +
                      std::to_string(ins.size()));
        std::vector<Value> outs = addCallNode(in, w, ins, true);
        return newList(std::move(outs));
    });

    // saved_model_fn_body(model, name) -> ([(op, [(position, output)], arg index, {func attr: name},
    // gradient op type)], [(position, output)] of the results): the body in an order that runs it
    def("saved_model_fn_body", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        FunctionBody& b = bodyOf(m, in.str(a[1]));
        const graph::Graph& g = b.function->body;
        std::vector<Value> nodes, rets(size_t(b.function->def.signature().output_arg_size()), Value::none());
        auto endpoint = [&](const graph::Endpoint& e) {
            return newTuple({ Value::integer(b.position[size_t(e.node)]), Value::integer(e.output) });
        };
        for (graph::NodeId id : b.order) {
            const graph::Node& n = g.node(id);
            std::vector<Value> ins;
            for (const auto& e : n.inputs) ins.push_back(endpoint(e));
            Value funcs = newDict();
            for (const auto& ref : n.functions)
                if (!ref.attr.empty()) funcs.as<DictObj>()->setStr(ref.attr, newStr(ref.function));
            auto attr = [&](const char* key) -> const tensorflow::AttrValue* {
                auto it = n.def().attr().find(key);
                return it == n.def().attr().end() ? nullptr : &it->second;
            };
            const auto* index = attr("index");
            const auto* gradType = attr("_gradient_op_type");
            if (n.kind == graph::NodeKind::Retval && index && index->i() >= 0 && size_t(index->i()) < rets.size() &&
                !n.inputs.empty())
                rets[size_t(index->i())] = endpoint(n.inputs[0]);
            nodes.push_back(newTuple({ newStr(n.op()), newList(std::move(ins)),
                                       Value::integer(n.kind == graph::NodeKind::Arg && index ? index->i() : -1), funcs,
                                       gradType ? newStr(gradType->s()) : Value::none(), newStr(n.name()) }));
        }
        return newTuple({ newList(std::move(nodes)), newList(std::move(rets)) });
    });

    // saved_model_node_run(model, name, position, [inputs]) -> [outputs]: one op of a body run as
    // an eager op (recorded on tapes) or added to the graph being traced
    def("saved_model_node_run", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        FunctionBody& b = bodyOf(m, in.str(a[1]));
        const int64_t pos = in.toIndex(a[2]);
        if (pos < 0 || size_t(pos) >= b.order.size()) raise(types().IndexError, "node position out of range");
        const graph::NodeId id = b.order[size_t(pos)];
        const graph::Node& n = b.function->body.node(id);
        std::vector<Value> given = in.toVector(a[3]);
        if (n.op() == "Const") {
            auto it = n.def().attr().find("value");
            if (it == n.def().attr().end()) raise(types().ValueError, "Const '" + n.name() + "' has no value");
            Tensor t;
            try {
                t = ops::tensorFromProto(it->second.tensor(), n.name());
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
            return newList({ tracing() ? constantValue(t) : wrapTensor(std::move(t)) });
        }
        ops::OpHandle op;
        try {
            op = ops::lookupOp(n.op());
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        const ops::AttrMap* attrs = nullptr;
        try {
            attrs = &nodeAttrs(b, id, op);
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        std::vector<Input> inputs;
        for (const Value& v : given) inputs.push_back(inputOf(in, v));
        return newList(runOp(in, n.op(), inputs, *attrs, std::nullopt));
    });
}

} // namespace graphlens::eager

#include "core/graph/io/meta_graph_builder.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/graph/io/tensor_value.h"

namespace graphlens::io {
namespace {

using graph::Endpoint;
using graph::kNoNode;
using graph::NodeId;

bool isVariableOp(const std::string& op) {
    return op == "VariableV2" || op == "Variable" || op == "VarHandleOp" || op == "TemporaryVariable";
}

int64_t saturatingElements(const tensorflow::TensorShapeProto& shape, bool* known) {
    *known = !shape.unknown_rank();
    int64_t elements = 1;
    for (const auto& d : shape.dim()) {
        if (d.size() < 0) {
            *known = false;
            return 0;
        }
        if (d.size() != 0 && elements > INT64_MAX / d.size()) return INT64_MAX;
        elements *= d.size();
    }
    return elements;
}

void buildGraph(graph::MetaGraph& meta, google::protobuf::RepeatedPtrField<tensorflow::NodeDef>* nodes,
                const Progress& progress) {
    graph::Graph& g = meta.graph;
    // Taken from the back and freed one by one, so the parsed GraphDef and the IR never both hold
    // every node at once.
    const int total = nodes->size();
    std::vector<std::unique_ptr<tensorflow::NodeDef>> released(static_cast<size_t>(total));
    for (int i = total - 1; i >= 0; --i) released[static_cast<size_t>(i)].reset(nodes->ReleaseLast());
    g.nodes().reserve(static_cast<size_t>(total));
    for (int i = 0; i < total; ++i) {
        if ((i & 4095) == 0) progress(0.3 + 0.3 * i / std::max(1, total), "building graph");
        graph::Node node(std::move(released[static_cast<size_t>(i)]));
        node.numOutputs = static_cast<int32_t>(meta.ops->outputTypes(node.def()).size());
        if (node.numOutputs == 0 && !meta.ops->find(node.op())) node.numOutputs = -1;
        g.addNode(std::move(node));
    }
    meta.library.attachRefs(g);
    progress(0.65, "resolving edges");
    g.finalize();
    meta.library.linkCalls(g);
}

graph::TensorSpec tensorSpec(const std::string& key, const tensorflow::TensorInfo& info, const graph::Graph& g) {
    graph::TensorSpec spec;
    spec.key = key;
    spec.tensorName = info.name();
    if (info.has_coo_sparse()) spec.tensorName = info.coo_sparse().values_tensor_name();
    spec.dtype = info.dtype();
    spec.shape = info.tensor_shape();
    spec.shapeKnown = info.has_tensor_shape() && !info.tensor_shape().unknown_rank();
    const graph::InputRef ref = graph::parseInput(spec.tensorName);
    spec.endpoint.node = g.find(ref.node);
    if (!ref.port.empty()) spec.endpoint.output = std::atoi(std::string(ref.port).c_str());
    return spec;
}

// In a SavedModel's restore function: which argument receives which checkpoint key
// (AssignVariableOp(_Arg i, Identity*(RestoreV2:k)) with tensor_names[k] the key).
std::vector<std::pair<int32_t, std::string>> restoredKeys(const graph::Function& function) {
    std::vector<std::pair<int32_t, std::string>> out;
    const graph::Graph& body = function.body;
    for (size_t id = 0; id < body.size(); ++id) {
        const graph::Node& assign = body.nodes()[id];
        if (assign.op() != "AssignVariableOp" || assign.inputs.size() < 2) continue;
        const Endpoint target = assign.inputs[0];
        if (target.node == kNoNode || body.node(target.node).kind != graph::NodeKind::Arg) continue;
        Endpoint value = assign.inputs[1];
        for (int hop = 0; hop < 4 && value.node != kNoNode && body.node(value.node).op() == "Identity" &&
             !body.node(value.node).inputs.empty();
             ++hop)
            value = body.node(value.node).inputs[0];
        if (value.node == kNoNode) continue;
        const graph::Node& restore = body.node(value.node);
        if ((restore.op() != "RestoreV2" && restore.op() != "RestoreV2_1") || restore.inputs.size() < 2) continue;
        const Endpoint names = restore.inputs[1];
        if (names.node == kNoNode || body.node(names.node).op() != "Const") continue;
        auto tensor = body.node(names.node).def().attr().find("value");
        if (tensor == body.node(names.node).def().attr().end()) continue;
        const auto& strings = tensor->second.tensor().string_val();
        if (value.output < strings.size()) out.emplace_back(target.node, strings[value.output]);
    }
    return out;
}

} // namespace

int firstImplausibleNode(const tensorflow::GraphDef& graph) {
    for (int i = 0; i < graph.node_size(); ++i) {
        const std::string& op = graph.node(i).op();
        if (op.empty()) return i;
        for (char c : op)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '>' || c == '.' || c == '-'))
                return i;
    }
    return -1;
}

bool plausibleGraph(const tensorflow::GraphDef& graph) {
    return firstImplausibleNode(graph) < 0;
}

graph::MetaGraph buildMetaGraph(tensorflow::MetaGraphDef&& meta, const std::string& file, const Progress& progress) {
    (void)file;
    graph::MetaGraph out;
    const auto& info = meta.meta_info_def();
    out.tags.assign(info.tags().begin(), info.tags().end());
    out.tensorflowVersion = info.tensorflow_version();
    out.tensorflowGitVersion = info.tensorflow_git_version();
    out.producer = meta.graph_def().versions().producer();
    out.ops = std::make_shared<graph::OpRegistry>(info.stripped_op_list(), &graph::OpRegistry::builtin());

    const bool hadLibrary = meta.graph_def().has_library(); // mutable_library() below sets it
    progress(0.2, "building function library");
    out.library = graph::FunctionLibrary(std::move(*meta.mutable_graph_def()->mutable_library()), *out.ops);
    buildGraph(out, meta.mutable_graph_def()->mutable_node(), progress);
    {
        // What is left of the GraphDef once its nodes and functions moved into the IR.
        tensorflow::GraphDef& rest = *meta.mutable_graph_def();
        rest.clear_node();
        if (hadLibrary) rest.mutable_library()->clear_function();
        else rest.clear_library();
        out.graphDefRest.Swap(&rest);
    }

    std::map<std::string, const tensorflow::SignatureDef*> sorted;
    for (const auto& [key, sig] : meta.signature_def()) sorted.emplace(key, &sig);
    for (const auto& [key, sig] : sorted) {
        graph::Signature s;
        s.key = key;
        s.methodName = sig->method_name();
        std::map<std::string, const tensorflow::TensorInfo*> inputs;
        std::map<std::string, const tensorflow::TensorInfo*> outputs;
        for (const auto& [k, v] : sig->inputs()) inputs.emplace(k, &v);
        for (const auto& [k, v] : sig->outputs()) outputs.emplace(k, &v);
        for (const auto& [k, v] : inputs) s.inputs.push_back(tensorSpec(k, *v, out.graph));
        for (const auto& [k, v] : outputs) s.outputs.push_back(tensorSpec(k, *v, out.graph));
        out.signatures.push_back(std::move(s));
    }
    for (const auto& [key, value] : meta.collection_def()) out.collections.push_back(key);
    std::sort(out.collections.begin(), out.collections.end());
    for (const auto& asset : meta.asset_file_def())
        out.assets.push_back({ asset.filename(), asset.tensor_info().name(), -1 });
    out.hasObjectGraph = meta.has_object_graph_def();
    if (out.hasObjectGraph) out.objectGraph.Swap(meta.mutable_object_graph_def());
    out.hasSaverDef = meta.has_saver_def();
    if (out.hasSaverDef) out.saverDef.Swap(meta.mutable_saver_def());
    joinVariables(out, {}, nullptr);
    return out;
}

graph::MetaGraph buildFromGraphDef(tensorflow::GraphDef&& graphDef, const std::string& file, const Progress& progress) {
    tensorflow::MetaGraphDef meta;
    meta.mutable_graph_def()->Swap(&graphDef);
    return buildMetaGraph(std::move(meta), file, progress);
}

void joinVariables(graph::MetaGraph& meta, const std::vector<graph::CheckpointEntry>& checkpoint,
                   const tensorflow::TrackableObjectGraph* checkpointGraph) {
    const graph::Graph& g = meta.graph;
    std::map<std::string, const graph::CheckpointEntry*> byKey;
    for (const auto& e : checkpoint) byKey.emplace(e.key, &e);
    meta.variables.clear();
    std::set<std::string> usedKeys;

    auto fillFromCheckpoint = [&](graph::Variable& v) {
        auto it = byKey.find(v.checkpointKey);
        if (it == byKey.end()) {
            v.checkpointKey.clear();
            return;
        }
        usedKeys.insert(v.checkpointKey);
        v.bytes = it->second->bytes;
        if (v.dtype == tensorflow::DT_INVALID) v.dtype = it->second->dtype;
        if (!v.shapeKnown) {
            v.shape = it->second->shape;
            v.shapeKnown = true;
        }
    };
    auto setShape = [](graph::Variable& v, const tensorflow::TensorShapeProto& shape) {
        bool known = false;
        const int64_t elements = saturatingElements(shape, &known);
        v.shapeKnown = known;
        v.shape.clear();
        for (const auto& d : shape.dim()) v.shape.push_back(d.size());
        const int64_t size = static_cast<int64_t>(dtypeSize(v.dtype));
        if (known) v.bytes = (size > 0 && elements > INT64_MAX / size) ? INT64_MAX : elements * size;
    };

    std::set<NodeId> covered;

    // TF2: variables are objects of the SavedObjectGraph; node i matches the checkpoint's node i.
    // Their handles in the graph are found the way TF itself wires them: a call of a concrete
    // function passes the objects of its bound_inputs as its last inputs, and the restore function
    // assigns RestoreV2's tensor k (a checkpoint key) to its resource argument. Names are not used:
    // Keras gives several variables the same name.
    if (meta.hasObjectGraph) {
        std::map<int, size_t> variableOfObject;
        for (int i = 0; i < meta.objectGraph.nodes_size(); ++i) {
            const auto& object = meta.objectGraph.nodes(i);
            if (!object.has_variable()) continue;
            const auto& sv = object.variable();
            graph::Variable v;
            v.source = graph::Variable::Source::ObjectGraph;
            v.name = sv.name().empty() ? "variable_" + std::to_string(i) : sv.name();
            v.dtype = sv.dtype();
            v.trainable = sv.trainable();
            setShape(v, sv.shape());
            if (checkpointGraph && i < checkpointGraph->nodes_size()) {
                for (const auto& attr : checkpointGraph->nodes(i).attributes())
                    if (attr.name() == "VARIABLE_VALUE") v.checkpointKey = attr.checkpoint_key();
            }
            fillFromCheckpoint(v);
            variableOfObject[i] = meta.variables.size();
            meta.variables.push_back(std::move(v));
        }
        auto link = [&](size_t variable, NodeId handle) {
            if (handle == kNoNode || !isVariableOp(g.node(handle).op()) || covered.count(handle)) return;
            covered.insert(handle);
            auto& v = meta.variables[variable];
            v.handles.push_back(handle);
            if (v.node == kNoNode) v.node = handle;
        };
        std::map<std::string, size_t> variableOfKey;
        for (size_t k = 0; k < meta.variables.size(); ++k)
            if (!meta.variables[k].checkpointKey.empty()) variableOfKey[meta.variables[k].checkpointKey] = k;
        for (size_t id = 0; id < g.size(); ++id) {
            const graph::Node& call = g.nodes()[id];
            for (const auto& ref : call.functions) {
                auto concrete = meta.objectGraph.concrete_functions().find(ref.function);
                if (concrete != meta.objectGraph.concrete_functions().end()) {
                    const auto& bound = concrete->second.bound_inputs();
                    const size_t first = call.inputs.size() >= static_cast<size_t>(bound.size())
                        ? call.inputs.size() - static_cast<size_t>(bound.size())
                        : call.inputs.size();
                    for (int b = 0; b < bound.size() && first + static_cast<size_t>(b) < call.inputs.size(); ++b) {
                        auto var = variableOfObject.find(bound[b]);
                        if (var != variableOfObject.end())
                            link(var->second, call.inputs[first + static_cast<size_t>(b)].node);
                    }
                }
                const graph::Function* body = meta.library.find(ref.function);
                if (!body || ref.function.find("_traced_restore") == std::string::npos) continue;
                for (const auto& [argIndex, key] : restoredKeys(*body)) {
                    auto var = variableOfKey.find(key);
                    if (var != variableOfKey.end() && static_cast<size_t>(argIndex) < call.inputs.size())
                        link(var->second, call.inputs[static_cast<size_t>(argIndex)].node);
                }
            }
        }
    }
    // TF1 (and TF2 graphs without object graph): variable nodes; the checkpoint key is the name.
    for (size_t i = 0; i < g.size(); ++i) {
        const auto& node = g.nodes()[i];
        if (!isVariableOp(node.op()) || covered.count(static_cast<NodeId>(i))) continue;
        graph::Variable v;
        v.name = node.name();
        v.node = static_cast<NodeId>(i);
        auto dtype = node.def().attr().find("dtype");
        if (dtype != node.def().attr().end()) v.dtype = dtype->second.type();
        auto shape = node.def().attr().find("shape");
        if (shape != node.def().attr().end()) setShape(v, shape->second.shape());
        v.checkpointKey = node.name();
        fillFromCheckpoint(v);
        meta.variables.push_back(std::move(v));
    }
    // Checkpoint entries nothing in the graph refers to (optimizer slots, TF2 without graph).
    for (const auto& e : checkpoint) {
        if (usedKeys.count(e.key) || e.key == "_CHECKPOINTABLE_OBJECT_GRAPH" || e.key.empty()) continue;
        graph::Variable v;
        v.source = graph::Variable::Source::Checkpoint;
        v.name = e.key;
        v.checkpointKey = e.key;
        v.dtype = e.dtype;
        v.shape = e.shape;
        v.shapeKnown = true;
        v.bytes = e.bytes;
        v.trainable = false;
        meta.variables.push_back(std::move(v));
    }

    // Readers: consumers of the variable node, followed into function bodies through calls.
    for (auto& v : meta.variables) {
        if (v.node == kNoNode) continue;
        if (v.handles.empty()) v.handles.push_back(v.node);
        struct Item {
            int32_t function;
            NodeId node;
            int depth;
        };
        std::vector<Item> work;
        for (NodeId handle : v.handles) work.push_back({ -1, handle, 0 });
        std::set<std::pair<int32_t, NodeId>> seen;
        while (!work.empty()) {
            const Item item = work.back();
            work.pop_back();
            const graph::Graph& body =
                item.function < 0 ? g : meta.library.functions()[static_cast<size_t>(item.function)].body;
            for (const auto& c : body.consumers(item.node)) {
                if (c.inputIndex < 0 || !seen.insert({ item.function, c.node }).second) continue;
                const graph::Node& consumer = body.node(c.node);
                if (consumer.functions.empty() || item.depth >= 16) {
                    v.readers.emplace_back(item.function, c.node);
                    continue;
                }
                for (const auto& ref : consumer.functions) {
                    const int32_t callee = meta.library.indexOf(ref.function);
                    if (callee < 0) continue;
                    const graph::Graph& calleeBody = meta.library.functions()[static_cast<size_t>(callee)].body;
                    // Call inputs map one-to-one onto the callee's _Arg nodes (If/Case skip the condition).
                    int32_t argIndex = c.inputIndex;
                    if (consumer.op() == "If" || consumer.op() == "StatelessIf" || consumer.op() == "Case" ||
                        consumer.op() == "StatelessCase")
                        --argIndex;
                    if (argIndex >= 0 && static_cast<size_t>(argIndex) < calleeBody.size() &&
                        calleeBody.node(argIndex).kind == graph::NodeKind::Arg)
                        work.push_back({ callee, argIndex, item.depth + 1 });
                }
            }
        }
    }
}

} // namespace graphlens::io

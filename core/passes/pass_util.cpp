#include "core/passes/pass_util.h"

#include <algorithm>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <unordered_map>

#include "core/graph/graph.h"
#include "core/graph/op_registry.h"
#include "core/ops/proto_values.h"
#include "core/ops/registry.h"
#include "core/proto/op_def.pb.h"
#include "core/tensor/resource_handle.h"

namespace graphlens::passes {
std::string deterministicBytes(const google::protobuf::MessageLite& message) {
    std::string bytes;
    deterministicBytes(message, bytes);
    return bytes;
}

void deterministicBytes(const google::protobuf::MessageLite& message, std::string& out) {
    out.clear();
    // The streams flush into `out` when they go.
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
}

const tensorflow::FunctionDef* findFunction(const tensorflow::FunctionDefLibrary& library, const std::string& name) {
    for (const auto& f : library.function())
        if (f.signature().name() == name) return &f;
    return nullptr;
}

std::unordered_set<std::string> preservedNodes(const tensorflow::GraphDef& graph, const PassOptions& options) {
    std::unordered_set<std::string> out;
    for (const auto* list : { &options.fetches, &options.feeds, &options.preserve })
        for (const auto& name : *list) out.insert(std::string(splitInput(name).first));
    if (options.fetches.empty() && options.preserve.empty()) {
        const GraphIndex index(graph);
        for (int32_t i = 0; i < index.size(); ++i)
            if (index.consumers(i).empty()) out.insert(index.node(i).name());
    }
    return out;
}

bool isStatefulNode(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library) {
    const std::string& op = node.op();
    if (op == "_Arg" || op == "_Retval" || graph::isPlaceholderOp(op) || op == "PlaceholderWithDefault") return true;
    if (findFunction(library, op)) return true; // a direct call: its body may have effects
    const auto* info = ops::findOp(op);
    if (info) return info->stateful;
    const auto* def = graph::OpRegistry::builtin().find(op);
    return !def || def->is_stateful();
}

namespace {

// Whether running `function` has effects beyond its results: a stateful op in its body, followed
// into the functions it calls (a bounded depth; deeper calls count as effects).
bool functionHasEffects(const std::string& name, const tensorflow::FunctionDefLibrary& library, int depth) {
    const auto* f = findFunction(library, name);
    if (!f || depth > 8) return true;
    for (const auto& n : f->node_def())
        if (hasSideEffectsAt(n, library, depth + 1)) return true;
    return false;
}

} // namespace

bool hasSideEffectsAt(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library, int depth) {
    const std::string& op = node.op();
    // Stateful but pure reads: dropping an unread one changes nothing.
    if (op == "VarHandleOp" || op == "ReadVariableOp" || op == "Placeholder" || op == "Const" ||
        op == "RandomUniform" || op == "RandomStandardNormal" || op == "TruncatedNormal" || op == "_Arg" ||
        op == "NoOp")
        return false;
    if (op == "PartitionedCall" || op == "StatefulPartitionedCall") {
        const auto it = node.attr().find("f");
        return it == node.attr().end() || functionHasEffects(it->second.func().name(), library, depth);
    }
    if (findFunction(library, op)) return functionHasEffects(op, library, depth);
    return isStatefulNode(node, library);
}

bool hasSideEffects(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library) {
    return hasSideEffectsAt(node, library, 0);
}

ops::AttrMap nodeAttrs(const tensorflow::NodeDef& node) {
    ops::AttrMap out;
    const auto* info = ops::findOp(node.op());
    for (const auto& [name, value] : node.attr()) {
        if (!name.empty() && name.front() == '_') continue; // internal attrs no kernel reads
        std::string_view type;
        if (info) {
            const int i = info->attrIndex(name);
            if (i < 0) continue; // not the op's: kernels would reject it
            type = info->attrs[static_cast<size_t>(i)].type;
        }
        out.set(name, ops::attrFromProto(value, type));
    }
    return out;
}

tensor::Tensor constValue(const tensorflow::NodeDef& node) {
    const auto it = node.attr().find("value");
    if (it == node.attr().end()) throw std::invalid_argument("Const '" + node.name() + "' has no value");
    return ops::tensorFromProto(it->second.tensor(), node.name());
}

void makeConst(tensorflow::NodeDef& node, const tensor::Tensor& value, bool keepDataInputsAsControl) {
    std::vector<std::string> controls;
    for (const auto& in : node.input()) {
        const auto [name, output] = splitInput(in);
        if (output < 0 || keepDataInputsAsControl) controls.push_back("^" + std::string(name));
    }
    node.set_op("Const");
    node.clear_attr();
    node.clear_input();
    (*node.mutable_attr())["dtype"].set_type(static_cast<tensorflow::DataType>(value.dtype()));
    ops::tensorToProtoContent(value, (*node.mutable_attr())["value"].mutable_tensor());
    for (auto& c : controls) node.add_input(std::move(c));
    tidyInputs(node);
}

std::vector<tensorflow::DataType> outputTypes(const tensorflow::NodeDef& node,
                                              const tensorflow::FunctionDefLibrary& library) {
    if (const auto* f = findFunction(library, node.op())) {
        std::vector<tensorflow::DataType> out;
        for (const auto& a : f->signature().output_arg()) out.push_back(a.type());
        return out;
    }
    if (node.op() == "_Arg") {
        const auto it = node.attr().find("T");
        return { it == node.attr().end() ? tensorflow::DT_INVALID : it->second.type() };
    }
    if (node.op() == "PartitionedCall" || node.op() == "StatefulPartitionedCall") {
        const auto it = node.attr().find("Tout");
        std::vector<tensorflow::DataType> out;
        if (it != node.attr().end())
            for (int t : it->second.list().type()) out.push_back(static_cast<tensorflow::DataType>(t));
        return out;
    }
    return graph::OpRegistry::builtin().outputTypes(node);
}

void tidyInputs(tensorflow::NodeDef& node) {
    std::vector<std::string> data, control;
    std::unordered_set<std::string> dataNodes, seenControl;
    for (const auto& in : node.input()) {
        const auto [name, output] = splitInput(in);
        if (output >= 0) {
            data.push_back(in);
            dataNodes.insert(std::string(name));
        }
    }
    for (const auto& in : node.input()) {
        const auto [name, output] = splitInput(in);
        if (output < 0 && !dataNodes.count(std::string(name)) && seenControl.insert(std::string(name)).second)
            control.push_back(in);
    }
    node.clear_input();
    for (auto& d : data) node.add_input(std::move(d));
    for (auto& c : control) node.add_input(std::move(c));
}

void forwardUses(tensorflow::GraphDef& graph, const std::string from, int32_t output, const std::string& to) {
    const std::string toNode(splitInput(to).first);
    for (auto& n : *graph.mutable_node()) {
        bool touched = false;
        for (auto& in : *n.mutable_input()) {
            const auto [name, port] = splitInput(in);
            if (name != from) continue;
            if (port < 0) {
                if (output < 0 || output == 0) {
                    in = "^" + toNode;
                    touched = true;
                }
            } else if (output < 0 || port == output) {
                in = to;
                touched = true;
            }
        }
        if (touched) tidyInputs(n);
    }
}

void redirectInputs(tensorflow::GraphDef& graph, const std::unordered_map<std::string, std::string>& data,
                    const std::unordered_map<std::string, std::string>& control) {
    if (data.empty() && control.empty()) return;
    for (auto& n : *graph.mutable_node()) {
        bool touched = false;
        for (auto& in : *n.mutable_input()) {
            const auto [name, port] = splitInput(in);
            if (port < 0) {
                const auto it = control.find(std::string(name));
                if (it == control.end()) continue;
                in = it->second.empty() ? std::string() : "^" + it->second;
                touched = true;
            } else {
                const auto it = data.find(inputString(name, port));
                if (it == data.end()) continue;
                in = it->second;
                touched = true;
            }
        }
        if (!touched) continue;
        auto* inputs = n.mutable_input();
        for (int k = inputs->size() - 1; k >= 0; --k)
            if (inputs->Get(k).empty()) inputs->DeleteSubrange(k, 1);
        tidyInputs(n);
    }
}

void removeNodes(tensorflow::GraphDef& graph, const std::vector<bool>& remove) {
    auto* nodes = graph.mutable_node();
    int keep = 0;
    for (int i = 0; i < nodes->size(); ++i) {
        if (static_cast<size_t>(i) < remove.size() && remove[static_cast<size_t>(i)]) continue;
        if (keep != i) nodes->SwapElements(keep, i);
        ++keep;
    }
    nodes->DeleteSubrange(keep, nodes->size() - keep);
}

std::string uniqueName(const GraphIndex& index, const std::unordered_set<std::string>& taken, const std::string& base) {
    if (index.find(base) < 0 && !taken.count(base)) return base;
    for (int k = 1;; ++k) {
        std::string name = base + "_" + std::to_string(k);
        if (index.find(name) < 0 && !taken.count(name)) return name;
    }
}

} // namespace graphlens::passes

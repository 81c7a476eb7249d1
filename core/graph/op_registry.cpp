#include "core/graph/op_registry.h"

#include <mutex>

#include "core/graph/builtin_op_defs.h"

namespace graphlens::graph {

namespace {

// GraphLens's own ops (beyond TensorFlow's registry), written by its passes.
// _GraphLensFusedElementwise: a chain of elementwise ops evaluated in one pass over the data
// (core/passes elementwise fusion; kernel in core/ops/kernels_fused_elementwise.cpp). `expr` holds
// one step per element, "Op operand operand... [attr=value]", operands aK (input K) or tK (step K);
// the output is the last step's result, broadcast as the ops broadcast.
void addGraphLensOpDefs(tensorflow::OpList& list) {
    tensorflow::OpDef& op = *list.add_op();
    op.set_name("_GraphLensFusedElementwise");
    auto* args = op.add_input_arg();
    args->set_name("args");
    args->set_type_attr("T");
    args->set_number_attr("N");
    auto* out = op.add_output_arg();
    out->set_name("output");
    out->set_type_attr("T");
    auto* t = op.add_attr();
    t->set_name("T");
    t->set_type("type");
    for (auto dt : { tensorflow::DT_FLOAT, tensorflow::DT_DOUBLE, tensorflow::DT_INT32, tensorflow::DT_INT64 })
        t->mutable_allowed_values()->mutable_list()->add_type(dt);
    auto* n = op.add_attr();
    n->set_name("N");
    n->set_type("int");
    n->set_has_minimum(true);
    n->set_minimum(1);
    auto* expr = op.add_attr();
    expr->set_name("expr");
    expr->set_type("list(string)");
}

} // namespace

OpRegistry::OpRegistry(const tensorflow::OpList& ops, const OpRegistry* fallback)
    : m_fallback(fallback) {
    m_ops.reserve(static_cast<size_t>(ops.op_size()));
    for (const auto& op : ops.op()) m_ops.emplace(op.name(), op);
}

const OpRegistry& OpRegistry::builtin() {
    static const OpRegistry registry = [] {
        tensorflow::OpList list;
        const std::string_view blob = builtinOpDefsBlob();
        if (!blob.empty()) list.ParseFromArray(blob.data(), static_cast<int>(blob.size()));
        addGraphLensOpDefs(list);
        return OpRegistry(list);
    }();
    return registry;
}

const tensorflow::OpDef* OpRegistry::find(const std::string& op) const {
    auto it = m_ops.find(op);
    if (it != m_ops.end()) return &it->second;
    return m_fallback ? m_fallback->find(op) : nullptr;
}

int32_t OpRegistry::argCount(const tensorflow::OpDef::ArgDef& arg, const tensorflow::NodeDef& node) {
    const auto& attrs = node.attr();
    if (!arg.number_attr().empty()) {
        auto it = attrs.find(arg.number_attr());
        if (it == attrs.end()) return -1;
        return static_cast<int32_t>(it->second.i());
    }
    if (!arg.type_list_attr().empty()) {
        auto it = attrs.find(arg.type_list_attr());
        if (it == attrs.end()) return -1;
        return it->second.list().type_size();
    }
    return 1;
}

std::vector<tensorflow::DataType> OpRegistry::outputTypes(const tensorflow::NodeDef& node) const {
    const tensorflow::OpDef* def = find(node.op());
    if (!def) return {};
    std::vector<tensorflow::DataType> types;
    const auto& attrs = node.attr();
    for (const auto& arg : def->output_arg()) {
        if (!arg.type_list_attr().empty()) {
            auto it = attrs.find(arg.type_list_attr());
            if (it == attrs.end()) return {};
            for (int t : it->second.list().type()) types.push_back(static_cast<tensorflow::DataType>(t));
            continue;
        }
        tensorflow::DataType type = arg.type();
        if (!arg.type_attr().empty()) {
            auto it = attrs.find(arg.type_attr());
            if (it == attrs.end()) {
                // Default attr values were stripped from the NodeDef: take the OpDef default.
                type = tensorflow::DT_INVALID;
                for (const auto& attr : def->attr())
                    if (attr.name() == arg.type_attr() && attr.has_default_value()) type = attr.default_value().type();
            } else {
                type = it->second.type();
            }
        }
        if (arg.is_ref() && type != tensorflow::DT_INVALID && type < 100)
            type = static_cast<tensorflow::DataType>(type + 100);
        const int32_t count = argCount(arg, node);
        if (count < 0) return {};
        for (int32_t i = 0; i < count; ++i) types.push_back(type);
    }
    return types;
}

int32_t OpRegistry::outputIndex(const tensorflow::NodeDef& node, const std::string& arg, int32_t index) const {
    const tensorflow::OpDef* def = find(node.op());
    if (!def) return -1;
    int32_t base = 0;
    for (const auto& out : def->output_arg()) {
        const int32_t count = argCount(out, node);
        if (out.name() == arg) return (count >= 0 && index >= count) ? -1 : base + index;
        if (count < 0) return -1;
        base += count;
    }
    return -1;
}

std::string OpRegistry::flatArgName(const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef>& args,
                                    const tensorflow::NodeDef& node, int32_t flatIndex) {
    int32_t base = 0;
    for (const auto& arg : args) {
        const int32_t count = argCount(arg, node);
        if (count < 0) return {};
        if (flatIndex < base + count) {
            return (arg.number_attr().empty() && arg.type_list_attr().empty())
                ? arg.name()
                : arg.name() + ":" + std::to_string(flatIndex - base);
        }
        base += count;
    }
    return {};
}

std::string OpRegistry::outputName(const tensorflow::NodeDef& node, int32_t output) const {
    const tensorflow::OpDef* def = find(node.op());
    return def ? flatArgName(def->output_arg(), node, output) : std::string();
}

std::string OpRegistry::inputName(const tensorflow::NodeDef& node, int32_t input) const {
    const tensorflow::OpDef* def = find(node.op());
    return def ? flatArgName(def->input_arg(), node, input) : std::string();
}

} // namespace graphlens::graph

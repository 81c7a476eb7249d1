#include "core/passes/function_graph.h"

#include <charconv>
#include <unordered_map>
#include <unordered_set>

#include "core/graph/op_registry.h"
#include "core/ops/registry.h"
#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"

namespace graphlens::passes {
namespace {

// Output arguments of ops only GraphLens defines (fused kernels of our own passes), from the op
// registry: (name, count) per argument; empty when a count cannot be told.
std::vector<std::pair<std::string, int32_t>> ownOutputArgs(const tensorflow::NodeDef& node) {
    std::vector<std::pair<std::string, int32_t>> out;
    const auto* op = ops::findOp(node.op());
    if (!op) return {};
    for (const auto& arg : op->outputs) {
        int32_t count = 1;
        if (arg.kind == ops::ArgDef::Kind::Number) {
            const auto it = node.attr().find(op->attrs[static_cast<size_t>(arg.numberAttr)].name);
            if (it == node.attr().end()) return {};
            count = static_cast<int32_t>(it->second.i());
        } else if (arg.kind == ops::ArgDef::Kind::TypeList) {
            const auto it = node.attr().find(op->attrs[static_cast<size_t>(arg.typeListAttr)].name);
            if (it == node.attr().end()) return {};
            count = it->second.list().type_size();
        }
        out.emplace_back(arg.name, count);
    }
    return out;
}

// Flat output index of "arg:index" of `producer`; -1 when unknown.
int32_t flatOutput(const tensorflow::NodeDef& producer, const std::string& arg, int32_t index,
                   const tensorflow::FunctionDefLibrary& library) {
    if (const auto* callee = findFunction(library, producer.op())) {
        for (int i = 0; i < callee->signature().output_arg_size(); ++i)
            if (callee->signature().output_arg(i).name() == arg) return index == 0 ? i : -1;
        return -1;
    }
    const int32_t flat = graph::OpRegistry::builtin().outputIndex(producer, arg, index);
    if (flat >= 0 || graph::OpRegistry::builtin().find(producer.op())) return flat;
    int32_t base = 0;
    for (const auto& [name, count] : ownOutputArgs(producer)) {
        if (name == arg) return index < count ? base + index : -1;
        base += count;
    }
    return -1;
}

// FunctionDef form of flat output `output` of `producer` ("out_arg:2"); empty when unknown.
std::string outputPort(const tensorflow::NodeDef& producer, int32_t output,
                       const tensorflow::FunctionDefLibrary& library) {
    if (const auto* callee = findFunction(library, producer.op())) {
        if (output < 0 || output >= callee->signature().output_arg_size()) return {};
        return callee->signature().output_arg(output).name() + ":0";
    }
    std::string name = graph::OpRegistry::builtin().outputName(producer, output);
    if (name.empty() && !graph::OpRegistry::builtin().find(producer.op())) {
        int32_t base = 0;
        for (const auto& [arg, count] : ownOutputArgs(producer)) {
            if (output < base + count) return arg + ":" + std::to_string(output - base);
            base += count;
        }
    }
    if (name.empty()) return {};
    if (name.find(':') == std::string::npos) name += ":0";
    return name;
}

} // namespace

std::string retvalNodeName(const tensorflow::FunctionDef& function, int index) {
    return function.signature().output_arg(index).name() + "_RetVal";
}

std::optional<tensorflow::GraphDef> functionToGraph(const tensorflow::FunctionDef& function,
                                                    const tensorflow::FunctionDefLibrary& library, std::string& why) {
    const auto& sig = function.signature();
    tensorflow::GraphDef out;
    std::unordered_map<std::string, const tensorflow::NodeDef*> byName;
    for (const auto& n : function.node_def()) byName.emplace(n.name(), &n);
    std::unordered_set<std::string> argNames;
    for (int i = 0; i < sig.input_arg_size(); ++i) {
        const auto& arg = sig.input_arg(i);
        if (arg.type() == tensorflow::DT_INVALID || !arg.number_attr().empty() || !arg.type_list_attr().empty()) {
            why = "argument '" + arg.name() + "' is polymorphic or a list";
            return std::nullopt;
        }
        auto* n = out.add_node();
        n->set_name(arg.name());
        n->set_op("_Arg");
        (*n->mutable_attr())["T"].set_type(arg.type());
        (*n->mutable_attr())["index"].set_i(i);
        if (const auto it = function.arg_attr().find(static_cast<uint32_t>(i)); it != function.arg_attr().end())
            for (const auto& [k, v] : it->second.attr()) (*n->mutable_attr())[k] = v;
        argNames.insert(arg.name());
    }
    // "node:out_arg:2" -> "node:k"; "arg" -> "arg".
    auto convert = [&](const std::string& input, std::string& result) {
        if (!input.empty() && input.front() == '^') {
            result = input;
            return true;
        }
        const auto first = input.find(':');
        if (first == std::string::npos) {
            result = input;
            return true;
        }
        const std::string node = input.substr(0, first);
        if (argNames.count(node)) {
            result = node; // single-tensor arguments only ("x:0" is the same tensor)
            return true;
        }
        const auto second = input.find(':', first + 1);
        const std::string arg =
            input.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
        int32_t index = 0;
        if (second != std::string::npos) {
            const char* b = input.data() + second + 1;
            std::from_chars(b, input.data() + input.size(), index);
        }
        const auto it = byName.find(node);
        if (it == byName.end()) {
            why = "input '" + input + "' names no node";
            return false;
        }
        const int32_t flat = flatOutput(*it->second, arg, index, library);
        if (flat < 0) {
            why = "input '" + input + "' names an output of op '" + it->second->op() + "' that is not known";
            return false;
        }
        result = inputString(node, flat);
        return true;
    };
    for (const auto& src : function.node_def()) {
        auto* n = out.add_node();
        *n = src;
        for (int k = 0; k < n->input_size(); ++k)
            if (!convert(src.input(k), *n->mutable_input(k))) return std::nullopt;
    }
    for (int i = 0; i < sig.output_arg_size(); ++i) {
        const auto& arg = sig.output_arg(i);
        const auto it = function.ret().find(arg.name());
        if (it == function.ret().end() || arg.type() == tensorflow::DT_INVALID) {
            why = "output '" + arg.name() + "' has no return value or is polymorphic";
            return std::nullopt;
        }
        auto* n = out.add_node();
        n->set_name(retvalNodeName(function, i));
        if (byName.count(n->name()) || argNames.count(n->name())) {
            why = "node name '" + n->name() + "' is taken";
            return std::nullopt;
        }
        n->set_op("_Retval");
        (*n->mutable_attr())["T"].set_type(arg.type());
        (*n->mutable_attr())["index"].set_i(i);
        std::string input;
        if (!convert(it->second, input)) return std::nullopt;
        n->add_input(input);
    }
    return out;
}

bool graphToFunction(const tensorflow::GraphDef& graph, const tensorflow::FunctionDefLibrary& library,
                     tensorflow::FunctionDef& function, std::string& why) {
    const GraphIndex index(graph);
    const auto& sig = function.signature();
    google::protobuf::RepeatedPtrField<tensorflow::NodeDef> nodes;
    auto convert = [&](const std::string& input, std::string& result) {
        const auto [name, output] = splitInput(input);
        if (output < 0) {
            result = input;
            return true;
        }
        const int32_t producer = index.find(name);
        if (producer < 0) {
            why = "input '" + input + "' names no node";
            return false;
        }
        const auto& p = index.node(producer);
        if (p.op() == "_Arg") {
            result = p.name();
            return true;
        }
        const std::string port = outputPort(p, output, library);
        if (port.empty()) {
            why = "output " + std::to_string(output) + " of '" + p.name() + "' (" + p.op() + ") cannot be named";
            return false;
        }
        result = std::string(name) + ":" + port;
        return true;
    };
    std::vector<std::string> rets(static_cast<size_t>(sig.output_arg_size()));
    std::vector<bool> seen(rets.size(), false);
    for (const auto& n : graph.node()) {
        if (n.op() == "_Arg") continue;
        if (n.op() == "_Retval") {
            const auto it = n.attr().find("index");
            const int64_t i = it == n.attr().end() ? -1 : it->second.i();
            if (i < 0 || static_cast<size_t>(i) >= rets.size() || n.input_size() < 1) {
                why = "_Retval '" + n.name() + "' has no valid index or input";
                return false;
            }
            if (!convert(n.input(0), rets[static_cast<size_t>(i)])) return false;
            seen[static_cast<size_t>(i)] = true;
            continue;
        }
        auto* copy = nodes.Add();
        *copy = n;
        for (int k = 0; k < copy->input_size(); ++k)
            if (!convert(n.input(k), *copy->mutable_input(k))) return false;
    }
    for (size_t i = 0; i < rets.size(); ++i) {
        if (!seen[i]) {
            why = "output '" + sig.output_arg(static_cast<int>(i)).name() + "' lost its _Retval";
            return false;
        }
    }
    function.mutable_node_def()->Swap(&nodes);
    for (size_t i = 0; i < rets.size(); ++i)
        (*function.mutable_ret())[sig.output_arg(static_cast<int>(i)).name()] = rets[i];
    // Control outputs name nodes; drop those a pass removed (they were not preserved, so nothing
    // of theirs had to run).
    std::vector<std::string> gone;
    for (const auto& [key, node] : function.control_ret())
        if (index.find(node) < 0) gone.push_back(key);
    for (const auto& key : gone) {
        function.mutable_control_ret()->erase(key);
        auto* outs = function.mutable_signature()->mutable_control_output();
        for (int i = outs->size() - 1; i >= 0; --i)
            if (outs->Get(i) == key) outs->DeleteSubrange(i, 1);
    }
    return true;
}

} // namespace graphlens::passes

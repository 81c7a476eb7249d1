// TF1 reference variables (VariableV2) run as resource variables: the graph is rewritten before it
// is compiled. A variable becomes a VarHandleOp under its shared_name (its node name when it has
// none), so restoreVariables and the graph agree on the handle. Every edge that reads the ref
// gets a ReadVariableOp of its own that waits for what its consumer waits for, so the value is
// read when the consumer would have read the ref (after an Assign the consumer depends on).
// Assign/AssignAdd/AssignSub become the resource updates, and their output a read after them.
#include "core/exec/ref_variables.h"

#include <unordered_map>
#include <unordered_set>

namespace graphlens::exec {

namespace {

bool isRefVariableOp(const std::string& op) {
    return op == "VariableV2" || op == "Variable";
}

const char* resourceUpdateOp(const std::string& op) {
    if (op == "Assign") return "AssignVariableOp";
    if (op == "AssignAdd") return "AssignAddVariableOp";
    if (op == "AssignSub") return "AssignSubVariableOp";
    return nullptr;
}

// "name", "name:0", "^name" -> "name".
std::string nodeOf(const std::string& input) {
    std::string name = input[0] == '^' ? input.substr(1) : input;
    if (const size_t colon = name.find(':'); colon != std::string::npos) name.resize(colon);
    return name;
}

bool isOutputZero(const std::string& input) {
    const size_t colon = input.find(':');
    return colon == std::string::npos || input.substr(colon + 1) == "0";
}

tensorflow::NodeDef readOf(const std::string& name, const std::string& variable, tensorflow::DataType dtype,
                           const std::string& device) {
    tensorflow::NodeDef read;
    read.set_name(name);
    read.set_op("ReadVariableOp");
    read.add_input(variable);
    read.set_device(device);
    (*read.mutable_attr())["dtype"].set_type(dtype);
    return read;
}

} // namespace

bool hasRefVariables(const graph::Graph& graph) {
    for (const auto& n : graph.nodes())
        if (isRefVariableOp(n.op())) return true;
    return false;
}

std::string refVariableSharedName(const tensorflow::NodeDef& variable) {
    auto it = variable.attr().find("shared_name");
    return it == variable.attr().end() || it->second.s().empty() ? variable.name() : it->second.s();
}

RefVariablesRewrite refVariablesAsResources(const graph::Graph& graph, std::span<const std::string> fetches) {
    RefVariablesRewrite out;
    std::unordered_map<std::string, tensorflow::DataType> variables;
    for (const auto& n : graph.nodes())
        if (isRefVariableOp(n.op())) {
            auto it = n.def().attr().find("dtype");
            variables.emplace(n.name(), it == n.def().attr().end() ? tensorflow::DT_FLOAT : it->second.type());
        }
    auto variableRead = [&](const std::string& input) -> const tensorflow::DataType* {
        if (input.empty() || input[0] == '^' || !isOutputZero(input)) return nullptr;
        auto it = variables.find(nodeOf(input));
        return it == variables.end() ? nullptr : &it->second;
    };
    for (const auto& n : graph.nodes()) {
        tensorflow::NodeDef def = n.def();
        if (isRefVariableOp(def.op())) {
            tensorflow::NodeDef handle;
            handle.set_name(def.name());
            handle.set_op("VarHandleOp");
            handle.set_device(def.device());
            auto& attrs = *handle.mutable_attr();
            attrs["dtype"].set_type(variables.at(def.name()));
            if (auto it = def.attr().find("shape"); it != def.attr().end()) attrs["shape"] = it->second;
            if (auto it = def.attr().find("container"); it != def.attr().end()) attrs["container"] = it->second;
            attrs["shared_name"].set_s(refVariableSharedName(def));
            *out.graph.add_node() = std::move(handle);
            continue;
        }
        // What the consumer waits for: its control inputs and the producers of its other inputs.
        std::vector<std::string> waits;
        for (const auto& in : def.input())
            if (!variableRead(in)) waits.push_back("^" + nodeOf(in));
        const char* update = resourceUpdateOp(def.op());
        for (int i = 0; i < def.input_size(); ++i) {
            const tensorflow::DataType* dtype = variableRead(def.input(i));
            if (!dtype || (update && i == 0)) continue;
            tensorflow::NodeDef read = readOf(def.name() + "/_graphlens_read_" + std::to_string(i),
                                              nodeOf(def.input(i)), *dtype, def.device());
            for (const auto& w : waits) read.add_input(w);
            def.set_input(i, read.name());
            *out.graph.add_node() = std::move(read);
        }
        if (update && def.input_size() >= 2 && variableRead(def.input(0))) {
            const std::string variable = nodeOf(def.input(0));
            const tensorflow::DataType dtype = variables.at(variable);
            tensorflow::NodeDef assign;
            assign.set_name(def.name() + "/_graphlens_update");
            assign.set_op(update);
            assign.set_device(def.device());
            assign.add_input(variable);
            for (int i = 1; i < def.input_size(); ++i) assign.add_input(def.input(i));
            (*assign.mutable_attr())["dtype"].set_type(dtype);
            if (def.op() == "Assign") {
                auto it = def.attr().find("validate_shape");
                (*assign.mutable_attr())["validate_shape"].set_b(it == def.attr().end() || it->second.b());
            }
            // The Assign's own output: the variable's value once updated.
            tensorflow::NodeDef after = readOf(def.name(), variable, dtype, def.device());
            after.add_input("^" + assign.name());
            *out.graph.add_node() = std::move(assign);
            *out.graph.add_node() = std::move(after);
            continue;
        }
        *out.graph.add_node() = std::move(def);
    }
    // A fetch of the ref itself gets the value (one read per variable fetched).
    std::unordered_set<std::string> fetchReads;
    for (const auto& fetch : fetches) {
        if (!variableRead(fetch)) {
            out.fetches.push_back(fetch);
            continue;
        }
        const std::string variable = nodeOf(fetch);
        const std::string name = variable + "/_graphlens_fetch";
        if (fetchReads.insert(name).second) *out.graph.add_node() = readOf(name, variable, variables.at(variable), "");
        out.fetches.push_back(name + ":0");
    }
    return out;
}

} // namespace graphlens::exec

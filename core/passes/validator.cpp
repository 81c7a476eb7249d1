#include "core/passes/validator.h"

#include <unordered_map>
#include <unordered_set>

#include "core/graph/op_registry.h"
#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"

namespace graphlens::passes {
namespace {

bool isFunctionCall(const tensorflow::NodeDef& n) {
    return n.op() == "PartitionedCall" || n.op() == "StatefulPartitionedCall";
}

// Number of data inputs the OpDef asks for, -1 when it cannot be told.
int expectedInputs(const tensorflow::NodeDef& node, const tensorflow::OpDef& def) {
    int total = 0;
    for (const auto& arg : def.input_arg()) {
        if (!arg.number_attr().empty()) {
            const auto it = node.attr().find(arg.number_attr());
            if (it == node.attr().end()) return -1;
            total += static_cast<int>(it->second.i());
        } else if (!arg.type_list_attr().empty()) {
            const auto it = node.attr().find(arg.type_list_attr());
            if (it == node.attr().end()) return -1;
            total += it->second.list().type_size();
        } else {
            ++total;
        }
    }
    return total;
}

} // namespace

std::vector<std::string> validate(const tensorflow::GraphDef& graph) {
    std::vector<std::string> problems;
    std::unordered_set<std::string> functions;
    for (const auto& f : graph.library().function()) functions.insert(f.signature().name());
    std::unordered_map<std::string, int> names;
    for (int i = 0; i < graph.node_size(); ++i) {
        const auto& n = graph.node(i);
        if (n.name().empty()) problems.push_back("node " + std::to_string(i) + " has no name");
        if (!names.emplace(n.name(), i).second) problems.push_back("node name '" + n.name() + "' is used twice");
    }
    const GraphIndex index(graph);
    const auto& registry = graph::OpRegistry::builtin();
    for (int32_t i = 0; i < index.size(); ++i) {
        const auto& n = index.node(i);
        const std::string where = "node '" + n.name() + "'";
        bool sawControl = false;
        int dataInputs = 0;
        for (int k = 0; k < n.input_size(); ++k) {
            const auto [name, output] = splitInput(n.input(k));
            const auto& ref = index.inputs(i)[static_cast<size_t>(k)];
            if (output < 0) sawControl = true;
            else {
                ++dataInputs;
                if (sawControl) problems.push_back(where + ": data input '" + n.input(k) + "' after a control input");
            }
            if (ref.node < 0) {
                problems.push_back(where + ": input '" + n.input(k) + "' names no node");
                continue;
            }
            if (output > 0) {
                const auto types = outputTypes(index.node(ref.node), graph.library());
                if (!types.empty() && static_cast<size_t>(output) >= types.size())
                    problems.push_back(where + ": input '" + n.input(k) + "' names output " + std::to_string(output) +
                                       " of a node with " + std::to_string(types.size()) + " output" +
                                       (types.size() == 1 ? "" : "s"));
            }
        }
        // Calls must name library functions.
        for (const auto& [attr, value] : n.attr()) {
            if (value.has_func() && !functions.count(value.func().name()) &&
                registry.find(value.func().name()) == nullptr &&
                (isFunctionCall(n) || attr == "then_branch" || attr == "else_branch" || attr == "body" ||
                 attr == "cond"))
                problems.push_back(where + ": attr '" + attr + "' names function '" + value.func().name() +
                                   "' that the library does not hold");
        }
        if (const auto* def = registry.find(n.op()); def && !functions.count(n.op())) {
            const int expected = expectedInputs(n, *def);
            if (expected >= 0 && expected != dataInputs)
                problems.push_back(where + " (" + n.op() + "): " + std::to_string(dataInputs) +
                                   " data inputs, the op takes " + std::to_string(expected));
        }
    }
    // Cycles: everything a topological order could not place, outside v1 loops.
    const auto order = index.topologicalOrder();
    {
        // topologicalOrder() appends unplaced nodes last; recompute which were placed.
        std::vector<bool> placed(static_cast<size_t>(index.size()), false);
        for (int32_t id : order) {
            bool ready = true;
            const bool isMerge = index.node(id).op() == "Merge";
            for (const auto& in : index.inputs(id)) {
                if (in.node < 0) continue;
                if (isMerge && index.node(in.node).op() == "NextIteration") continue;
                if (!placed[static_cast<size_t>(in.node)]) ready = false;
            }
            if (!ready) {
                problems.push_back("node '" + index.node(id).name() + "' is on a cycle");
                break;
            }
            placed[static_cast<size_t>(id)] = true;
        }
    }
    return problems;
}

} // namespace graphlens::passes

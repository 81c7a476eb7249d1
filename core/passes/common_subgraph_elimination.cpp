// grappler's common_subgraph_elimination: stateless nodes with the same op, attrs, device and
// inputs (in any order for commutative ops) compute the same value; consumers of the later ones
// read the first. One walk in topological order merges whole duplicate subgraphs.
#include <algorithm>
#include <map>
#include <unordered_map>

#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

bool isCommutative(const std::string& op) {
    static const std::unordered_set<std::string> ops = {
        "Add",        "AddV2",     "Mul",        "Maximum",  "Minimum",
        "LogicalAnd", "LogicalOr", "Equal",      "NotEqual", "SquaredDifference",
        "BitwiseAnd", "BitwiseOr", "BitwiseXor", "AddN",
    };
    return ops.count(op) > 0;
}

bool neverMerged(const std::string& op) {
    static const std::unordered_set<std::string> ops = {
        "Enter",   "Exit",        "NextIteration",          "Merge", "Switch",         "LoopCond", "_Arg",
        "_Retval", "Placeholder", "PlaceholderWithDefault", "NoOp",  "ControlTrigger",
    };
    return ops.count(op) > 0;
}

// Constants bigger than this are not compared (hashing them costs more than it saves).
constexpr size_t kMaxConstBytes = size_t{ 1 } << 20;

class CommonSubgraphElimination : public Pass {
public:
    std::string_view name() const override { return "common_subgraph_elimination"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        const auto preserved = preservedNodes(graph, options);
        const GraphIndex index(graph);
        const auto order = index.topologicalOrder();
        // Representative of each node (itself unless merged into an earlier twin).
        std::vector<int32_t> rep(static_cast<size_t>(index.size()));
        for (int32_t i = 0; i < index.size(); ++i) rep[static_cast<size_t>(i)] = i;
        std::unordered_map<std::string, int32_t> seen;
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        std::unordered_map<std::string, std::string> data, control;
        for (const int32_t i : order) {
            if (options.cancel) options.cancel->throwIfCancelled();
            const auto& n = index.node(i);
            if (neverMerged(n.op()) || isStatefulNode(n, graph.library())) continue;
            const auto key = signature(index, rep, i);
            if (key.empty()) continue;
            const auto [it, inserted] = seen.emplace(key, i);
            if (inserted) continue;
            // The later twin goes unless it must keep its name; then it stays (the first one may
            // still serve others).
            if (preserved.count(n.name())) continue;
            const int32_t keep = it->second;
            rep[static_cast<size_t>(i)] = keep;
            remove[static_cast<size_t>(i)] = true;
            const auto types = outputTypes(n, graph.library());
            const int32_t outputs = std::max<int32_t>(1, static_cast<int32_t>(types.size()));
            for (int32_t k = 0; k < outputs; ++k)
                data.emplace(inputString(n.name(), k), inputString(index.node(keep).name(), k));
            control.emplace(n.name(), index.node(keep).name());
            report.changes.push_back({ ChangeKind::Removed,
                                       n.name(),
                                       n.op(),
                                       { index.node(keep).name() },
                                       "same as " + index.node(keep).name() });
        }
        if (report.changes.empty()) return;
        // Consumers also read through chains: a twin's input may itself have been merged.
        redirectInputs(graph, data, control);
        removeNodes(graph, remove);
    }

private:
    static std::string signature(const GraphIndex& index, const std::vector<int32_t>& rep, int32_t i) {
        const auto& n = index.node(i);
        std::string key = n.op() + "|" + n.device() + "|";
        std::vector<std::string> dataIns, controlIns;
        for (const auto& in : index.inputs(i)) {
            if (in.node < 0) return {};
            const std::string name = std::to_string(rep[static_cast<size_t>(in.node)]);
            if (in.output < 0) controlIns.push_back(name);
            else dataIns.push_back(name + ":" + std::to_string(in.output));
        }
        if (isCommutative(n.op())) std::sort(dataIns.begin(), dataIns.end());
        std::sort(controlIns.begin(), controlIns.end());
        controlIns.erase(std::unique(controlIns.begin(), controlIns.end()), controlIns.end());
        for (const auto& s : dataIns) key += s + ",";
        key += "|";
        for (const auto& s : controlIns) key += s + ",";
        key += "|";
        std::map<std::string, const tensorflow::AttrValue*> attrs;
        for (const auto& [name, value] : n.attr()) attrs.emplace(name, &value);
        for (const auto& [name, value] : attrs) {
            if (value->has_tensor() && static_cast<size_t>(value->tensor().ByteSizeLong()) > kMaxConstBytes) return {};
            std::string bytes;
            value->SerializeToString(&bytes);
            key += name + "=" + std::to_string(bytes.size()) + ":" + bytes + ";";
        }
        return key;
    }
};

} // namespace

std::unique_ptr<Pass> makeCommonSubgraphElimination() {
    return std::make_unique<CommonSubgraphElimination>();
}

} // namespace graphlens::passes

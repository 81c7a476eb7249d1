// grappler's common_subgraph_elimination: stateless nodes with the same op, attrs, device and
// inputs (in any order for commutative ops) compute the same value; consumers of the later ones
// read the first. One walk in topological order merges whole duplicate subgraphs.
#include <algorithm>
#include <cstring>
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
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, options.index, own);
        const auto order = index.topologicalOrder();
        // Representative of each node (itself unless merged into an earlier twin).
        std::vector<int32_t> rep(static_cast<size_t>(index.size()));
        for (int32_t i = 0; i < index.size(); ++i) rep[static_cast<size_t>(i)] = i;
        std::unordered_map<std::string, int32_t> seen;
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        std::unordered_map<std::string, std::string> data, control;
        std::string key;
        for (const int32_t i : order) {
            if (options.cancel) options.cancel->throwIfCancelled();
            const auto& n = index.node(i);
            if (neverMerged(n.op()) || isStatefulNode(n, graph.library())) continue;
            if (!signature(index, rep, i, key)) continue;
            const auto [it, inserted] = seen.try_emplace(key, i);
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
    // What makes two nodes the same: op, device, inputs by representative (sorted when the op
    // commutes), control inputs as a set, and attrs by name. Written as fixed-width binary into
    // one reused buffer: building it from strings and a map per node was most of this pass.
    static bool signature(const GraphIndex& index, const std::vector<int32_t>& rep, int32_t i, std::string& key) {
        const auto& n = index.node(i);
        key.clear();
        auto putInt = [&key](uint64_t v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
        auto putText = [&](std::string_view text) {
            putInt(text.size());
            key.append(text);
        };
        putText(n.op());
        putText(n.device());
        std::vector<uint64_t> dataIns, controlIns;
        for (const auto& in : index.inputs(i)) {
            if (in.node < 0) return false;
            const auto node = static_cast<uint64_t>(static_cast<uint32_t>(rep[static_cast<size_t>(in.node)]));
            if (in.output < 0) controlIns.push_back(node);
            else dataIns.push_back(node << 32 | static_cast<uint32_t>(in.output));
        }
        if (isCommutative(n.op())) std::sort(dataIns.begin(), dataIns.end());
        std::sort(controlIns.begin(), controlIns.end());
        controlIns.erase(std::unique(controlIns.begin(), controlIns.end()), controlIns.end());
        putInt(dataIns.size());
        for (const uint64_t in : dataIns) putInt(in);
        putInt(controlIns.size());
        for (const uint64_t in : controlIns) putInt(in);
        std::vector<const google::protobuf::MapPair<std::string, tensorflow::AttrValue>*> attrs;
        attrs.reserve(n.attr().size());
        for (const auto& entry : n.attr()) attrs.push_back(&entry);
        std::sort(attrs.begin(), attrs.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
        putInt(attrs.size());
        for (const auto* attr : attrs) {
            const auto& value = attr->second;
            if (value.has_tensor() && static_cast<size_t>(value.tensor().ByteSizeLong()) > kMaxConstBytes) return false;
            putText(attr->first);
            const size_t at = key.size();
            putInt(0);
            value.AppendToString(&key);
            const uint64_t bytes = key.size() - at - sizeof(uint64_t);
            std::memcpy(key.data() + at, &bytes, sizeof bytes);
        }
        return true;
    }
};

} // namespace

std::unique_ptr<Pass> makeCommonSubgraphElimination() {
    return std::make_unique<CommonSubgraphElimination>();
}

} // namespace graphlens::passes

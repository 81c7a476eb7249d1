// grappler's model_pruner: keeps only what the fetched and preserved nodes need, then removes
// trivial forwarding nodes (StopGradient, Identity, single-input IdentityN and AddN) that no
// control edge touches.
#include <queue>

#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

bool isTrivial(const tensorflow::NodeDef& n) {
    const std::string& op = n.op();
    int data = 0;
    for (const auto& in : n.input())
        if (splitInput(in).second >= 0) ++data;
    if (op == "StopGradient" || op == "Identity") return data == 1;
    if (op == "IdentityN" || op == "AddN") return data == 1;
    return false;
}

class ModelPruner : public Pass {
public:
    std::string_view name() const override { return "model_pruner"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        const auto preserved = preservedNodes(graph, options);
        if (!options.fetches.empty() || !options.preserve.empty()) pruneUnreachable(graph, preserved, report);
        removeTrivial(graph, preserved, report);
    }

private:
    static void pruneUnreachable(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                                 PassReport& report) {
        const GraphIndex index(graph);
        std::vector<bool> needed(static_cast<size_t>(index.size()), false);
        std::queue<int32_t> work;
        for (const auto& name : preserved) {
            const int32_t i = index.find(name);
            if (i >= 0 && !needed[static_cast<size_t>(i)]) {
                needed[static_cast<size_t>(i)] = true;
                work.push(i);
            }
        }
        while (!work.empty()) {
            const int32_t i = work.front();
            work.pop();
            for (const auto& in : index.inputs(i)) {
                if (in.node < 0 || needed[static_cast<size_t>(in.node)]) continue;
                needed[static_cast<size_t>(in.node)] = true;
                work.push(in.node);
            }
        }
        std::vector<bool> remove(needed.size(), false);
        for (int32_t i = 0; i < index.size(); ++i) {
            if (needed[static_cast<size_t>(i)]) continue;
            remove[static_cast<size_t>(i)] = true;
            report.changes.push_back(
                { ChangeKind::Removed, index.node(i).name(), index.node(i).op(), {}, "not needed by any fetch" });
        }
        if (!report.changes.empty()) removeNodes(graph, remove);
    }

    static void removeTrivial(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                              PassReport& report) {
        const GraphIndex index(graph);
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        // Forwarding: node i's output 0 is input 0's tensor. Resolved through chains below.
        std::vector<std::string> source(static_cast<size_t>(index.size()));
        for (int32_t i = 0; i < index.size(); ++i) {
            const auto& n = index.node(i);
            if (!isTrivial(n) || preserved.count(n.name()) || index.hasControlInputs(i) || index.hasControlConsumers(i))
                continue;
            const auto& in = index.inputs(i).front();
            if (in.node < 0) continue;
            // A node feeding a v1 Merge or driven by a Switch keeps its frame semantics.
            if (index.node(in.node).op() == "Switch") continue;
            bool feedsMerge = false;
            for (const auto& c : index.consumers(i)) feedsMerge |= index.node(c.node).op() == "Merge";
            if (feedsMerge) continue;
            // Other outputs of IdentityN would be lost.
            bool otherOutputs = false;
            for (const auto& c : index.consumers(i)) otherOutputs |= c.output > 0;
            if (otherOutputs) continue;
            remove[static_cast<size_t>(i)] = true;
            source[static_cast<size_t>(i)] = n.input(0);
        }
        bool any = false;
        std::unordered_map<std::string, std::string> data;
        for (int32_t i = 0; i < index.size(); ++i) {
            if (!remove[static_cast<size_t>(i)]) continue;
            // Follow chains of removed forwarders to a kept tensor (bounded by the graph size).
            std::string to = source[static_cast<size_t>(i)];
            for (int32_t guard = 0; guard < index.size(); ++guard) {
                const auto [name, output] = splitInput(to);
                const int32_t p = index.find(name);
                if (p < 0 || !remove[static_cast<size_t>(p)] || output != 0) break;
                to = source[static_cast<size_t>(p)];
            }
            data.emplace(index.node(i).name(), to);
            report.changes.push_back(
                { ChangeKind::Removed, index.node(i).name(), index.node(i).op(), {}, "forwards " + to });
            any = true;
        }
        if (!any) return;
        redirectInputs(graph, data, {});
        removeNodes(graph, remove);
    }
};

} // namespace

std::unique_ptr<Pass> makeModelPruner() {
    return std::make_unique<ModelPruner>();
}

} // namespace graphlens::passes

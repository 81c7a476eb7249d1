// grappler's model_pruner: keeps only what the fetched and preserved nodes need, then removes
// trivial forwarding nodes (StopGradient, Identity, single-input IdentityN and AddN) that no
// control edge touches.
#include <algorithm>
#include <cstdint>

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
        if (!options.fetches.empty() || !options.preserve.empty())
            pruneUnreachable(graph, preserved, report, options.index);
        // The manager's index holds unless pruning removed nodes.
        removeTrivial(graph, preserved, report, report.changes.empty() ? options.index : nullptr);
    }

private:
    static void pruneUnreachable(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                                 PassReport& report, const GraphIndex* shared) {
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, shared, own);
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

    // For each forwarder to remove, the one at the end of its chain of forwarders (whose source is
    // a kept tensor), each chain walked once. A cycle of forwarders forwards nothing (a graph
    // with one is invalid): its nodes are kept, and the forwarders that lead into it are removed,
    // reading the cycle's node.
    static std::vector<int32_t> resolveForwarders(const GraphIndex& index, std::vector<bool>& remove,
                                                  const std::vector<std::string>& source, int& onCycles) {
        const auto n = static_cast<size_t>(index.size());
        std::vector<int32_t> next(n, -1); // the removed forwarder whose output 0 it forwards
        for (size_t i = 0; i < n; ++i) {
            if (!remove[i]) continue;
            const auto [name, output] = splitInput(source[i]);
            const int32_t p = index.find(name);
            if (p >= 0 && remove[static_cast<size_t>(p)] && output == 0) next[i] = p;
        }
        std::vector<int32_t> last(n, -1);
        std::vector<uint8_t> state(n, 0); // 0 not seen, 1 on the current walk, 2 resolved
        std::vector<int32_t> path;
        onCycles = 0;
        for (size_t start = 0; start < n; ++start) {
            if (!remove[start] || state[start] != 0) continue;
            path.clear();
            auto c = static_cast<int32_t>(start);
            while (state[static_cast<size_t>(c)] == 0) {
                state[static_cast<size_t>(c)] = 1;
                path.push_back(c);
                if (next[static_cast<size_t>(c)] < 0) break;
                c = next[static_cast<size_t>(c)];
            }
            const auto cu = static_cast<size_t>(c);
            size_t tail = path.size(); // path[0, tail) gets `end` as its chain's end
            int32_t end = -1;
            if (state[cu] == 2) {
                // Joined a resolved chain, or ran into a cycle found before (now kept).
                end = remove[cu] ? last[cu] : path.back();
            } else if (next[cu] < 0) {
                end = c; // the walk ended at a forwarder reading a kept tensor
            } else {
                // A new cycle, path[tail..]: kept; the forwarder before it ends the chain.
                tail = static_cast<size_t>(std::find(path.begin(), path.end(), c) - path.begin());
                for (size_t j = tail; j < path.size(); ++j) remove[static_cast<size_t>(path[j])] = false;
                onCycles += static_cast<int>(path.size() - tail);
                if (tail > 0) end = path[tail - 1];
            }
            for (size_t j = 0; j < tail; ++j) last[static_cast<size_t>(path[j])] = end;
            for (const int32_t p : path) state[static_cast<size_t>(p)] = 2;
        }
        return last;
    }

    static void removeTrivial(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                              PassReport& report, const GraphIndex* shared) {
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, shared, own);
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
        // Follow chains of removed forwarders to a kept tensor: once per node (a chain used to be
        // walked again from each of its nodes, quadratic in its length).
        int onCycles = 0;
        const std::vector<int32_t> last = resolveForwarders(index, remove, source, onCycles);
        if (onCycles > 0)
            report.notes.push_back(std::to_string(onCycles) +
                                   " forwarding nodes on cycles of forwarders kept (they forward nothing)");
        bool any = false;
        std::unordered_map<std::string, std::string> data;
        data.reserve(source.size());
        for (int32_t i = 0; i < index.size(); ++i) {
            if (!remove[static_cast<size_t>(i)]) continue;
            const std::string& to = source[static_cast<size_t>(last[static_cast<size_t>(i)])];
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

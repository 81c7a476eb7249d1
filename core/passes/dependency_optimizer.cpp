// grappler's dependency_optimizer: nodes whose outputs only order other nodes become NoOps, NoOps
// (and Identities with control inputs) are bypassed where that does not add edges, and control
// inputs already implied by another path are dropped (transitive reduction, bounded).
#include <unordered_map>

#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

// Work cap of the reachability searches of one run: big graphs get a partial reduction.
constexpr int64_t kMaxVisits = 4'000'000;

class DependencyOptimizer : public Pass {
public:
    std::string_view name() const override { return "dependency_optimizer"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        const auto preserved = preservedNodes(graph, options);
        // The manager's index holds until a step changes the graph.
        auto unchanged = [&, before = report.changes.size()] {
            return report.changes.size() == before ? options.index : nullptr;
        };
        toNoOps(graph, preserved, report, options.index);
        bypassNoOps(graph, preserved, report, unchanged());
        reduceControlEdges(graph, options, report, unchanged());
    }

private:
    static bool onlyControlConsumers(const GraphIndex& index, int32_t i) {
        if (index.consumers(i).empty()) return false;
        for (const auto& c : index.consumers(i))
            if (c.output >= 0) return false;
        return true;
    }

    // A stateless node whose outputs nobody reads runs only to order its control consumers.
    static void toNoOps(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                        PassReport& report, const GraphIndex* shared) {
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, shared, own);
        for (int32_t i = 0; i < index.size(); ++i) {
            const auto& n = index.node(i);
            if (n.op() == "NoOp" || preserved.count(n.name()) || !onlyControlConsumers(index, i)) continue;
            if (isStatefulNode(n, graph.library()) || n.op() == "Merge" || n.op() == "Switch" || n.op() == "Enter" ||
                n.op() == "Exit" || n.op() == "NextIteration")
                continue;
            // As grappler: a node reading a Switch output (a cond's pivot Identity) anchors its
            // branch's control inputs to one side of the Switch; as a NoOp it would lose the side.
            const auto& ins = index.inputs(i);
            if (std::any_of(ins.begin(), ins.end(), [&](const auto& in) {
                    return in.output >= 0 && in.node >= 0 && index.node(in.node).op() == "Switch";
                }))
                continue;
            auto& def = *graph.mutable_node(i);
            std::vector<std::string> controls;
            for (const auto& in : def.input()) controls.push_back("^" + std::string(splitInput(in).first));
            const std::string old = def.op();
            const std::string name = def.name();
            def.set_op("NoOp");
            def.clear_attr();
            def.clear_input();
            for (auto& c : controls) def.add_input(std::move(c));
            tidyInputs(def);
            report.changes.push_back(
                { ChangeKind::Rewritten, name, "NoOp", {}, old + " only orders its consumers -> NoOp" });
        }
    }

    // grappler removes a NoOp when inputs*outputs <= inputs+outputs: its consumers then wait for
    // its inputs directly. Identity with control inputs and one data consumer likewise.
    static void bypassNoOps(tensorflow::GraphDef& graph, const std::unordered_set<std::string>& preserved,
                            PassReport& report, const GraphIndex* shared) {
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, shared, own);
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        // Additions to consumers' inputs; applied together so that the index stays valid.
        std::unordered_map<int32_t, std::vector<std::string>> extra;
        std::unordered_map<std::string, std::string> control;
        std::unordered_map<std::string, std::string> data;
        for (int32_t i = 0; i < index.size(); ++i) {
            const auto& n = index.node(i);
            if (n.op() != "NoOp" || preserved.count(n.name())) continue;
            const auto& ins = index.inputs(i);
            const auto& outs = index.consumers(i);
            bool ok = true;
            for (const auto& in : ins) ok &= in.node >= 0 && !remove[static_cast<size_t>(in.node)];
            for (const auto& c : outs) ok &= !remove[static_cast<size_t>(c.node)];
            if (!ok) continue;
            const size_t nin = ins.size(), nout = outs.size();
            if (nin * nout > nin + nout) continue;
            remove[static_cast<size_t>(i)] = true;
            control.emplace(n.name(), "");
            for (const auto& c : outs)
                for (const auto& in : ins) extra[c.node].push_back("^" + index.node(in.node).name());
            report.changes.push_back(
                { ChangeKind::Removed, n.name(), "NoOp", {}, "consumers wait for its inputs directly" });
        }
        for (int32_t i = 0; i < index.size(); ++i) {
            const auto& n = index.node(i);
            if (n.op() != "Identity" || remove[static_cast<size_t>(i)] || preserved.count(n.name())) continue;
            if (!index.hasControlInputs(i) || index.hasControlConsumers(i)) continue;
            const auto& ins = index.inputs(i);
            if (ins.empty() || ins.front().node < 0 || ins.front().output < 0) continue;
            if (index.node(ins.front().node).op() == "Switch" || remove[static_cast<size_t>(ins.front().node)])
                continue;
            const auto& outs = index.consumers(i);
            if (outs.size() != 1 || index.node(outs.front().node).op() == "Merge" ||
                remove[static_cast<size_t>(outs.front().node)])
                continue;
            remove[static_cast<size_t>(i)] = true;
            data.emplace(n.name(), n.input(0));
            for (int k = 1; k < n.input_size(); ++k) extra[outs.front().node].push_back(n.input(k));
            report.changes.push_back({ ChangeKind::Removed,
                                       n.name(),
                                       "Identity",
                                       {},
                                       "its consumer reads " + n.input(0) + " and keeps its control inputs" });
        }
        if (report.count(ChangeKind::Removed) == 0) return;
        for (auto& [node, inputs] : extra) {
            auto& def = *graph.mutable_node(node);
            for (auto& in : inputs) def.add_input(in);
        }
        redirectInputs(graph, data, control);
        removeNodes(graph, remove);
    }

    // Drops ^a from a node when a is also an ancestor through another input.
    static void reduceControlEdges(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report,
                                   const GraphIndex* shared) {
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, shared, own);
        int64_t visits = 0;
        std::vector<int32_t> mark(static_cast<size_t>(index.size()), -1);
        std::vector<int32_t> stack;
        int32_t stamp = 0;
        std::vector<std::pair<int32_t, std::string>> drops;
        for (int32_t i = 0; i < index.size() && visits < kMaxVisits; ++i) {
            if (!index.hasControlInputs(i)) continue;
            const auto& ins = index.inputs(i);
            if (ins.size() < 2) continue;
            if (options.cancel) options.cancel->throwIfCancelled();
            for (size_t k = 0; k < ins.size() && visits < kMaxVisits; ++k) {
                if (ins[k].output >= 0 || ins[k].node < 0) continue;
                const int32_t target = ins[k].node;
                // Search the ancestors of the other inputs for `target`.
                ++stamp;
                stack.clear();
                for (size_t j = 0; j < ins.size(); ++j)
                    if (j != k && ins[j].node >= 0 && ins[j].node != target) stack.push_back(ins[j].node);
                bool found = false;
                while (!stack.empty() && !found && visits < kMaxVisits) {
                    const int32_t v = stack.back();
                    stack.pop_back();
                    if (mark[static_cast<size_t>(v)] == stamp) continue;
                    mark[static_cast<size_t>(v)] = stamp;
                    ++visits;
                    // Do not walk around v1 loops.
                    if (index.node(v).op() == "Merge") continue;
                    for (const auto& in : index.inputs(v)) {
                        if (in.node == target) {
                            found = true;
                            break;
                        }
                        if (in.node >= 0 && mark[static_cast<size_t>(in.node)] != stamp) stack.push_back(in.node);
                    }
                }
                if (found) drops.emplace_back(i, index.node(target).name());
            }
        }
        if (visits >= kMaxVisits) report.notes.push_back("control edge reduction stopped at its work cap");
        for (const auto& [node, target] : drops) {
            auto* inputs = graph.mutable_node(node)->mutable_input();
            for (int k = inputs->size() - 1; k >= 0; --k) {
                if (inputs->Get(k) != "^" + target) continue;
                inputs->DeleteSubrange(k, 1);
                report.changes.push_back({ ChangeKind::Rewritten,
                                           graph.node(node).name(),
                                           graph.node(node).op(),
                                           {},
                                           "control input ^" + target + " already implied" });
                break;
            }
        }
    }
};

} // namespace

std::unique_ptr<Pass> makeDependencyOptimizer() {
    return std::make_unique<DependencyOptimizer>();
}

} // namespace graphlens::passes

// grappler's constant_folding, evaluated with our kernels: a stateless node whose data inputs are
// all constants becomes a Const holding its value (same name, control inputs kept). Nodes with
// several outputs get one Const per read output ("ConstantFolding/<name>-<k>") and go away.
// Ops without a kernel, stateful ops and results over grappler's 10 MiB are left and noted.
#include <unordered_map>

#include "core/ops/execute.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"
#include "core/tensor/resource_handle.h"

namespace graphlens::passes {
namespace {

constexpr size_t kMaxConstantBytes = size_t{ 10 } << 20; // grappler's kMaxConstantSize

bool neverFolded(const std::string& op) {
    static const std::unordered_set<std::string> ops = {
        "Const",
        "HostConst",
        "Placeholder",
        "PlaceholderWithDefault",
        "_Arg",
        "_Retval",
        "Switch",
        "Merge",
        "Enter",
        "Exit",
        "NextIteration",
        "LoopCond",
        "NoOp",
        "ControlTrigger",
        "RefSwitch",
        "RefEnter",
        // Folding these would only copy a constant under a new name.
        "Identity",
        "IdentityN",
        "Snapshot",
        "StopGradient",
        "PreventGradient",
        "CheckNumerics",
    };
    return ops.count(op) > 0;
}

class ConstantFolding : public Pass {
public:
    std::string_view name() const override { return "constant_folding"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        const auto preserved = preservedNodes(graph, options);
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, options.index, own);
        const auto order = index.topologicalOrder();
        std::unordered_map<int32_t, std::vector<tensor::Tensor>> values; // constants by node
        std::vector<int32_t> folded;
        auto constOf = [&](int32_t i) -> const std::vector<tensor::Tensor>* {
            if (const auto it = values.find(i); it != values.end()) return &it->second;
            const auto& n = index.node(i);
            if (n.op() != "Const") return nullptr;
            try {
                auto [it, _] = values.emplace(i, std::vector<tensor::Tensor>{ constValue(n) });
                return &it->second;
            } catch (const std::exception&) {
                return nullptr;
            }
        };
        std::unordered_set<std::string> missingKernels;
        for (const int32_t i : order) {
            if (options.cancel) options.cancel->throwIfCancelled();
            const auto& n = index.node(i);
            if (neverFolded(n.op()) || preserved.count(n.name())) continue;
            const auto& ins = index.inputs(i);
            // Cheap check first: big weights are decoded only when every input is constant.
            bool candidate = true;
            for (const auto& in : ins)
                if (in.output >= 0)
                    candidate &= in.node >= 0 && (values.count(in.node) > 0 || index.node(in.node).op() == "Const");
            if (!candidate) continue;
            std::vector<tensor::Tensor> args;
            bool allConst = true, anyData = false;
            for (const auto& in : ins) {
                if (in.output < 0) continue;
                anyData = true;
                const auto* v = in.node < 0 ? nullptr : constOf(in.node);
                if (!v || static_cast<size_t>(in.output) >= v->size() ||
                    !(*v)[static_cast<size_t>(in.output)].isValid()) {
                    allConst = false;
                    break;
                }
                args.push_back((*v)[static_cast<size_t>(in.output)]);
            }
            if (!allConst || !anyData) continue;
            bool callsFunction = false;
            for (const auto& [k, a] : n.attr())
                callsFunction |= a.has_func() || (a.has_list() && a.list().func_size() > 0);
            if (callsFunction || isStatefulNode(n, graph.library())) continue;
            const auto* op = ops::findOp(n.op());
            if (!op || op->kernels.empty()) {
                if (missingKernels.insert(n.op()).second)
                    report.notes.push_back("not folded: no kernel for " + n.op() + " ('" + n.name() + "')");
                continue;
            }
            std::vector<tensor::Tensor> outs;
            try {
                outs = ops::execute(op, std::span<const tensor::Tensor>(args), nodeAttrs(n));
            } catch (const std::exception& e) {
                report.notes.push_back("not folded: '" + n.name() + "' (" + n.op() + ") failed: " + e.what());
                continue;
            }
            size_t bytes = 0;
            bool representable = true;
            for (const auto& t : outs) {
                bytes += t.totalBytes();
                representable &=
                    t.isValid() && (!tensor::isObjectDType(t.dtype()) || t.dtype() == tensor::DType::String);
            }
            if (!representable) continue;
            if (bytes > kMaxConstantBytes) {
                report.notes.push_back("not folded: '" + n.name() + "' would be a constant of " +
                                       std::to_string(bytes) + " bytes (cap 10 MiB)");
                continue;
            }
            values[i] = std::move(outs);
            folded.push_back(i);
        }
        if (folded.empty()) return;
        apply(graph, index, preserved, values, folded, report);
    }

private:
    static void apply(tensorflow::GraphDef& graph, const GraphIndex& index,
                      const std::unordered_set<std::string>& preserved,
                      std::unordered_map<int32_t, std::vector<tensor::Tensor>>& values,
                      const std::vector<int32_t>& folded, PassReport& report) {
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        std::vector<bool> isFolded(static_cast<size_t>(index.size()), false);
        for (int32_t i : folded) isFolded[static_cast<size_t>(i)] = true;
        // Only the outermost folded nodes (those read by unfolded nodes) need to stay as
        // constants; folded nodes read only by folded nodes go away.
        std::unordered_map<std::string, std::string> data, control;
        std::vector<tensorflow::NodeDef> added;
        std::unordered_set<std::string> taken;
        for (int32_t i : folded) {
            const auto& n = index.node(i);
            bool readOutside = preserved.count(n.name()) > 0;
            for (const auto& c : index.consumers(i)) readOutside |= !isFolded[static_cast<size_t>(c.node)];
            const auto& outs = values[i];
            // Control inputs the constant keeps: the node's own and those of its constant inputs.
            std::vector<std::string> controls;
            for (const auto& in : index.inputs(i)) {
                if (in.node < 0) continue;
                if (in.output < 0) controls.push_back("^" + index.node(in.node).name());
                else
                    for (const auto& inin : index.node(in.node).input())
                        if (splitInput(inin).second < 0) controls.push_back(inin);
            }
            if (!readOutside) {
                remove[static_cast<size_t>(i)] = true;
                report.changes.push_back({ ChangeKind::Removed, n.name(), n.op(), {}, "folded into its consumers" });
                continue;
            }
            if (outs.size() == 1) {
                const std::string op = n.op();
                auto& def = *graph.mutable_node(i);
                makeConst(def, outs.front(), false);
                for (const auto& c : controls) def.add_input(c);
                tidyInputs(def);
                report.changes.push_back(
                    { ChangeKind::Rewritten, def.name(), "Const", { def.name() }, op + " folded to Const" });
                continue;
            }
            // Several outputs: one Const per output read.
            for (size_t k = 0; k < outs.size(); ++k) {
                if (index.dataConsumerCount(i, static_cast<int32_t>(k)) == 0) continue;
                tensorflow::NodeDef c;
                c.set_name(uniqueName(index, taken, "ConstantFolding/" + n.name() + "-" + std::to_string(k)));
                taken.insert(c.name());
                c.set_device(n.device());
                makeConst(c, outs[k], false);
                for (const auto& ctl : controls) c.add_input(ctl);
                tidyInputs(c);
                data.emplace(inputString(n.name(), static_cast<int32_t>(k)), c.name());
                if (!control.count(n.name())) control.emplace(n.name(), c.name());
                report.changes.push_back({ ChangeKind::Added,
                                           c.name(),
                                           "Const",
                                           { n.name() },
                                           "output " + std::to_string(k) + " of " + n.op() + " folded" });
                added.push_back(std::move(c));
            }
            if (!control.count(n.name())) control.emplace(n.name(), "");
            remove[static_cast<size_t>(i)] = true;
            report.changes.push_back({ ChangeKind::Removed, n.name(), n.op(), {}, "every output folded to a Const" });
        }
        // Constants only the folded nodes read are now dead.
        for (int32_t i : folded) {
            for (const auto& in : index.inputs(i)) {
                if (in.node < 0 || in.output < 0 || remove[static_cast<size_t>(in.node)]) continue;
                const auto& p = index.node(in.node);
                if (p.op() != "Const" || preserved.count(p.name()) || isFolded[static_cast<size_t>(in.node)]) continue;
                bool otherReaders = false;
                for (const auto& c : index.consumers(in.node))
                    otherReaders |= !isFolded[static_cast<size_t>(c.node)] || c.output < 0;
                if (otherReaders) continue;
                remove[static_cast<size_t>(in.node)] = true;
                report.changes.push_back({ ChangeKind::Removed, p.name(), "Const", {}, "unused after folding" });
            }
        }
        redirectInputs(graph, data, control);
        removeNodes(graph, remove);
        for (auto& c : added) *graph.add_node() = std::move(c);
    }
};

} // namespace

std::unique_ptr<Pass> makeConstantFolding() {
    return std::make_unique<ConstantFolding>();
}

} // namespace graphlens::passes

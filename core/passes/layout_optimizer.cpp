// The layout optimizer (grappler's GenericLayoutOptimizer, "layout"; run once): for a GPU target,
// the format-sensitive ops in NHWC (Conv2D, BiasAdd, MaxPool/AvgPool, FusedBatchNorm V1-V3) are
// switched to NCHW, cuDNN's native layout, with their 4-element attrs permuted. Layout-agnostic
// ops fed only by switched ops (activations, and elementwise binaries whose two operands are both
// switched) run in NCHW too. A Transpose goes only where the NCHW region meets the rest of the
// graph: into it (NHWC->NCHW) and out of it (NCHW->NHWC), one per tensor; the pairs an op-by-op
// conversion would put between two switched ops (Conv2D -> Relu -> Conv2D) cancel and are never
// written. For a CPU target the pass changes nothing: TF's CPU kernels want NHWC.
//
// Only float32 ops on a GPU (or unplaced, taken as the target) switch; fetched, fed and preserved
// nodes keep their layout, since their value is what the caller reads.
#include <cctype>
#include <unordered_set>

#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

using tensorflow::GraphDef;
using tensorflow::NodeDef;

constexpr const char* kToNchwPerm = "PermConstNHWCToNCHW-LayoutOptimizer";
constexpr const char* kToNhwcPerm = "PermConstNCHWToNHWC-LayoutOptimizer";

bool isFormatSensitive(const std::string& op) {
    return op == "Conv2D" || op == "BiasAdd" || op == "MaxPool" || op == "AvgPool" || op == "FusedBatchNorm" ||
        op == "FusedBatchNormV2" || op == "FusedBatchNormV3";
}

bool isAgnosticUnary(const std::string& op) {
    return op == "Relu" || op == "Relu6" || op == "Elu" || op == "LeakyRelu" || op == "Selu" || op == "Tanh" ||
        op == "Sigmoid" || op == "Identity" || op == "Neg" || op == "Abs" || op == "Square" || op == "Sqrt" ||
        op == "Exp" || op == "Softplus";
}

bool isAgnosticBinary(const std::string& op) {
    return op == "Add" || op == "AddV2" || op == "Sub" || op == "Mul" || op == "Maximum" || op == "Minimum";
}

bool onGpu(const NodeDef& node) {
    if (node.device().empty()) return true; // unplaced: the target (GPU here)
    std::string upper;
    for (const char c : node.device()) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    return upper.find("GPU") != std::string::npos;
}

// [N, H, W, C]-ordered attr values as [N, C, H, W].
void permuteAttr(NodeDef& node, const std::string& name, int group) {
    auto it = node.mutable_attr()->find(name);
    if (it == node.mutable_attr()->end()) return;
    auto* list = it->second.mutable_list();
    if (list->i_size() != 4 * group) return;
    std::vector<int64_t> v(list->i().begin(), list->i().end());
    list->clear_i();
    for (const int dim : { 0, 3, 1, 2 })
        for (int g = 0; g < group; ++g) list->add_i(v[static_cast<size_t>(dim * group + g)]);
}

class LayoutOptimizer : public Pass {
public:
    explicit LayoutOptimizer(Target target)
        : m_target(target) { }
    std::string_view name() const override { return "layout"; }
    bool runOnce() const override { return true; }
    void run(GraphDef& graph, const PassOptions& options, PassReport& report) override;

private:
    Target m_target;
};

void LayoutOptimizer::run(GraphDef& graph, const PassOptions& options, PassReport& report) {
    report.pass = std::string(name());
    if (m_target != Target::Gpu) return; // NHWC is the CPU kernels' layout
    std::optional<GraphIndex> own;
    const GraphIndex& index = indexOf(graph, options.index, own);
    const auto preserved = preservedNodes(graph, options);
    const auto n = static_cast<size_t>(index.size());
    std::vector<bool> nchw(n, false);

    // Which nodes run in NCHW, producers first.
    for (const int32_t i : index.topologicalOrder()) {
        if (options.cancel) options.cancel->throwIfCancelled();
        const auto& node = index.node(i);
        if (!onGpu(node) || preserved.count(node.name())) continue;
        const auto t = node.attr().find("T");
        if (t == node.attr().end() || t->second.type() != tensorflow::DT_FLOAT) continue;
        const auto& ins = index.inputs(i);
        const auto fromNchw = [&](size_t k) {
            return k < ins.size() && ins[k].node >= 0 && ins[k].output == 0 && nchw[static_cast<size_t>(ins[k].node)];
        };
        if (isFormatSensitive(node.op())) {
            const auto format = node.attr().find("data_format");
            if (format != node.attr().end() && format->second.s() != "NHWC") continue;
            // A BiasAdd is switched only after a switched op: that is where its input is known 4-D.
            if (node.op() == "BiasAdd" && !fromNchw(0)) continue;
            nchw[static_cast<size_t>(i)] = true;
        } else if (isAgnosticUnary(node.op())) {
            nchw[static_cast<size_t>(i)] = fromNchw(0);
        } else if (isAgnosticBinary(node.op())) {
            nchw[static_cast<size_t>(i)] = fromNchw(0) && fromNchw(1);
        }
    }

    std::unordered_set<std::string> taken;
    for (const auto& node : graph.node()) taken.insert(node.name());
    std::vector<NodeDef> added;
    const auto permConst = [&](const char* name, std::initializer_list<int> perm) {
        if (taken.count(name)) return;
        NodeDef c;
        c.set_name(name);
        c.set_op("Const");
        (*c.mutable_attr())["dtype"].set_type(tensorflow::DT_INT32);
        auto* value = (*c.mutable_attr())["value"].mutable_tensor();
        value->set_dtype(tensorflow::DT_INT32);
        value->mutable_tensor_shape()->add_dim()->set_size(4);
        for (const int p : perm) value->add_int_val(p);
        taken.insert(name);
        NodeChange change;
        change.kind = ChangeKind::Added;
        change.node = name;
        change.op = "Const";
        change.detail = "transpose permutation";
        report.changes.push_back(change);
        added.push_back(std::move(c));
    };
    const auto transpose = [&](const std::string& base, const std::string& input, const std::string& device,
                               bool toNchw) {
        const std::string name = uniqueName(index, taken, base);
        taken.insert(name);
        if (toNchw) permConst(kToNchwPerm, { 0, 3, 1, 2 });
        else permConst(kToNhwcPerm, { 0, 2, 3, 1 });
        NodeDef t;
        t.set_name(name);
        t.set_op("Transpose");
        t.set_device(device);
        t.add_input(input);
        t.add_input(toNchw ? kToNchwPerm : kToNhwcPerm);
        (*t.mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
        (*t.mutable_attr())["Tperm"].set_type(tensorflow::DT_INT32);
        NodeChange change;
        change.kind = ChangeKind::Added;
        change.node = name;
        change.op = "Transpose";
        change.detail = toNchw ? "NHWC -> NCHW" : "NCHW -> NHWC";
        report.changes.push_back(change);
        added.push_back(std::move(t));
        return name;
    };

    // Into the region: a switched node's layout inputs read a transposed copy.
    for (int32_t i = 0; i < index.size(); ++i) {
        if (!nchw[static_cast<size_t>(i)]) continue;
        auto& node = *graph.mutable_node(i);
        const std::string& op = node.op();
        const int layoutInputs = isAgnosticBinary(op) ? 2 : 1;
        for (int k = 0; k < layoutInputs; ++k) {
            const auto& in = index.inputs(i)[static_cast<size_t>(k)];
            if (in.node >= 0 && in.output == 0 && nchw[static_cast<size_t>(in.node)]) continue;
            node.set_input(k,
                           transpose(node.name() + "-" + std::to_string(k) + "-TransposeNHWCToNCHW-LayoutOptimizer",
                                     node.input(k), node.device(), true));
        }
        if (isFormatSensitive(op)) {
            (*node.mutable_attr())["data_format"].set_s("NCHW");
            for (const char* attr : { "strides", "dilations", "ksize" }) permuteAttr(node, attr, 1);
            permuteAttr(node, "explicit_paddings", 2);
            NodeChange change;
            change.kind = ChangeKind::Rewritten;
            change.node = node.name();
            change.op = op;
            change.detail = "NHWC -> NCHW";
            report.changes.push_back(change);
        }
    }
    // Out of the region: every reader of a switched node's output 0 that is not itself switched
    // (or reads it as a non-layout input) reads one shared NCHW->NHWC transpose.
    for (int32_t i = 0; i < index.size(); ++i) {
        if (!nchw[static_cast<size_t>(i)]) continue;
        const auto& producer = index.node(i);
        std::string back;
        for (const auto& use : index.consumers(i)) {
            if (use.output != 0) continue;
            const auto& consumer = index.node(use.node);
            const bool layoutInput = use.inputIndex < (isAgnosticBinary(consumer.op()) ? 2 : 1);
            if (nchw[static_cast<size_t>(use.node)] && layoutInput) continue;
            if (back.empty())
                back = transpose(producer.name() + "-0-0-TransposeNCHWToNHWC-LayoutOptimizer", producer.name(),
                                 producer.device(), false);
            graph.mutable_node(use.node)->set_input(use.inputIndex, back);
        }
    }
    for (auto& node : added) *graph.add_node() = std::move(node);
}

} // namespace

std::unique_ptr<Pass> makeLayoutOptimizer(Target target) {
    return std::make_unique<LayoutOptimizer>(target);
}

} // namespace graphlens::passes

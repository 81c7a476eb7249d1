// grappler's remapper (tffunction.md §3.3/3.4), as TF 2.21 runs it without oneDNN: nodes visited
// in reverse topological order, the first pattern that matches a root wins. Every place where a
// pattern's op types line up but a condition fails is reported as a FusionMiss.
//
// What was recorded from real TF (tests/oracle/record_grappler.py, remapper alone, CPU placement)
// and is followed here:
// - Contraction+BiasAdd(+Relu/Relu6/Elu/LeakyRelu) -> _FusedMatMul / _FusedConv2D named as the
//   root; Tanh and Sigmoid stay outside; on CPU MatMul must be float, Conv2D float or double and
//   NHWC, DepthwiseConv2dNative is not fused; a 1x1 filter fuses on CPU.
// - Any control fanin or fanout on a node of the pattern blocks it (the root's included).
// - Conv2D+Squeeze+BiasAdd -> _FusedConv2D named as the Conv2D, the Squeeze renamed to the BiasAdd.
// - Conv2D+FusedBatchNorm(V1-V3, inference)(+activation) -> _FusedConv2D, num_args 4.
// - FusedBatchNorm+Relu is not fused on CPU; an inference FusedBatchNorm (T float, only output 0
//   read, scale and variance Const) becomes primitive ops, whatever its device.
// - Unplaced nodes: TF fuses nothing (a node with no device is neither CPU nor GPU). GraphLens
//   treats them as placed on the pass's target, so that traced functions (never placed) get the
//   fusions they will get when TF places them; a documented difference in the oracle test.
#include <optional>
#include <unordered_set>

#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"
#include "core/passes/remapper_rules.h"
#include "core/passes/shape_inference.h"

namespace graphlens::passes {
namespace {

using tensorflow::GraphDef;
using tensorflow::NodeDef;

class Remapper : public Pass {
public:
    explicit Remapper(Target target)
        : m_target(target) { }
    std::string_view name() const override { return "remapper"; }
    void run(GraphDef& graph, const PassOptions& options, PassReport& report) override;

private:
    Target m_target;
};

// One run over one graph: the matches are planned against the original graph (the root keeps its
// name, so consumers outside a pattern never change), then the node list is rebuilt once.
class RemapRun {
public:
    RemapRun(const GraphDef& graph, const PassOptions& options, Target target, PassReport& report)
        : m_graph(graph)
        , m_index(indexOf(graph, options.index, m_ownIndex))
        , m_preserved(preservedNodes(graph, options))
        , m_target(target)
        , m_options(options)
        , m_report(report)
        , m_replacement(static_cast<size_t>(graph.node_size()))
        , m_inserted(static_cast<size_t>(graph.node_size()))
        , m_remove(static_cast<size_t>(graph.node_size()), false)
        , m_handled(static_cast<size_t>(graph.node_size()), false) { }

    void plan();
    void apply(GraphDef& graph);

private:
    const NodeDef& node(int32_t i) const { return m_index.node(i); }
    int32_t dataInput(int32_t i, int32_t k) const;
    std::optional<Miss> structureMiss(int32_t i, bool intermediate) const;
    std::optional<Miss> contractionBiasMiss(int32_t contraction, int32_t bias, const std::string& activation) const;
    std::optional<Miss> activationMiss(int32_t activation, int32_t inner, int32_t contraction) const;
    std::optional<Miss> convBatchNormMiss(int32_t conv, int32_t batchNorm, const std::string& activation) const;
    DeviceKind device(int32_t i) const { return deviceKind(node(i), m_target); }

    bool tryContractionBiasActivation(int32_t activation);
    bool tryContractionBias(int32_t bias);
    bool tryConvSqueezeBias(int32_t bias);
    bool tryConvBatchNorm(int32_t batchNorm, int32_t activation);
    bool tryFusedBatchNormEx(int32_t activation);
    // Both data inputs of `node` have the same fully known shape (shapes inferred on first use).
    bool sameKnownShapes(int32_t node);
    bool tryDecomposeBatchNorm(int32_t batchNorm);

    void miss(std::string pattern, std::vector<int32_t> nodes, const Miss& why);
    void fused(const NodeDef& fusedNode, int32_t root, const std::vector<int32_t>& sources);

    const GraphDef& m_graph;
    std::optional<GraphIndex> m_ownIndex; // before m_index: it may be what m_index refers to
    const GraphIndex& m_index;
    std::unordered_set<std::string> m_preserved;
    Target m_target;
    const PassOptions& m_options;
    PassReport& m_report;
    std::vector<std::optional<NodeDef>> m_replacement;
    std::vector<std::vector<NodeDef>> m_inserted; // new nodes placed before node i
    std::vector<bool> m_remove;
    std::vector<bool> m_handled;
    std::unordered_set<int32_t> m_missReported; // roots whose smaller pattern is already explained
    std::optional<GraphShapes> m_shapes;
};

int32_t RemapRun::dataInput(int32_t i, int32_t k) const {
    const auto& ins = m_index.inputs(i);
    // Every pattern links nodes through output 0 (a Relu of a batch norm's mean is no pattern).
    if (k >= static_cast<int32_t>(ins.size()) || ins[static_cast<size_t>(k)].output != 0) return -1;
    const int32_t producer = ins[static_cast<size_t>(k)].node;
    if (producer < 0 || m_handled[static_cast<size_t>(producer)]) return -1;
    return producer;
}

// Conditions every node of a pattern meets; an intermediate node also has its output 0 read only
// by the pattern and is not preserved.
bool RemapRun::sameKnownShapes(int32_t i) {
    if (!m_shapes) m_shapes = inferShapes(m_graph, m_index);
    const auto& ins = m_index.inputs(i);
    if (ins.size() < 2 || ins[0].node < 0 || ins[1].node < 0 || ins[0].output < 0 || ins[1].output < 0) return false;
    const auto& a = m_shapes->shape(ins[0].node, ins[0].output);
    const auto& b = m_shapes->shape(ins[1].node, ins[1].output);
    return a.isFullyDefined() && b.isFullyDefined() && a == b;
}

std::optional<Miss> RemapRun::structureMiss(int32_t i, bool intermediate) const {
    const auto& n = node(i);
    if (m_index.hasControlInputs(i) || m_index.hasControlConsumers(i))
        return Miss{ "control_edge", "'" + n.name() + "' has control edges" };
    if (!intermediate) return std::nullopt;
    if (m_index.dataConsumerCount(i, 0) != 1)
        return Miss{ "multiple_consumers",
                     "'" + n.name() + "' output 0 has " + std::to_string(m_index.dataConsumerCount(i, 0)) +
                         " consumers" };
    if (m_preserved.count(n.name())) return Miss{ "preserved", "'" + n.name() + "' is fetched, fed or preserved" };
    return std::nullopt;
}

std::optional<Miss> RemapRun::contractionBiasMiss(int32_t contraction, int32_t bias,
                                                  const std::string& activation) const {
    if (auto m = structureMiss(bias, false)) return m;
    if (auto m = structureMiss(contraction, true)) return m;
    if (typeAttr(node(contraction)) != typeAttr(node(bias)))
        return Miss{ "dtype", "'" + node(contraction).name() + "' and '" + node(bias).name() + "' differ in T" };
    return contractionDeviceMiss(node(contraction), device(contraction), activation,
                                 filterShape(m_graph, m_index, contraction));
}

// The activation's own conditions and those of the node under it (BiasAdd or FusedBatchNorm),
// which becomes an intermediate.
std::optional<Miss> RemapRun::activationMiss(int32_t activation, int32_t inner, int32_t contraction) const {
    const auto& act = node(activation);
    if (auto m = activationSupportMiss(act, node(contraction), device(contraction))) return m;
    if (auto m = structureMiss(activation, false)) return m;
    if (typeAttr(act) != typeAttr(node(inner)))
        return Miss{ "dtype", "'" + act.name() + "' and '" + node(inner).name() + "' differ in T" };
    return structureMiss(inner, true);
}

std::optional<Miss> RemapRun::convBatchNormMiss(int32_t conv, int32_t batchNorm, const std::string& activation) const {
    const auto& bn = node(batchNorm);
    if (auto m = structureMiss(batchNorm, false)) return m;
    if (auto m = batchNormInferenceMiss(bn, m_index, batchNorm)) return m;
    if (auto m = structureMiss(conv, true)) return m;
    if (typeAttr(node(conv)) != typeAttr(bn))
        return Miss{ "dtype", "'" + node(conv).name() + "' and '" + bn.name() + "' differ in T" };
    if (typeAttr(bn) != tensorflow::DT_FLOAT)
        return Miss{ "dtype", "'" + bn.name() + "' is not float32 (Conv2D+FusedBatchNorm needs float32)" };
    return convBatchNormDeviceMiss(node(conv), device(conv), activation);
}

void RemapRun::miss(std::string pattern, std::vector<int32_t> nodes, const Miss& why) {
    FusionMiss m;
    m.pattern = std::move(pattern);
    for (const int32_t i : nodes) m.nodes.push_back(node(i).name());
    m.condition = why.condition;
    m.reason = why.reason;
    m_report.misses.push_back(std::move(m));
}

void RemapRun::fused(const NodeDef& fusedNode, int32_t root, const std::vector<int32_t>& sources) {
    NodeChange change;
    change.kind = ChangeKind::Fused;
    change.node = fusedNode.name();
    change.op = fusedNode.op();
    for (const int32_t i : sources) {
        change.sources.push_back(node(i).name());
        m_handled[static_cast<size_t>(i)] = true;
        if (i != root) m_remove[static_cast<size_t>(i)] = true;
    }
    const auto it = fusedNode.attr().find("fused_ops");
    if (it != fusedNode.attr().end())
        for (const auto& s : it->second.list().s()) change.detail += (change.detail.empty() ? "" : "+") + s;
    m_report.changes.push_back(std::move(change));
    m_replacement[static_cast<size_t>(root)] = fusedNode;
}

bool RemapRun::tryContractionBiasActivation(int32_t activation) {
    const int32_t bias = dataInput(activation, 0);
    if (bias < 0 || node(bias).op() != "BiasAdd") return false;
    const int32_t contraction = dataInput(bias, 0);
    if (contraction < 0 || !isContraction(node(contraction).op())) return false;
    const auto& act = node(activation);
    const std::string pattern = node(contraction).op() + "+BiasAdd+" + act.op();
    if (auto m = contractionBiasMiss(contraction, bias, act.op())) {
        miss(pattern, { contraction, bias, activation }, *m);
        m_missReported.insert(bias);
        return false;
    }
    if (auto m = activationMiss(activation, bias, contraction)) {
        miss(pattern, { contraction, bias, activation }, *m);
        return false;
    }
    fused(fusedContraction(node(contraction), node(bias), &act, act.name()), activation,
          { contraction, bias, activation });
    return true;
}

bool RemapRun::tryContractionBias(int32_t bias) {
    const int32_t contraction = dataInput(bias, 0);
    if (contraction < 0 || !isContraction(node(contraction).op())) return false;
    if (auto m = contractionBiasMiss(contraction, bias, "")) {
        if (!m_missReported.count(bias)) miss(node(contraction).op() + "+BiasAdd", { contraction, bias }, *m);
        return false;
    }
    fused(fusedContraction(node(contraction), node(bias), nullptr, node(bias).name()), bias, { contraction, bias });
    return true;
}

bool RemapRun::tryConvSqueezeBias(int32_t bias) {
    const int32_t squeeze = dataInput(bias, 0);
    if (squeeze < 0 || node(squeeze).op() != "Squeeze") return false;
    const int32_t conv = dataInput(squeeze, 0);
    if (conv < 0 || node(conv).op() != "Conv2D") return false;
    std::optional<Miss> why = structureMiss(bias, false);
    if (!why) why = structureMiss(squeeze, true);
    if (!why) why = squeezeMiss(node(squeeze));
    if (!why) why = structureMiss(conv, true);
    if (!why && typeAttr(node(conv)) != typeAttr(node(bias)))
        why = Miss{ "dtype", "'" + node(conv).name() + "' and '" + node(bias).name() + "' differ in T" };
    if (!why && device(conv) != DeviceKind::Cpu)
        why = Miss{ "device", "Conv2D+Squeeze+BiasAdd is fused on CPU only ('" + node(conv).name() + "')" };
    if (!why) why = contractionDeviceMiss(node(conv), device(conv), "", std::nullopt);
    if (why) {
        miss("Conv2D+Squeeze+BiasAdd", { conv, squeeze, bias }, *why);
        return false;
    }
    // The fused convolution keeps the Conv2D's name; the Squeeze moves after it under the
    // BiasAdd's name, so the BiasAdd's consumers read the same tensor name as before.
    NodeDef squeezed = node(squeeze);
    squeezed.set_name(node(bias).name());
    squeezed.clear_input();
    squeezed.add_input(node(conv).name());
    m_inserted[static_cast<size_t>(bias)].push_back(std::move(squeezed));
    m_remove[static_cast<size_t>(bias)] = true;
    m_handled[static_cast<size_t>(bias)] = true;
    fused(fusedContraction(node(conv), node(bias), nullptr, node(conv).name()), conv, { conv, squeeze });
    m_report.changes.back().sources.push_back(node(bias).name());
    m_report.changes.back().detail = "BiasAdd";
    return true;
}

bool RemapRun::tryConvBatchNorm(int32_t batchNorm, int32_t activation) {
    if (batchNorm < 0 || !isFusedBatchNorm(node(batchNorm).op())) return false;
    const int32_t conv = dataInput(batchNorm, 0);
    if (conv < 0 || node(conv).op() != "Conv2D") return false;
    const std::string actOp = activation >= 0 ? node(activation).op() : "";
    const std::string pattern = "Conv2D+" + node(batchNorm).op() + (actOp.empty() ? "" : "+" + actOp);
    std::vector<int32_t> nodes{ conv, batchNorm };
    if (activation >= 0) nodes.push_back(activation);
    if (auto m = convBatchNormMiss(conv, batchNorm, actOp)) {
        if (!m_missReported.count(batchNorm)) miss(pattern, nodes, *m);
        if (activation >= 0) m_missReported.insert(batchNorm);
        return false;
    }
    if (activation >= 0) {
        if (auto m = activationMiss(activation, batchNorm, conv)) {
            miss(pattern, nodes, *m);
            return false;
        }
    }
    const int32_t root = activation >= 0 ? activation : batchNorm;
    fused(fusedConvBatchNorm(node(conv), node(batchNorm), activation >= 0 ? &node(activation) : nullptr,
                             node(root).name()),
          root, nodes);
    return true;
}

bool RemapRun::tryFusedBatchNormEx(int32_t activation) {
    if (node(activation).op() != "Relu") return false;
    const int32_t inner = dataInput(activation, 0);
    if (inner < 0) return false;
    // Relu(FusedBatchNorm) or, as TF also fuses, Relu(Add(FusedBatchNorm, side input)).
    int32_t batchNorm = inner, add = -1, sidePort = -1;
    if (!isFusedBatchNorm(node(inner).op())) {
        if (node(inner).op() != "Add" && node(inner).op() != "AddV2") return false;
        for (const int32_t port : { 0, 1 }) {
            const int32_t candidate = dataInput(inner, port);
            if (candidate >= 0 && isFusedBatchNorm(node(candidate).op())) {
                batchNorm = candidate;
                add = inner;
                sidePort = 1 - port;
                break;
            }
        }
        if (add < 0) return false;
    }
    const std::string pattern = node(batchNorm).op() + (add >= 0 ? "+" + node(add).op() : "") + "+Relu";
    std::optional<Miss> why = structureMiss(activation, false);
    if (!why && add >= 0) why = structureMiss(add, true);
    if (!why) why = structureMiss(batchNorm, true);
    if (!why) why = batchNormExMiss(node(batchNorm), device(batchNorm));
    if (!why && typeAttr(node(activation)) != typeAttr(node(batchNorm)))
        why = Miss{ "dtype", "'" + node(activation).name() + "' and '" + node(batchNorm).name() + "' differ in T" };
    if (!why && add >= 0 && !sameKnownShapes(add))
        why = Miss{ "side_input_shape",
                    "'" + node(add).name() + "' may broadcast: its inputs' shapes are not known to be equal" };
    if (why) {
        if (!m_missReported.count(batchNorm))
            miss(pattern, add >= 0 ? std::vector{ batchNorm, add, activation } : std::vector{ batchNorm, activation },
                 *why);
        return false;
    }
    // As TF: the fused node takes the batch norm's name (its other outputs keep their names) and
    // the activation becomes an Identity of it; the Add goes.
    const std::string side = add >= 0 ? node(add).input(sidePort) : std::string();
    fused(fusedBatchNormEx(node(batchNorm), side), batchNorm,
          add >= 0 ? std::vector{ batchNorm, add } : std::vector{ batchNorm });
    m_report.changes.back().sources.push_back(node(activation).name());
    m_report.changes.back().detail = "Relu";
    m_handled[static_cast<size_t>(activation)] = true;
    NodeDef identity;
    identity.set_name(node(activation).name());
    identity.set_op("Identity");
    identity.set_device(node(batchNorm).device());
    identity.add_input(node(batchNorm).name());
    (*identity.mutable_attr())["T"] = node(activation).attr().at("T");
    m_replacement[static_cast<size_t>(activation)] = std::move(identity);
    return true;
}

bool RemapRun::tryDecomposeBatchNorm(int32_t batchNorm) {
    if (!canDecomposeBatchNorm(m_index, batchNorm)) return false;
    const auto& bn = node(batchNorm);
    auto nodes = decomposedBatchNorm(bn);
    NodeDef last = std::move(nodes.back());
    nodes.pop_back();
    for (const auto& in : bn.input())
        if (!in.empty() && in.front() == '^') last.add_input(in);
    NodeChange change;
    change.kind = ChangeKind::Rewritten;
    change.node = bn.name();
    change.op = last.op();
    change.detail = "inference " + bn.op() + " -> primitive ops";
    m_report.changes.push_back(change);
    for (const auto& added : nodes) {
        NodeChange a;
        a.kind = ChangeKind::Added;
        a.node = added.name();
        a.op = added.op();
        a.sources = { bn.name() };
        m_report.changes.push_back(std::move(a));
    }
    m_inserted[static_cast<size_t>(batchNorm)] = std::move(nodes);
    m_replacement[static_cast<size_t>(batchNorm)] = std::move(last);
    m_handled[static_cast<size_t>(batchNorm)] = true;
    return true;
}

void RemapRun::plan() {
    const auto order = m_index.topologicalOrder();
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int32_t i = *it;
        if (m_handled[static_cast<size_t>(i)]) continue;
        if (m_options.cancel) m_options.cancel->throwIfCancelled();
        const std::string& op = node(i).op();
        if (m_options.allowNonDifferentiableRewrites) {
            if (isActivationLike(op)) {
                if (tryContractionBiasActivation(i)) continue;
                const int32_t inner = dataInput(i, 0);
                if (inner >= 0 && isFusedBatchNorm(node(inner).op()) && tryConvBatchNorm(inner, i)) continue;
                if (tryFusedBatchNormEx(i)) continue;
            } else if (op == "BiasAdd") {
                if (tryContractionBias(i) || tryConvSqueezeBias(i)) continue;
            } else if (isFusedBatchNorm(op)) {
                if (tryConvBatchNorm(i, -1)) continue;
            }
        }
        if (isFusedBatchNorm(op)) tryDecomposeBatchNorm(i);
    }
}

void RemapRun::apply(GraphDef& graph) {
    google::protobuf::RepeatedPtrField<NodeDef> nodes;
    for (int32_t i = 0; i < graph.node_size(); ++i) {
        const auto k = static_cast<size_t>(i);
        for (auto& added : m_inserted[k]) *nodes.Add() = std::move(added);
        if (m_remove[k]) continue;
        if (m_replacement[k]) *nodes.Add() = std::move(*m_replacement[k]);
        else *nodes.Add() = std::move(*graph.mutable_node(i));
    }
    graph.mutable_node()->Swap(&nodes);
}

void Remapper::run(GraphDef& graph, const PassOptions& options, PassReport& report) {
    report.pass = std::string(name());
    for (const auto& n : graph.node()) {
        if (n.device().empty()) {
            report.notes.push_back(std::string("unplaced nodes are treated as placed on the ") +
                                   (m_target == Target::Gpu ? "GPU" : "CPU") +
                                   " (TF's remapper fuses no unplaced node)");
            break;
        }
    }
    RemapRun remap(graph, options, m_target, report);
    remap.plan();
    remap.apply(graph);
}

} // namespace

std::unique_ptr<Pass> makeRemapper(Target target) {
    return std::make_unique<Remapper>(target);
}

} // namespace graphlens::passes

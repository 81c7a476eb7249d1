// Elementwise fusion (beyond grappler, as XLA's loop fusion): a maximal tree of elementwise ops in
// which every inner node feeds only the next one becomes one `_GraphLensFusedElementwise` node,
// evaluated block by block with no full-size intermediate (core/ops/kernels_fused_elementwise.cpp).
// The fused node takes the tree root's name, so every consumer reads the same tensor name.
//
// A producer joins the tree when it is a supported elementwise op of the same dtype and device,
// its output 0 is read once (by the tree) and nothing else of it is read, it has no control edges
// and it is not fetched, fed or preserved. A neighbour that is elementwise but fails one of these
// is reported as a FusionMiss with the condition.
#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <unordered_set>

#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

using tensorflow::GraphDef;
using tensorflow::NodeDef;

// The ops the fused kernel evaluates (kernels_fused_elementwise.cpp) with their operand count.
int elementwiseArity(const std::string& op) {
    static const std::map<std::string, int, std::less<>> kOps = {
        { "Add", 2 },     { "AddV2", 2 },      { "Sub", 2 },       { "Mul", 2 },
        { "RealDiv", 2 }, { "Maximum", 2 },    { "Minimum", 2 },   { "SquaredDifference", 2 },
        { "Neg", 1 },     { "Abs", 1 },        { "Square", 1 },    { "Relu", 1 },
        { "Relu6", 1 },   { "Exp", 1 },        { "Log", 1 },       { "Sqrt", 1 },
        { "Rsqrt", 1 },   { "Tanh", 1 },       { "Sigmoid", 1 },   { "Elu", 1 },
        { "Selu", 1 },    { "Softplus", 1 },   { "LeakyRelu", 1 }, { "Expm1", 1 },
        { "Log1p", 1 },   { "Reciprocal", 1 }, { "Floor", 1 },     { "Ceil", 1 },
    };
    const auto it = kOps.find(op);
    return it == kOps.end() ? 0 : it->second;
}

tensorflow::DataType typeOf(const NodeDef& node) {
    const auto it = node.attr().find("T");
    return it == node.attr().end() ? tensorflow::DT_INVALID : it->second.type();
}

// A deeper chain is cut into several fused nodes: it bounds the recursion on long chains.
constexpr int kMaxDepth = 128;

bool fusableType(tensorflow::DataType t) {
    return t == tensorflow::DT_FLOAT || t == tensorflow::DT_DOUBLE;
}

class ElementwiseFusion : public Pass {
public:
    std::string_view name() const override { return "elementwise_fusion"; }
    void run(GraphDef& graph, const PassOptions& options, PassReport& report) override;
};

class FusionRun {
public:
    FusionRun(const GraphDef& graph, const PassOptions& options, PassReport& report)
        : m_index(indexOf(graph, options.index, m_ownIndex))
        , m_preserved(preservedNodes(graph, options))
        , m_options(options)
        , m_report(report)
        , m_inTree(static_cast<size_t>(graph.node_size()), false)
        , m_remove(static_cast<size_t>(graph.node_size()), false)
        , m_replacement(static_cast<size_t>(graph.node_size())) { }

    void plan();
    void apply(GraphDef& graph);

private:
    bool candidate(int32_t i) const {
        const auto& n = m_index.node(i);
        return elementwiseArity(n.op()) > 0 && fusableType(typeOf(n)) &&
            static_cast<int>(m_index.inputs(i).size()) >= elementwiseArity(n.op());
    }
    // Why producer `p` cannot join the tree whose node `consumer` reads it; "" when it can.
    std::pair<std::string, std::string> joinMiss(int32_t p, int32_t consumer) const;
    void grow(int32_t root);

    std::optional<GraphIndex> m_ownIndex; // before m_index: it may be what m_index refers to
    const GraphIndex& m_index;
    std::unordered_set<std::string> m_preserved;
    const PassOptions& m_options;
    PassReport& m_report;
    std::vector<bool> m_inTree;
    std::vector<bool> m_remove;
    std::vector<std::optional<NodeDef>> m_replacement;
};

std::pair<std::string, std::string> FusionRun::joinMiss(int32_t p, int32_t consumer) const {
    const auto& n = m_index.node(p);
    const auto& c = m_index.node(consumer);
    const std::string q = "'" + n.name() + "'";
    if (typeOf(n) != typeOf(c)) return { "dtype", q + " has another dtype than '" + c.name() + "'" };
    if (n.device() != c.device()) return { "device", q + " is on another device than '" + c.name() + "'" };
    if (m_index.hasControlInputs(p) || m_index.hasControlConsumers(p))
        return { "control_edge", q + " has control edges" };
    if (m_preserved.count(n.name())) return { "preserved", q + " is fetched, fed or preserved" };
    // Read only by `consumer` (maybe twice, as in x*x: the step result is then used twice).
    for (const auto& use : m_index.consumers(p))
        if (use.node != consumer || use.output != 0)
            return { "multiple_consumers",
                     q + " is read by " + std::to_string(m_index.consumers(p).size()) + " inputs, not only by '" +
                         c.name() + "'" };
    return { "", "" };
}

// Collects the tree under `root` (producers before consumers), then writes the fused node.
void FusionRun::grow(int32_t root) {
    std::vector<int32_t> members; // post-order: every operand before its user
    std::vector<std::string> args;
    std::map<std::string, int> argIndex;
    std::map<int32_t, int> stepOf;
    std::vector<std::string> expr;

    const auto operandOf = [&](auto&& self, int32_t node, int depth) -> std::string {
        const auto& n = m_index.node(node);
        const int arity = elementwiseArity(n.op());
        std::string step = n.op();
        for (int k = 0; k < arity; ++k) {
            const auto& in = m_index.inputs(node)[static_cast<size_t>(k)];
            const int32_t p = in.node;
            std::string operand;
            if (const auto done = stepOf.find(p); p >= 0 && done != stepOf.end()) {
                operand = "t" + std::to_string(done->second);
            } else if (p >= 0 && in.output == 0 && depth < kMaxDepth && candidate(p) &&
                       !m_inTree[static_cast<size_t>(p)]) {
                const auto [condition, reason] = joinMiss(p, node);
                if (condition.empty()) {
                    m_inTree[static_cast<size_t>(p)] = true;
                    operand = self(self, p, depth + 1);
                } else {
                    FusionMiss miss;
                    miss.pattern = "elementwise chain";
                    miss.nodes = { n.name(), m_index.node(p).name() };
                    miss.condition = condition;
                    miss.reason = reason;
                    m_report.misses.push_back(std::move(miss));
                }
            }
            if (operand.empty()) {
                const std::string tensor = n.input(k);
                auto [it, added] = argIndex.emplace(tensor, static_cast<int>(args.size()));
                if (added) args.push_back(tensor);
                operand = "a" + std::to_string(it->second);
            }
            step += " " + operand;
        }
        if (n.op() == "LeakyRelu") {
            const auto it = n.attr().find("alpha");
            char text[32];
            std::snprintf(text, sizeof text, " alpha=%.9g", it == n.attr().end() ? 0.2 : double(it->second.f()));
            step += text;
        }
        stepOf[node] = static_cast<int>(expr.size());
        expr.push_back(step);
        members.push_back(node);
        return "t" + std::to_string(stepOf[node]);
    };
    m_inTree[static_cast<size_t>(root)] = true;
    operandOf(operandOf, root, 0);
    if (members.size() < 2) return; // a lone op gains nothing

    const auto& r = m_index.node(root);
    NodeDef fused;
    fused.set_name(r.name());
    fused.set_op("_GraphLensFusedElementwise");
    fused.set_device(r.device());
    for (const auto& a : args) fused.add_input(a);
    for (const auto& in : r.input())
        if (!in.empty() && in.front() == '^') fused.add_input(in); // the root's own control inputs
    auto& attrs = *fused.mutable_attr();
    attrs["T"].set_type(typeOf(r));
    attrs["N"].set_i(static_cast<int64_t>(args.size()));
    for (const auto& s : expr) attrs["expr"].mutable_list()->add_s(s);

    NodeChange change;
    change.kind = ChangeKind::Fused;
    change.node = r.name();
    change.op = fused.op();
    for (const int32_t m : members) {
        change.sources.push_back(m_index.node(m).name());
        if (m != root) m_remove[static_cast<size_t>(m)] = true;
    }
    for (size_t k = 0; k < expr.size(); ++k) change.detail += (k ? "; " : "") + expr[k];
    m_report.changes.push_back(std::move(change));
    m_replacement[static_cast<size_t>(root)] = std::move(fused);
}

void FusionRun::plan() {
    // Roots first (reverse topological order): a tree grows from its last op towards its inputs.
    const auto order = m_index.topologicalOrder();
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int32_t i = *it;
        if (m_inTree[static_cast<size_t>(i)] || !candidate(i)) continue;
        if (m_options.cancel) m_options.cancel->throwIfCancelled();
        grow(i);
    }
}

void FusionRun::apply(GraphDef& graph) {
    google::protobuf::RepeatedPtrField<NodeDef> nodes;
    for (int32_t i = 0; i < graph.node_size(); ++i) {
        const auto k = static_cast<size_t>(i);
        if (m_remove[k]) continue;
        if (m_replacement[k]) *nodes.Add() = std::move(*m_replacement[k]);
        else *nodes.Add() = std::move(*graph.mutable_node(i));
    }
    graph.mutable_node()->Swap(&nodes);
}

void ElementwiseFusion::run(GraphDef& graph, const PassOptions& options, PassReport& report) {
    report.pass = std::string(name());
    FusionRun fusion(graph, options, report);
    fusion.plan();
    fusion.apply(graph);
}

} // namespace

std::unique_ptr<Pass> makeElementwiseFusion() {
    return std::make_unique<ElementwiseFusion>();
}

} // namespace graphlens::passes

// grappler's arithmetic_optimizer (the parts that pay off on traced graphs): neutral elements
// (x*1, x+0, x-0, x/1), double negation, Identity chains, Transpose pairs that cancel, common
// factors hoisted out of sums (a*b + a*c -> a*(b+c)) and sums of one tensor (AddN(x,x) -> x*2).
// Nodes keep their names: a removed node's consumers read the surviving tensor, a rewritten one
// keeps its name with the new op. Every rewrite says what it did in `detail`.
#include <algorithm>
#include <unordered_map>

#include "core/ops/execute.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

using tensor::Tensor;

bool isConstNode(const tensorflow::NodeDef& n) {
    return n.op() == "Const";
}

// Whether every element of a Const node equals `v` (scalars only when `scalarOnly`).
bool constEquals(const tensorflow::NodeDef& n, double v, bool scalarOnly) {
    if (!isConstNode(n)) return false;
    try {
        const Tensor t = constValue(n);
        if (scalarOnly && t.rank() != 0) return false;
        if (t.numElements() == 0 || t.dtype() == tensor::DType::String || t.dtype() == tensor::DType::Bool)
            return false;
        for (double x : t.toDoubleVector())
            if (x != v) return false;
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

std::vector<int64_t> constInts(const tensorflow::NodeDef& n) {
    if (!isConstNode(n)) return {};
    try {
        return constValue(n).toInt64Vector();
    } catch (const std::exception&) {
        return {};
    }
}

tensorflow::DataType typeAttr(const tensorflow::NodeDef& n, const char* attr = "T") {
    const auto it = n.attr().find(attr);
    return it == n.attr().end() ? tensorflow::DT_INVALID : it->second.type();
}

class ArithmeticOptimizer : public Pass {
public:
    std::string_view name() const override { return "arithmetic_optimizer"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        m_preserved = preservedNodes(graph, options);
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, options.index, own);
        m_remove.assign(static_cast<size_t>(index.size()), false);
        m_touched.assign(static_cast<size_t>(index.size()), false);
        m_data.clear();
        m_added.clear();
        m_taken.clear();
        for (const int32_t i : index.topologicalOrder()) {
            if (options.cancel) options.cancel->throwIfCancelled();
            if (m_touched[static_cast<size_t>(i)] || m_remove[static_cast<size_t>(i)]) continue;
            const auto& n = index.node(i);
            if (neutralElement(graph, index, i, report)) continue;
            if (doubleNegation(index, i, report)) continue;
            if (identityChain(graph, index, i, report)) continue;
            if (transposePair(index, i, report)) continue;
            if (hoistCommonFactor(graph, index, i, report)) continue;
            if (sumOfSame(graph, index, i, report)) continue;
            (void)n;
        }
        // A bypassed node may read another bypassed one: follow to the surviving tensor.
        for (auto& [from, to] : m_data) {
            for (size_t guard = 0; guard <= m_data.size(); ++guard) {
                const auto [node, port] = splitInput(to);
                const auto it = port == 0 ? m_data.find(std::string(node)) : m_data.end();
                if (it == m_data.end() || it->first == from) break;
                to = it->second;
            }
        }
        for (auto& n : m_added) *graph.add_node() = std::move(n);
        // Control inputs on a bypassed node (the aggregation Const's) wait for its replacement.
        std::unordered_map<std::string, std::string> control;
        for (const auto& [from, to] : m_data) control.emplace(from, std::string(splitInput(to).first));
        redirectInputs(graph, m_data, control);
        removeNodes(graph, m_remove);
    }

private:
    bool removable(const GraphIndex& index, int32_t i) const {
        return !m_preserved.count(index.node(i).name()) && !index.hasControlConsumers(i) && !index.hasControlInputs(i);
    }
    // Consumers of node i's output 0 read `to`; the node goes away.
    void bypass(const GraphIndex& index, int32_t i, const std::string& to, const std::string& detail,
                PassReport& report) {
        m_data[index.node(i).name()] = to;
        m_remove[static_cast<size_t>(i)] = true;
        report.changes.push_back({ ChangeKind::Removed, index.node(i).name(), index.node(i).op(), {}, detail });
    }
    // A producer read only by nodes being removed goes too.
    void dropIfDead(const GraphIndex& index, int32_t p) {
        if (p < 0 || m_remove[static_cast<size_t>(p)] || m_preserved.count(index.node(p).name())) return;
        if (!isConstNode(index.node(p)) && index.node(p).op() != "Neg" && index.node(p).op() != "Transpose") return;
        for (const auto& c : index.consumers(p))
            if (!m_remove[static_cast<size_t>(c.node)]) return;
        m_remove[static_cast<size_t>(p)] = true;
    }
    // The data input k's producer and its input string.
    static int32_t producer(const GraphIndex& index, int32_t i, int k) {
        int seen = 0;
        for (const auto& in : index.inputs(i)) {
            if (in.output < 0) continue;
            if (seen++ == k) return in.output == 0 ? in.node : -1;
        }
        return -1;
    }

    bool neutralElement(tensorflow::GraphDef&, const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        const std::string& op = n.op();
        struct Rule {
            double value;
            bool left, right; // the neutral constant may stand on that side
            const char* text;
        };
        Rule rule{};
        if (op == "Mul") rule = { 1, true, true, "*1" };
        else if (op == "Add" || op == "AddV2") rule = { 0, true, true, "+0" };
        else if (op == "Sub") rule = { 0, false, true, "-0" };
        else if (op == "RealDiv" || op == "Div") rule = { 1, false, true, "/1" };
        else return false;
        if (!removable(index, i) || n.input_size() != 2) return false;
        // A scalar constant leaves the other operand's shape as it is; bigger ones could
        // broadcast it.
        for (int side = 0; side < 2; ++side) {
            if ((side == 0 && !rule.left) || (side == 1 && !rule.right)) continue;
            const int32_t c = producer(index, i, side);
            if (c < 0 || !constEquals(index.node(c), rule.value, true)) continue;
            if (typeAttr(index.node(c), "dtype") != typeAttr(n)) continue;
            const std::string other = n.input(1 - side);
            bypass(index, i, other, std::string("x") + rule.text + " -> x", report);
            dropIfDead(index, c);
            return true;
        }
        return false;
    }

    bool doubleNegation(const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        if (n.op() != "Neg" || !removable(index, i)) return false;
        const int32_t inner = producer(index, i, 0);
        if (inner < 0 || index.node(inner).op() != "Neg" || m_remove[static_cast<size_t>(inner)] ||
            index.hasControlInputs(inner))
            return false;
        bypass(index, i, index.node(inner).input(0), "--x -> x", report);
        if (removable(index, inner) && index.consumers(inner).size() == 1) {
            m_remove[static_cast<size_t>(inner)] = true;
            report.changes.push_back({ ChangeKind::Removed, index.node(inner).name(), "Neg", {}, "--x -> x" });
        }
        return true;
    }

    // Identity(Identity(x)): the outer one reads x.
    bool identityChain(tensorflow::GraphDef& graph, const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        if (n.op() != "Identity") return false;
        const int32_t inner = producer(index, i, 0);
        if (inner < 0 || index.node(inner).op() != "Identity" || index.hasControlInputs(inner) ||
            index.node(inner).input_size() < 1)
            return false;
        const int32_t source = index.inputs(inner).front().node;
        if (source < 0 || index.node(source).op() == "Switch") return false;
        auto& def = *graph.mutable_node(i);
        def.set_input(0, index.node(inner).input(0));
        m_touched[static_cast<size_t>(i)] = true;
        report.changes.push_back(
            { ChangeKind::Rewritten, n.name(), "Identity", {}, "Identity chain: reads " + def.input(0) });
        if (removable(index, inner) && index.consumers(inner).size() == 1) {
            m_remove[static_cast<size_t>(inner)] = true;
            report.changes.push_back(
                { ChangeKind::Removed, index.node(inner).name(), "Identity", {}, "Identity chain" });
        }
        return true;
    }

    bool transposePair(const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        if (n.op() != "Transpose" || !removable(index, i)) return false;
        const int32_t inner = producer(index, i, 0);
        if (inner < 0 || index.node(inner).op() != "Transpose" || m_remove[static_cast<size_t>(inner)] ||
            index.hasControlInputs(inner))
            return false;
        const int32_t p1 = producer(index, inner, 1), p2 = producer(index, i, 1);
        if (p1 < 0 || p2 < 0) return false;
        const auto perm1 = constInts(index.node(p1)), perm2 = constInts(index.node(p2));
        if (perm1.empty() || perm1.size() != perm2.size()) return false;
        // out[j] = mid[perm2[j]] = x[perm1[perm2[j]]]: cancels when perm1[perm2[j]] == j.
        for (size_t j = 0; j < perm2.size(); ++j) {
            const auto k = perm2[j];
            if (k < 0 || static_cast<size_t>(k) >= perm1.size() ||
                perm1[static_cast<size_t>(k)] != static_cast<int64_t>(j))
                return false;
        }
        bypass(index, i, index.node(inner).input(0), "Transpose pair cancels -> x", report);
        if (removable(index, inner) && index.consumers(inner).size() == 1) {
            m_remove[static_cast<size_t>(inner)] = true;
            report.changes.push_back(
                { ChangeKind::Removed, index.node(inner).name(), "Transpose", {}, "Transpose pair cancels" });
            dropIfDead(index, p1);
        }
        dropIfDead(index, p2);
        return true;
    }

    // Add(Mul(a,b), Mul(a,c)) -> Mul(a, Add(b,c)): the Add keeps its name as the Mul; the sum of
    // the other factors is a new node. The Muls must be read only by the Add.
    bool hoistCommonFactor(tensorflow::GraphDef& graph, const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        if ((n.op() != "Add" && n.op() != "AddV2") || index.hasControlInputs(i) || n.input_size() != 2) return false;
        const int32_t m0 = producer(index, i, 0), m1 = producer(index, i, 1);
        if (m0 < 0 || m1 < 0 || m0 == m1) return false;
        for (int32_t m : { m0, m1 }) {
            const auto& mul = index.node(m);
            if (mul.op() != "Mul" || !removable(index, m) || index.consumers(m).size() != 1 || mul.input_size() != 2 ||
                m_remove[static_cast<size_t>(m)] || m_touched[static_cast<size_t>(m)] || typeAttr(mul) != typeAttr(n))
                return false;
        }
        const auto& a = index.node(m0);
        const auto& b = index.node(m1);
        std::string common, x, y;
        for (int p = 0; p < 2 && common.empty(); ++p)
            for (int q = 0; q < 2 && common.empty(); ++q)
                if (a.input(p) == b.input(q)) {
                    common = a.input(p);
                    x = a.input(1 - p);
                    y = b.input(1 - q);
                }
        if (common.empty()) return false;
        tensorflow::NodeDef sum;
        sum.set_name(uniqueName(index, m_taken, "ArithmeticOptimizer/HoistCommonFactor_Add_" + n.name()));
        m_taken.insert(sum.name());
        sum.set_op(n.op());
        sum.set_device(n.device());
        (*sum.mutable_attr())["T"] = n.attr().at("T");
        sum.add_input(x);
        sum.add_input(y);
        auto& def = *graph.mutable_node(i);
        def.set_op("Mul");
        def.set_input(0, common);
        def.set_input(1, sum.name());
        def.mutable_attr()->erase("_output_shapes");
        m_touched[static_cast<size_t>(i)] = true;
        for (int32_t m : { m0, m1 }) {
            m_remove[static_cast<size_t>(m)] = true;
            report.changes.push_back({ ChangeKind::Removed, index.node(m).name(), "Mul", {}, "common factor hoisted" });
        }
        report.changes.push_back({ ChangeKind::Added, sum.name(), sum.op(), { a.name(), b.name() }, "b+c of a*b+a*c" });
        report.changes.push_back(
            { ChangeKind::Rewritten, def.name(), "Mul", { a.name(), b.name() }, "a*b+a*c -> a*(b+c), a = " + common });
        m_added.push_back(std::move(sum));
        return true;
    }

    // AddN(x, ..., x) and Add(x, x) -> Mul(N, x), as grappler's SimplifyAggregation does it (TF
    // 2.21): a Const "ArithmeticOptimizer/SimplifyAggregation_Const_<name>" waiting for x and a
    // Mul "..._Mul_<name>" that consumers read; the sum goes.
    bool sumOfSame(tensorflow::GraphDef&, const GraphIndex& index, int32_t i, PassReport& report) {
        const auto& n = index.node(i);
        if (n.op() != "AddN" && n.op() != "Add" && n.op() != "AddV2") return false;
        if (!removable(index, i) || n.input_size() < 2) return false;
        for (const auto& in : n.input())
            if (in != n.input(0)) return false;
        const auto type = typeAttr(n);
        if (type == tensorflow::DT_INVALID || type == tensorflow::DT_STRING) return false;
        Tensor count;
        try {
            count = ops::execute1("Cast", { Tensor::scalar<float>(static_cast<float>(n.input_size())) },
                                  { { "DstT", static_cast<tensor::DType>(type) } });
        } catch (const std::exception&) {
            return false;
        }
        const std::string x = n.input(0);
        tensorflow::NodeDef c;
        c.set_name(uniqueName(index, m_taken, "ArithmeticOptimizer/SimplifyAggregation_Const_" + n.name()));
        m_taken.insert(c.name());
        c.set_device(n.device());
        makeConst(c, count, false);
        c.add_input("^" + std::string(splitInput(x).first));
        tensorflow::NodeDef mul;
        mul.set_name(uniqueName(index, m_taken, "ArithmeticOptimizer/SimplifyAggregation_Mul_" + n.name()));
        m_taken.insert(mul.name());
        mul.set_op("Mul");
        mul.set_device(n.device());
        (*mul.mutable_attr())["T"].set_type(type);
        mul.add_input(c.name());
        mul.add_input(x);
        report.changes.push_back({ ChangeKind::Added, c.name(), "Const", { n.name() }, "the count of the sum" });
        report.changes.push_back(
            { ChangeKind::Added,
              mul.name(),
              "Mul",
              { n.name() },
              "sum of " + std::to_string(n.input_size()) + " x -> " + std::to_string(n.input_size()) + "*x" });
        bypass(index, i, mul.name(), "sum of one tensor -> Mul", report);
        m_added.push_back(std::move(c));
        m_added.push_back(std::move(mul));
        return true;
    }

    std::unordered_set<std::string> m_preserved;
    std::vector<bool> m_remove, m_touched;
    std::unordered_map<std::string, std::string> m_data;
    std::vector<tensorflow::NodeDef> m_added;
    std::unordered_set<std::string> m_taken;
};

} // namespace

std::unique_ptr<Pass> makeArithmeticOptimizer() {
    return std::make_unique<ArithmeticOptimizer>();
}

} // namespace graphlens::passes

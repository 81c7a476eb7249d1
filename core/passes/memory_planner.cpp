// The memory planner pass: lifetimes from a topological order, in-place candidates for
// elementwise ops, and same-size buffer reuse for the rest (a greedy first fit over the order,
// as an arena allocator would serve them). It only reports; the executor frees and reuses
// buffers at run time from its own last-use analysis (core/exec), which follows the same rules.
#include "core/passes/memory_planner.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/passes/graph_index.h"
#include "core/passes/passes.h"
#include "core/passes/shape_inference.h"

namespace graphlens::passes {

namespace {

// Ops whose kernel may write its output over an input of the same shape and dtype.
bool mayRunInPlace(const std::string& op) {
    static const std::unordered_set<std::string> ops = { "Add",
                                                         "AddV2",
                                                         "Sub",
                                                         "Mul",
                                                         "RealDiv",
                                                         "Div",
                                                         "Maximum",
                                                         "Minimum",
                                                         "SquaredDifference",
                                                         "Neg",
                                                         "Abs",
                                                         "Square",
                                                         "Relu",
                                                         "Relu6",
                                                         "Elu",
                                                         "Selu",
                                                         "LeakyRelu",
                                                         "Softplus",
                                                         "Exp",
                                                         "Log",
                                                         "Sqrt",
                                                         "Rsqrt",
                                                         "Tanh",
                                                         "Sigmoid",
                                                         "BiasAdd",
                                                         "_GraphLensFusedElementwise",
                                                         "ReluGrad",
                                                         "Relu6Grad",
                                                         "TanhGrad",
                                                         "SigmoidGrad" };
    return ops.count(op) > 0;
}

// Nodes whose outputs are not buffers the graph allocates: arguments, fed and constant values.
bool ownsNoBuffer(const std::string& op) {
    return op == "_Arg" || op == "Placeholder" || op == "Const" || op == "VarHandleOp" || op == "_Retval" ||
        op == "NoOp" || op == "Identity" || op == "IdentityN" || op == "StopGradient" || op == "Snapshot";
}

int64_t bytesOf(const tensor::PartialShape& shape, tensor::DType dtype) {
    if (!shape.isFullyDefined() || dtype == tensor::DType::Invalid || tensor::isObjectDType(dtype)) return -1;
    int64_t n = 1;
    for (int64_t d : shape.dims()) n *= d;
    return n * static_cast<int64_t>(tensor::dtypeSize(dtype));
}

std::string tensorName(const std::string& node, int32_t output) {
    return output == 0 ? node : node + ":" + std::to_string(output);
}

} // namespace

MemoryPlan planMemory(const tensorflow::GraphDef& graph, const std::vector<std::string>& keepAlive,
                      const GraphIndex* shared) {
    MemoryPlan plan;
    std::optional<GraphIndex> own;
    const GraphIndex& index = indexOf(graph, shared, own);
    const GraphShapes shapes = inferShapes(graph, index);
    const std::vector<int32_t> order = index.topologicalOrder();
    std::vector<int32_t> position(static_cast<size_t>(index.size()), 0);
    for (size_t p = 0; p < order.size(); ++p) {
        position[static_cast<size_t>(order[p])] = static_cast<int32_t>(p);
        plan.order.push_back(index.node(order[p]).name());
    }
    std::unordered_set<std::string> kept;
    for (const std::string& k : keepAlive) {
        const auto [node, output] = splitInput(k);
        kept.insert(tensorName(std::string(node), output < 0 ? 0 : output));
        if (output <= 0) kept.insert(std::string(node) + "*"); // a node name: all its outputs
    }
    const auto end = static_cast<int32_t>(order.size());
    // tensor key (node << 32 | output) -> index into plan.tensors
    std::unordered_map<int64_t, size_t> tensorOf;
    auto key = [](int32_t node, int32_t output) {
        return (static_cast<int64_t>(node) << 32) | static_cast<uint32_t>(output);
    };
    for (const int32_t i : order) {
        const auto& node = index.node(i);
        if (ownsNoBuffer(node.op())) continue;
        const auto& types = shapes.types[static_cast<size_t>(i)];
        for (size_t o = 0; o < types.size(); ++o) {
            const auto out = static_cast<int32_t>(o);
            TensorLifetime t;
            t.tensor = tensorName(node.name(), out);
            t.bytes = bytesOf(shapes.shape(i, out), types[o]);
            t.defined = position[static_cast<size_t>(i)];
            t.lastUse = t.defined;
            if (kept.count(t.tensor) || kept.count(node.name() + "*")) t.lastUse = end;
            if (t.bytes < 0) {
                ++plan.unknownTensors;
                continue;
            }
            tensorOf.emplace(key(i, out), plan.tensors.size());
            plan.tensors.push_back(std::move(t));
        }
    }
    for (int32_t c = 0; c < index.size(); ++c)
        for (const TensorRef& in : index.inputs(c)) {
            if (in.node < 0 || in.output < 0) continue;
            auto it = tensorOf.find(key(in.node, in.output));
            if (it == tensorOf.end()) continue;
            TensorLifetime& t = plan.tensors[it->second];
            // A _Retval reads it after the body: it is a result and lives to the end.
            const int32_t use = index.node(c).op() == "_Retval" ? end : position[static_cast<size_t>(c)];
            t.lastUse = std::max(t.lastUse, use);
        }

    // Walk the order: a tensor's buffer is free after its last use; an elementwise op may write
    // over an input dying at it, any other tensor takes a free buffer of its size.
    std::vector<std::vector<size_t>> definedAt(order.size() + 1), diesAt(order.size() + 1);
    for (size_t t = 0; t < plan.tensors.size(); ++t) {
        plan.bytesBefore += plan.tensors[t].bytes;
        definedAt[static_cast<size_t>(plan.tensors[t].defined)].push_back(t);
        if (plan.tensors[t].lastUse < end) diesAt[static_cast<size_t>(plan.tensors[t].lastUse)].push_back(t);
    }
    std::multimap<int64_t, size_t> freeBuffers; // bytes -> the tensor that last held it
    std::vector<bool> taken(plan.tensors.size(), false);
    int64_t live = 0;
    for (size_t p = 0; p < order.size(); ++p) {
        const auto& node = index.node(order[p]);
        for (size_t t : definedAt[p]) {
            TensorLifetime& out = plan.tensors[t];
            bool reused = false;
            if (mayRunInPlace(node.op()))
                for (size_t d : diesAt[p]) {
                    const TensorLifetime& in = plan.tensors[d];
                    if (taken[d] || in.bytes != out.bytes || in.defined == static_cast<int32_t>(p)) continue;
                    plan.reuse.push_back({ in.tensor, out.tensor, out.bytes, true });
                    taken[d] = true; // its buffer passes on; it is not freed
                    reused = true;
                    live -= in.bytes;
                    break;
                }
            if (!reused) {
                if (auto it = freeBuffers.find(out.bytes); it != freeBuffers.end()) {
                    plan.reuse.push_back({ plan.tensors[it->second].tensor, out.tensor, out.bytes, false });
                    freeBuffers.erase(it);
                } else {
                    plan.bytesAfter += out.bytes;
                }
            }
            live += out.bytes;
        }
        plan.peakLiveBytes = std::max(plan.peakLiveBytes, live);
        for (size_t d : diesAt[p]) {
            if (taken[d]) continue;
            live -= plan.tensors[d].bytes;
            freeBuffers.emplace(plan.tensors[d].bytes, d);
        }
    }
    return plan;
}

namespace {

class MemoryPlanner : public Pass {
public:
    std::string_view name() const override { return "memory_planner"; }
    bool runOnce() const override { return true; }
    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        if (options.cancel) options.cancel->throwIfCancelled();
        std::vector<std::string> keep = options.fetches;
        keep.insert(keep.end(), options.preserve.begin(), options.preserve.end());
        const MemoryPlan plan = planMemory(graph, keep, options.index);
        int64_t inPlace = 0;
        for (const BufferReuse& r : plan.reuse) inPlace += r.inPlace;
        report.notes.push_back("memory plan: " + std::to_string(plan.tensors.size()) + " tensors of known size (" +
                               std::to_string(plan.unknownTensors) + " unknown), " + std::to_string(plan.reuse.size()) +
                               " buffer reuses (" + std::to_string(inPlace) + " in place); bytes " +
                               std::to_string(plan.bytesBefore) + " -> " + std::to_string(plan.bytesAfter) +
                               ", peak live " + std::to_string(plan.peakLiveBytes));
        constexpr size_t kListed = 40;
        for (size_t i = 0; i < plan.reuse.size() && i < kListed; ++i) {
            const BufferReuse& r = plan.reuse[i];
            report.notes.push_back("reuse: " + r.to + " takes " + r.from + "'s buffer (" + std::to_string(r.bytes) +
                                   " bytes" + (r.inPlace ? ", in place)" : ")"));
        }
        if (plan.reuse.size() > kListed)
            report.notes.push_back("reuse: " + std::to_string(plan.reuse.size() - kListed) + " more");
    }
};

} // namespace

std::unique_ptr<Pass> makeMemoryPlanner() {
    return std::make_unique<MemoryPlanner>();
}

} // namespace graphlens::passes

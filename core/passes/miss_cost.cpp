#include "core/passes/miss_cost.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/exec/executor.h"
#include "core/graph/io/meta_graph_builder.h"
#include "core/graph/model.h"
#include "core/passes/graph_index.h"
#include "core/tensor/dispatch.h"

namespace graphlens::passes {
namespace {

using Key = std::pair<std::string, std::string>; // (function, node)

// splitmix64: a cheap, well-mixed stream that depends on nothing but the seed.
class Stream {
public:
    explicit Stream(uint64_t seed)
        : m_state(seed) { }
    uint64_t next() {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; } // [0, 1)

private:
    uint64_t m_state;
};

const tensorflow::TensorShapeProto* staticShape(const tensorflow::NodeDef& node) {
    const auto shape = node.attr().find("shape");
    if (shape != node.attr().end() && shape->second.has_shape() && !shape->second.shape().unknown_rank())
        return &shape->second.shape();
    const auto outputs = node.attr().find("_output_shapes");
    if (outputs != node.attr().end() && outputs->second.list().shape_size() > 0 &&
        !outputs->second.list().shape(0).unknown_rank())
        return &outputs->second.list().shape(0);
    return nullptr;
}

} // namespace

tensor::Tensor placeholderFeed(const tensorflow::NodeDef& placeholder, int64_t batch, uint64_t seed) {
    using tensor::DType;
    const auto dtypeAttr = placeholder.attr().find("dtype");
    const DType dtype =
        dtypeAttr == placeholder.attr().end() ? DType::Invalid : static_cast<DType>(dtypeAttr->second.type());
    const tensorflow::TensorShapeProto* shape = staticShape(placeholder);
    if (!shape)
        throw UnfeedableInput("input '" + placeholder.name() +
                              "' has no static rank: the profile cannot make a value for it (give a graph whose "
                              "Placeholders have a shape)");
    std::vector<int64_t> dims;
    for (const auto& d : shape->dim()) dims.push_back(d.size() < 0 ? batch : d.size());
    const tensor::TensorShape tensorShape(dims);
    Stream stream(seed * 0x2545f4914f6cdd1dull + 1);
    auto fill = [&](auto tag) {
        using T = decltype(tag);
        tensor::Tensor t(dtype, tensorShape);
        for (auto& v : t.flat<T>()) {
            if constexpr (std::is_same_v<T, bool>) v = (stream.next() & 1) != 0;
            else if constexpr (std::is_integral_v<T>) v = static_cast<T>(stream.next() % 4);
            else v = static_cast<T>(static_cast<float>(stream.unit() * 2.0 - 1.0));
        }
        return t;
    };
    switch (dtype) {
    case DType::Bool:
        return fill(bool{});
    case DType::Float32:
    case DType::Float64:
    case DType::Float16:
    case DType::BFloat16:
    case DType::Int32:
    case DType::Int64:
    case DType::Int16:
    case DType::Int8:
    case DType::UInt8:
        return tensor::visitReal(dtype, fill);
    default:
        throw UnfeedableInput("input '" + placeholder.name() + "' is of dtype " +
                              std::string(dtype == DType::Invalid ? "<none>" : tensor::dtypeName(dtype)) +
                              ": the profile makes values of numbers and bools only");
    }
}

void attachMissCosts(OptimizeResult& result, const exec::StepProfile& profile, int runs, int64_t feedBatch,
                     size_t topNodes) {
    const double perRun = 1.0 / std::max(1, runs);
    std::map<Key, const exec::StepProfile::NodeEntry*> timed;
    const auto entries = profile.nodeEntries();
    for (const auto& e : entries) timed.emplace(Key{ e.function, e.node }, &e);

    result.profile = {};
    result.profile.runs = runs;
    result.profile.feedBatch = feedBatch;
    result.profile.secondsPerRun = profile.totalSeconds() * perRun;
    for (size_t i = 0; i < entries.size() && i < topNodes; ++i) {
        const auto& e = entries[i];
        result.profile.topNodes.push_back(
            { e.function, e.node, e.op, e.seconds * perRun, static_cast<double>(e.count) * perRun });
    }

    // Where a node went when a pass fused it, and what each fused node holds (the last fusion wins).
    std::map<Key, std::string> fusedInto;
    std::map<Key, std::vector<std::string>> fusedSources;
    for (const auto& snapshot : result.snapshots)
        for (const auto& change : snapshot.report.changes) {
            if (change.kind != ChangeKind::Fused) continue;
            fusedSources[Key{ change.function, change.node }] = change.sources;
            for (const auto& source : change.sources)
                if (source != change.node) fusedInto[Key{ change.function, source }] = change.node;
        }

    for (auto& miss : result.misses) {
        miss.costSeconds = -1;
        miss.unprofiledNodes.clear();
        if (miss.nodes.empty()) continue;
        const std::string& first = miss.nodes.front();
        // A node fused together with the first one (MatMul+BiasAdd fused after +Relu missed) is
        // the first node's kernel now: it costs nothing extra.
        auto holdsFirst = [&](const std::string& node) {
            if (node == first) return true;
            const auto it = fusedSources.find(Key{ miss.function, node });
            return it != fusedSources.end() &&
                std::find(it->second.begin(), it->second.end(), first) != it->second.end();
        };
        double seconds = 0;
        bool found = false;
        std::set<std::string> counted;
        // The first node would run in any case: only the ones after it cost extra kernels.
        for (size_t i = 1; i < miss.nodes.size(); ++i) {
            // Follow the node through later fusions to the node that ran (bounded by the map's size).
            std::string node = miss.nodes[i];
            for (size_t hops = 0; hops <= fusedInto.size(); ++hops) {
                const auto it = timed.find(Key{ miss.function, node });
                if (it != timed.end()) {
                    found = true;
                    if (!holdsFirst(node) && counted.insert(node).second) seconds += it->second->seconds;
                    break;
                }
                if (hops == 0) miss.unprofiledNodes.push_back(node);
                const auto next = fusedInto.find(Key{ miss.function, node });
                if (next == fusedInto.end()) break;
                node = next->second;
            }
        }
        if (found) miss.costSeconds = seconds * perRun;
    }
}

void profileOptimized(OptimizeResult& result, const ProfileRunOptions& options) {
    if (options.runs < 1) throw std::invalid_argument("the profile needs at least one run");
    const tensorflow::GraphDef& optimized = result.optimized;
    std::vector<std::string> feeds;
    std::vector<tensor::Tensor> args;
    for (const auto& node : optimized.node()) {
        if (!graph::isPlaceholderOp(node.op())) continue;
        args.push_back(placeholderFeed(node, options.feedBatch, feeds.size()));
        feeds.push_back(node.name());
    }
    tensorflow::GraphDef copy = optimized;
    const graph::MetaGraph meta = io::buildFromGraphDef(std::move(copy), "optimized graph", {});
    std::vector<std::string> fetches, targets;
    if (options.fetches.empty()) {
        const GraphIndex index(optimized);
        for (int32_t i = 0; i < index.size(); ++i)
            if (index.consumers(i).empty()) targets.push_back(index.node(i).name());
    }
    for (const auto& fetch : options.fetches) {
        // A signature may name a node without outputs (a TF1 NoOp): it runs as a target.
        const graph::NodeId id = meta.graph.find(fetch);
        if (id != graph::kNoNode && meta.graph.node(id).numOutputs == 0) targets.push_back(fetch);
        else fetches.push_back(fetch);
    }
    if (options.variables) {
        const auto& metaGraphs = options.variables->metaGraphs;
        if (options.metaGraph >= 0 && static_cast<size_t>(options.metaGraph) < metaGraphs.size())
            exec::restoreVariables(*options.variables, metaGraphs[static_cast<size_t>(options.metaGraph)]);
    }
    const auto executable = exec::Executable::compileGraph(meta.graph, &meta.library, feeds, fetches, targets);

    exec::StepProfile profile;
    exec::RunOptions warmUp;
    warmUp.cancel = options.cancel;
    // What PrintV2 would print, once per run, is noise in a report.
    warmUp.print = [](std::string_view, std::string_view) {};
    executable->run(args, warmUp);
    if (options.progress) options.progress(0, options.runs);
    exec::RunOptions profiled = warmUp;
    profiled.profile = &profile;
    for (int run = 0; run < options.runs; ++run) {
        executable->run(args, profiled);
        if (options.progress) options.progress(run + 1, options.runs);
    }
    attachMissCosts(result, profile, options.runs, options.feedBatch);
}

} // namespace graphlens::passes

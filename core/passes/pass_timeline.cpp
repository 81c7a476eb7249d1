#include "core/passes/pass_timeline.h"

#include <algorithm>
#include <stdexcept>

#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/miss_cost.h"
#include "core/passes/pass_util.h"
#include "core/util/error.h"
#include "core/util/json.h"
#include "core/util/thread_pool.h"

namespace graphlens::passes {
namespace {

bool sameNode(const tensorflow::NodeDef& a, const tensorflow::NodeDef& b) {
    if (a.op() != b.op() || a.device() != b.device() || a.input_size() != b.input_size() ||
        a.attr_size() != b.attr_size())
        return false;
    for (int i = 0; i < a.input_size(); ++i)
        if (a.input(i) != b.input(i)) return false;
    for (const auto& [name, value] : a.attr()) {
        const auto other = b.attr().find(name);
        if (other == b.attr().end()) return false;
        if (deterministicBytes(value) != deterministicBytes(other->second)) return false;
    }
    return true;
}

std::shared_ptr<const graph::Model> modelOf(const tensorflow::GraphDef& graph, const std::string& title) {
    tensorflow::GraphDef copy = graph;
    return io::loadGraphDef(std::move(copy), title);
}

// The graphs of one model by function name ("" for the main graph).
std::vector<std::pair<std::string, const graph::Graph*>> graphsOf(const graph::Model& model) {
    std::vector<std::pair<std::string, const graph::Graph*>> graphs;
    if (model.metaGraphs.empty()) return graphs;
    const auto& meta = model.metaGraphs.front();
    graphs.emplace_back(std::string(), &meta.graph);
    for (const auto& function : meta.library.functions()) graphs.emplace_back(function.name, &function.body);
    return graphs;
}

const graph::Graph* graphNamed(const std::vector<std::pair<std::string, const graph::Graph*>>& graphs,
                               const std::string& name) {
    for (const auto& [function, graph] : graphs)
        if (function == name) return graph;
    return nullptr;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
}

} // namespace

std::string markKey(const std::string& function, const std::string& node) {
    return function.empty() ? node : function + "|" + node;
}

const char* markName(NodeMark mark) {
    switch (mark) {
    case NodeMark::Added:
        return "added";
    case NodeMark::Removed:
        return "removed";
    case NodeMark::Rewritten:
        return "rewritten";
    case NodeMark::Fused:
        return "fused";
    case NodeMark::None:
        break;
    }
    return "unchanged";
}

NodeMark markOf(ChangeKind kind) {
    switch (kind) {
    case ChangeKind::Added:
        return NodeMark::Added;
    case ChangeKind::Removed:
        return NodeMark::Removed;
    case ChangeKind::Rewritten:
        return NodeMark::Rewritten;
    case ChangeKind::Fused:
        return NodeMark::Fused;
    }
    return NodeMark::None;
}

StepDiff PassTimeline::diff(int from, int to) const {
    StepDiff out;
    if (from < 0 || to >= stepCount() || from >= to) return out;
    // What the passes in between said: fused nodes with their sources, how nodes were rewritten.
    std::unordered_map<std::string, const NodeChange*> fusedBy; // fused node -> change
    std::unordered_map<std::string, std::string> fusedInto;     // source -> fused node
    std::unordered_map<std::string, std::string> details;
    for (int step = from + 1; step <= to; ++step) {
        for (const auto& change : steps[static_cast<size_t>(step)].changes) {
            const std::string key = markKey(change.function, change.node);
            if (change.kind == ChangeKind::Fused) {
                fusedBy[key] = &change;
                for (const auto& source : change.sources) fusedInto[markKey(change.function, source)] = change.node;
            }
            if (!change.detail.empty()) details[key] = change.detail;
        }
    }
    auto detailOf = [&](const std::string& key) {
        const auto found = details.find(key);
        return found == details.end() ? std::string() : found->second;
    };
    const auto& before = *steps[static_cast<size_t>(from)].model;
    const auto& after = *steps[static_cast<size_t>(to)].model;
    const auto beforeGraphs = graphsOf(before);
    const auto afterGraphs = graphsOf(after);
    const bool sameModel = &before == &after;

    for (const auto& [function, graphBefore] : beforeGraphs) {
        const graph::Graph* graphAfter = graphNamed(afterGraphs, function);
        for (const auto& node : graphBefore->nodes()) {
            const std::string key = markKey(function, node.name());
            const graph::NodeId other = graphAfter ? graphAfter->find(node.name()) : graph::kNoNode;
            if (other == graph::kNoNode) {
                const auto into = fusedInto.find(key);
                if (into != fusedInto.end()) {
                    out.before[key] = { NodeMark::Fused, "fused into " + into->second };
                } else {
                    out.before[key] = { NodeMark::Removed, detailOf(key) };
                    ++out.removed;
                }
                continue;
            }
            if (sameModel) continue;
            const auto& otherNode = graphAfter->node(other);
            if (fusedBy.count(key)) {
                out.before[key] = { NodeMark::Fused, "fused into " + key + " (" + otherNode.op() + ")" };
            } else if (!sameNode(node.def(), otherNode.def())) {
                std::string detail = detailOf(key);
                if (detail.empty() && node.op() != otherNode.op()) detail = node.op() + " -> " + otherNode.op();
                out.before[key] = { NodeMark::Rewritten, detail };
                out.after[key] = { NodeMark::Rewritten, detail };
                ++out.rewritten;
            }
        }
    }
    for (const auto& [function, graphAfter] : afterGraphs) {
        const graph::Graph* graphBefore = graphNamed(beforeGraphs, function);
        for (const auto& node : graphAfter->nodes()) {
            const std::string key = markKey(function, node.name());
            const auto fused = fusedBy.find(key);
            if (fused != fusedBy.end()) {
                out.after[key] = { NodeMark::Fused, node.op() + " of " + joined(fused->second->sources) };
                ++out.fused;
                continue;
            }
            if (graphBefore && graphBefore->find(node.name()) != graph::kNoNode) continue;
            out.after[key] = { NodeMark::Added, detailOf(key) };
            ++out.added;
        }
    }
    return out;
}

PassTimeline buildPassTimeline(const OptimizeResult& result, const std::string& title, const Progress& progress) {
    if (!result.original) throw std::invalid_argument("pass timeline of '" + title + "': no graph before the passes");
    PassTimeline timeline;
    timeline.title = title;
    timeline.misses = result.misses;
    timeline.notes = result.notes;
    timeline.profile = result.profile;
    const size_t total = result.snapshots.size() + 1;
    progress(0.0, "building the graphs before and after the passes");
    // The model before the passes and one after each pass that changed the graph, built side by
    // side: each is a full load of a graph that may have 100k nodes.
    std::vector<std::pair<const tensorflow::GraphDef*, std::string>> toBuild{ { result.original.get(), title } };
    for (const auto& snapshot : result.snapshots)
        if (snapshot.graph && snapshot.changed)
            toBuild.emplace_back(snapshot.graph.get(), title + " after " + snapshot.pass);
    std::vector<std::shared_ptr<const graph::Model>> models(toBuild.size());
    util::interOpPool().parallelFor(static_cast<int64_t>(toBuild.size()), 1, [&](int64_t begin, int64_t end) {
        for (int64_t m = begin; m < end; ++m) {
            progress.check();
            models[static_cast<size_t>(m)] =
                modelOf(*toBuild[static_cast<size_t>(m)].first, toBuild[static_cast<size_t>(m)].second);
        }
    });
    size_t nextModel = 0;
    PassStep original;
    // Counted as the passes count (the graph and every function body in its library), so the
    // before view's figure is the first pass's "before" (#21).
    if (!result.snapshots.empty()) {
        original.nodesBefore = result.snapshots.front().nodesBefore;
    } else {
        original.nodesBefore = result.original->node_size();
        for (const auto& function : result.original->library().function())
            original.nodesBefore += function.node_def_size();
    }
    original.nodesAfter = original.nodesBefore;
    original.model = models[nextModel++];
    timeline.steps.push_back(std::move(original));

    for (size_t i = 0; i < result.snapshots.size(); ++i) {
        const auto& snapshot = result.snapshots[i];
        progress(static_cast<double>(i + 1) / static_cast<double>(total), "graph after " + snapshot.pass);
        PassStep step;
        step.pass = snapshot.pass;
        step.iteration = snapshot.iteration;
        step.millis = snapshot.millis;
        step.nodesBefore = snapshot.nodesBefore;
        step.nodesAfter = snapshot.nodesAfter;
        step.added = snapshot.report.count(ChangeKind::Added);
        step.removed = snapshot.report.count(ChangeKind::Removed);
        step.rewritten = snapshot.report.count(ChangeKind::Rewritten);
        step.fused = snapshot.report.count(ChangeKind::Fused);
        step.changes = snapshot.report.changes;
        step.misses = snapshot.report.misses;
        step.notes = snapshot.report.notes;
        timeline.totalMillis += snapshot.millis;
        // Without snapshots (keepSnapshots off) every step shows the graph before the passes.
        step.changedGraph = snapshot.graph && snapshot.changed;
        step.model = step.changedGraph ? models[nextModel++] : timeline.steps.back().model;
        timeline.steps.push_back(std::move(step));
        // An unchanged graph has nothing to diff: skip the walk over every node.
        if (timeline.steps.back().changedGraph) {
            const int last = timeline.stepCount() - 1;
            timeline.steps.back().graphChanges = timeline.diff(last - 1, last).counts();
        }
    }
    if (timeline.misses.empty()) {
        // A manager that did not copy them: the last remapper run's misses are the final ones.
        for (auto step = timeline.steps.rbegin(); step != timeline.steps.rend(); ++step)
            if (!step->misses.empty() || step->pass == "remapper") {
                timeline.misses = step->misses;
                break;
            }
    }
    timeline.reportJson = reportJson(result, [&timeline](JsonWriter& json, size_t snapshot) {
        const ChangeCounts& graph = timeline.steps[snapshot + 1].graphChanges;
        json.key("graph").beginObject();
        json.field("changed", timeline.steps[snapshot + 1].changedGraph);
        json.field("added", graph.added);
        json.field("removed", graph.removed);
        json.field("rewritten", graph.rewritten);
        json.field("fused", graph.fused);
        json.endObject();
    });
    progress(1.0, "done");
    return timeline;
}

PassTimeline optimizeModel(const graph::Model& model, int metaGraph, ManagerOptions options, const Progress& progress,
                           int profileRuns) {
    if (metaGraph < 0 || static_cast<size_t>(metaGraph) >= model.metaGraphs.size())
        throw std::invalid_argument("the model has no meta graph " + std::to_string(metaGraph));
    const auto& meta = model.metaGraphs[static_cast<size_t>(metaGraph)];
    progress(0.0, "exporting the graph");
    const tensorflow::GraphDef graph = graph::toGraphDef(meta);
    auto nodeOf = [](const std::string& tensor) { return tensor.substr(0, tensor.find(':')); };
    if (options.fetches.empty()) {
        for (const auto& signature : meta.signatures) {
            for (const auto& output : signature.outputs) options.fetches.push_back(nodeOf(output.tensorName));
            for (const auto& input : signature.inputs) options.feeds.push_back(nodeOf(input.tensorName));
        }
    }
    if (options.fetches.empty()) {
        for (graph::NodeId id = 0; static_cast<size_t>(id) < meta.graph.size(); ++id)
            if (meta.graph.consumers(id).empty()) options.fetches.push_back(meta.graph.node(id).name());
    }
    options.cancel = progress.cancel;
    progress(0.05, "running the passes");
    OptimizeResult result = optimize(graph, options);
    // The share of the progress bar the timeline is built in: after the passes and the profile.
    double built = 0.5;
    if (profileRuns > 0) {
        built = 0.7;
        ProfileRunOptions run;
        run.runs = profileRuns;
        run.fetches = options.fetches;
        run.variables = &model;
        run.metaGraph = metaGraph;
        run.cancel = progress.cancel;
        run.progress = [&progress, profileRuns](int done, int total) {
            progress(0.5 + 0.2 * done / std::max(1, total),
                     "profiling the optimised graph: run " + std::to_string(done) + " of " +
                         std::to_string(profileRuns));
        };
        progress(0.5, "profiling the optimised graph");
        try {
            profileOptimized(result, run);
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            result.notes.push_back(std::string("not profiled: ") + e.what());
        }
    }
    const std::string path = model.path;
    const auto slash = path.find_last_of('/');
    const std::string title = slash == std::string::npos ? path : path.substr(slash + 1);
    const Progress building{ [&progress, built](double fraction, const std::string& stage) {
                                if (progress.report) progress.report(built + fraction * (1 - built), stage);
                            },
                             progress.cancel };
    return buildPassTimeline(result, title.empty() ? std::string("graph") : title, building);
}

} // namespace graphlens::passes

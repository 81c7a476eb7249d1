#include "core/passes/manager.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <unordered_set>

#include "core/passes/function_graph.h"
#include "core/passes/graph_index.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"
#include "core/passes/validator.h"
#include "core/util/json.h"
#include "core/util/thread_pool.h"

namespace graphlens::passes {
namespace {

// A hash of each node's deterministic bytes, then one of everything else (versions, library):
// equal graphs have equal fingerprints, and a change goes unseen only if a changed node's 64-bit
// hash collides with its old one. Hashing nodes apart lets the work split over threads, and the
// manager compares graphs after every pass.
using GraphFingerprint = std::vector<uint64_t>;

GraphFingerprint fingerprint(const tensorflow::GraphDef& graph) {
    const int n = graph.node_size();
    GraphFingerprint out(static_cast<size_t>(n) + 1);
    util::intraOpPool().parallelFor(n, 4096, [&](int64_t begin, int64_t end) {
        std::string bytes;
        for (int64_t i = begin; i < end; ++i) {
            deterministicBytes(graph.node(static_cast<int>(i)), bytes);
            out[static_cast<size_t>(i)] = std::hash<std::string_view>{}(bytes);
        }
    });
    tensorflow::GraphDef rest;
    *rest.mutable_versions() = graph.versions();
    *rest.mutable_library() = graph.library();
    out.back() = std::hash<std::string>{}(deterministicBytes(rest));
    return out;
}

// One graph the passes run on: the main graph or a library function's body.
struct Unit {
    std::string function; // "" for the main graph
    tensorflow::GraphDef graph;
    PassOptions options;
    bool active = true; // cleared when an iteration changed nothing, or the graph is too small
    bool changedInIteration = false;
    GraphFingerprint now; // after the last pass that ran on it (with validate only)
    // Kept while the passes change nothing and lent to them (PassOptions::index).
    std::unique_ptr<GraphIndex> index;
    std::vector<FusionMiss> misses; // of every remapper run, the latest report of each pattern
};

// A later remapper run does not repeat an earlier miss whose nodes it changed meanwhile (a
// MatMul+BiasAdd+Relu that missed because the BiasAdd has two readers becomes _FusedMatMul +
// Relu, which matches nothing), yet the earlier miss still says why the Relu stands alone.
void mergeMisses(std::vector<FusionMiss>& kept, const std::vector<FusionMiss>& latest) {
    std::vector<FusionMiss> merged = latest;
    for (auto& m : kept) {
        const bool repeated = std::any_of(merged.begin(), merged.end(), [&](const FusionMiss& n) {
            return n.pattern == m.pattern && n.nodes == m.nodes;
        });
        if (!repeated) merged.push_back(std::move(m));
    }
    kept = std::move(merged);
}

// The misses still true of the final graph: their last node (the pattern's root) is there and
// was not fused after all (a later iteration may have removed what blocked it).
void dropStaleMisses(std::vector<FusionMiss>& misses, const tensorflow::GraphDef& graph) {
    std::unordered_set<std::string> unfused;
    for (const auto& n : graph.node())
        if (!n.op().starts_with("_Fused")) unfused.insert(n.name());
    std::erase_if(misses, [&](const FusionMiss& m) { return m.nodes.empty() || !unfused.count(m.nodes.back()); });
}

int64_t totalNodes(const tensorflow::GraphDef& graph) {
    int64_t n = graph.node_size();
    for (const auto& f : graph.library().function()) n += f.node_def_size();
    return n;
}

// Function bodies keep their arguments, results, control outputs and stateful ops (grappler's
// allow_pruning_stateful_and_dataset_ops is false for functions).
PassOptions functionOptions(const tensorflow::GraphDef& body, const tensorflow::FunctionDef& function,
                            const tensorflow::FunctionDefLibrary& library, const ManagerOptions& options) {
    PassOptions out;
    out.target = options.target;
    out.cancel = options.cancel;
    out.allowNonDifferentiableRewrites = true;
    for (const auto& n : body.node()) {
        if (n.op() == "_Retval") out.fetches.push_back(n.name());
        else if (n.op() == "_Arg") out.feeds.push_back(n.name());
        else if (isStatefulNode(n, library)) out.preserve.push_back(n.name());
    }
    for (const auto& [key, node] : function.control_ret()) out.preserve.push_back(node);
    return out;
}

// grappler: a function differentiated symbolically (a SymbolicGradient names it) may not get
// non-differentiable rewrites.
bool referencedBySymbolicGradient(const tensorflow::GraphDef& graph, const std::string& function) {
    auto check = [&](const tensorflow::NodeDef& n) {
        if (n.op() != "SymbolicGradient") return false;
        const auto it = n.attr().find("f");
        return it != n.attr().end() && it->second.func().name() == function;
    };
    for (const auto& n : graph.node())
        if (check(n)) return true;
    for (const auto& f : graph.library().function())
        for (const auto& n : f.node_def())
            if (check(n)) return true;
    return false;
}

// After inlining, grappler drops the functions nothing calls any more (from the main graph,
// directly or through other functions, func attrs or gradients).
void pruneLibrary(const tensorflow::GraphDef& main, tensorflow::FunctionDefLibrary& library,
                  const std::vector<std::unique_ptr<Pass>>& passes, const ManagerOptions& options,
                  OptimizeResult& result) {
    const bool inlined = std::any_of(passes.begin(), passes.end(), [&](const auto& p) {
        return p->name() == "function_optimizer" &&
            std::find(options.disabled.begin(), options.disabled.end(), "function_optimizer") == options.disabled.end();
    });
    if (!inlined || main.node_size() == 0 || library.function_size() == 0) return;
    std::unordered_set<std::string> reached;
    std::vector<const tensorflow::FunctionDef*> work;
    auto visit = [&](const tensorflow::NodeDef& n) {
        auto add = [&](const std::string& name) {
            if (reached.count(name)) return;
            if (const auto* f = findFunction(library, name)) {
                reached.insert(name);
                work.push_back(f);
            }
        };
        add(n.op());
        for (const auto& [k, v] : n.attr()) {
            if (v.has_func()) add(v.func().name());
            for (const auto& fn : v.list().func()) add(fn.name());
        }
    };
    for (const auto& n : main.node()) visit(n);
    // Gradients of what stays are kept with what they call; bounded by the library's size.
    for (int round = 0; round <= library.gradient_size(); ++round) {
        while (!work.empty()) {
            const auto* f = work.back();
            work.pop_back();
            for (const auto& n : f->node_def()) visit(n);
        }
        for (const auto& g : library.gradient())
            if (reached.count(g.function_name()) && !reached.count(g.gradient_func())) {
                if (const auto* f = findFunction(library, g.gradient_func())) {
                    reached.insert(g.gradient_func());
                    work.push_back(f);
                }
            }
        if (work.empty()) break;
    }
    auto* fs = library.mutable_function();
    int dropped = 0;
    for (int i = fs->size() - 1; i >= 0; --i)
        if (!reached.count(fs->Get(i).signature().name())) {
            fs->DeleteSubrange(i, 1);
            ++dropped;
        }
    auto* gs = library.mutable_gradient();
    for (int i = gs->size() - 1; i >= 0; --i)
        if (!reached.count(gs->Get(i).function_name())) gs->DeleteSubrange(i, 1);
    if (dropped) result.notes.push_back(std::to_string(dropped) + " library functions no longer called were dropped");
}

const char* kindName(ChangeKind kind) {
    switch (kind) {
    case ChangeKind::Added:
        return "added";
    case ChangeKind::Removed:
        return "removed";
    case ChangeKind::Rewritten:
        return "rewritten";
    case ChangeKind::Fused:
        return "fused";
    }
    return "?";
}

// `profiled`: the graph ran under the profiler, so every miss says what it cost (null: unknown).
void writeMiss(JsonWriter& json, const FusionMiss& m, bool profiled = false) {
    json.beginObject().field("pattern", m.pattern).key("nodes").beginArray();
    for (const auto& n : m.nodes) json.value(n);
    json.endArray().field("condition", m.condition).field("reason", m.reason);
    if (!m.function.empty()) json.field("function", m.function);
    if (profiled) {
        json.key("cost_seconds");
        if (m.costSeconds >= 0) json.value(m.costSeconds);
        else json.null();
        if (!m.unprofiledNodes.empty()) {
            json.key("unprofiled_nodes").beginArray();
            for (const auto& n : m.unprofiledNodes) json.value(n);
            json.endArray();
        }
    }
    json.endObject();
}

void writeProfile(JsonWriter& json, const OptimizeProfile& profile) {
    json.key("profile").beginObject();
    json.field("runs", static_cast<int64_t>(profile.runs));
    json.field("feed_batch", profile.feedBatch);
    json.field("seconds_per_run", profile.secondsPerRun);
    json.field("cost_model",
               "estimate: a miss costs the kernel time per run of the nodes the fusion would have "
               "folded into its first node (they ran as separate kernels)");
    json.key("top_nodes").beginArray();
    for (const auto& n : profile.topNodes) {
        json.beginObject().field("node", n.node).field("op", n.op);
        if (!n.function.empty()) json.field("function", n.function);
        json.field("seconds_per_run", n.secondsPerRun).field("calls_per_run", n.callsPerRun);
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

} // namespace

std::vector<std::unique_ptr<Pass>> defaultPasses(Target target) {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(makeModelPruner());
    passes.push_back(makeFunctionOptimizer());
    passes.push_back(makeCommonSubgraphElimination());
    passes.push_back(makeConstantFolding());
    passes.push_back(makeShapeOptimizer());
    passes.push_back(makeArithmeticOptimizer());
    passes.push_back(makeLayoutOptimizer(target));
    passes.push_back(makeRemapper(target));
    // Beyond grappler: chains the remapper left alone become one generated kernel.
    passes.push_back(makeElementwiseFusion());
    passes.push_back(makeDependencyOptimizer());
    passes.push_back(makeMemoryPlanner());
    return passes;
}

OptimizeResult optimize(const tensorflow::GraphDef& graph, const ManagerOptions& options) {
    return optimize(graph, options, defaultPasses(options.target));
}

OptimizeResult optimize(const tensorflow::GraphDef& graph, const ManagerOptions& options,
                        const std::vector<std::unique_ptr<Pass>>& passes) {
    OptimizeResult result;
    result.original = std::make_shared<const tensorflow::GraphDef>(graph);

    std::vector<Unit> units;
    {
        Unit main;
        main.graph = graph;
        main.graph.clear_library();
        main.options = options;
        // Without fetches, what nobody reads in the given graph is what the caller may read.
        if (options.fetches.empty()) {
            const GraphIndex index(graph);
            for (int32_t i = 0; i < index.size(); ++i)
                if (index.consumers(i).empty()) main.options.preserve.push_back(index.node(i).name());
        }
        units.push_back(std::move(main));
    }
    for (const auto& f : graph.library().function()) {
        std::string why;
        auto body = functionToGraph(f, graph.library(), why);
        if (!body) {
            result.notes.push_back("function '" + f.signature().name() + "' not optimised: " + why);
            continue;
        }
        Unit u;
        u.function = f.signature().name();
        u.options = functionOptions(*body, f, graph.library(), options);
        u.options.allowNonDifferentiableRewrites = !referencedBySymbolicGradient(graph, u.function);
        u.graph = std::move(*body);
        units.push_back(std::move(u));
    }
    for (auto& u : units) {
        if (options.minGraphNodes >= 0 && u.graph.node_size() < options.minGraphNodes) u.active = false;
    }

    // The library the passes see (function inlining reads it); updated after every pass.
    tensorflow::FunctionDefLibrary library = graph.library();
    auto writeBack = [&](Unit& u) {
        if (u.function.empty()) return;
        for (auto& f : *library.mutable_function()) {
            if (f.signature().name() != u.function) continue;
            // graphToFunction leaves `f` as it was when it fails: no copy to write into.
            std::string why;
            if (!graphToFunction(u.graph, library, f, why)) {
                result.notes.push_back("function '" + u.function + "': optimised body not kept: " + why);
                u.active = false;
            }
            return;
        }
    };
    auto assemble = [&]() {
        tensorflow::GraphDef out = units.front().graph;
        *out.mutable_library() = library;
        return out;
    };
    // With snapshots kept, a pass that changed nothing shares the snapshot before it: on a 100k-node
    // graph copying (and later freeing) one GraphDef per pass cost more than most passes.
    std::shared_ptr<const tensorflow::GraphDef> lastSnapshot;
    if (options.keepSnapshots) lastSnapshot = result.original;
    if (options.validate)
        for (auto& u : units) u.now = fingerprint(u.graph);

    const int iterations = std::max(1, options.iterations);
    for (int iteration = 0; iteration < iterations; ++iteration) {
        bool anyActive = false;
        for (auto& u : units) {
            if (!u.active) continue;
            anyActive = true;
            u.changedInIteration = false;
        }
        if (!anyActive) break;
        for (const auto& pass : passes) {
            if (options.cancel) options.cancel->throwIfCancelled();
            if (pass->runOnce() && iteration > 0) continue;
            if (std::find(options.disabled.begin(), options.disabled.end(), pass->name()) != options.disabled.end())
                continue;
            PassSnapshot snap;
            snap.pass = std::string(pass->name());
            snap.iteration = iteration;
            snap.report.pass = snap.pass;
            int64_t nodesBefore = 0, nodesAfter = 0;
            for (const auto& u : units) nodesBefore += u.graph.node_size();
            const auto start = std::chrono::steady_clock::now();
            bool changed = false;
            std::chrono::steady_clock::duration bookkeeping{};
            for (auto& u : units) {
                if (!u.active) continue;
                PassReport report;
                report.pass = snap.pass;
                // Inlining brings new stateful nodes into a body: they must be kept too.
                if (!u.function.empty())
                    if (const auto* f = findFunction(library, u.function)) {
                        const bool differentiable = u.options.allowNonDifferentiableRewrites;
                        u.options = functionOptions(u.graph, *f, library, options);
                        u.options.allowNonDifferentiableRewrites = differentiable;
                    }
                // The pass reads the library inside the graph it is given: lend it (a swap, not a
                // copy; copying it into every unit on every pass was most of the time on models
                // with many functions) and take it back after the pass.
                u.graph.mutable_library()->Swap(&library);
                const int nodesBeforePass = u.graph.node_size();
                if (!u.index) u.index = std::make_unique<GraphIndex>(u.graph);
                u.options.index = u.index.get();
                try {
                    pass->run(u.graph, u.options, report);
                } catch (const Cancelled&) {
                    throw;
                } catch (const std::exception& e) {
                    // grappler logs a failing optimizer and goes on with the graph it had.
                    report.notes.push_back(std::string("failed: ") + e.what());
                }
                if (options.validate) {
                    const auto problems = validate(u.graph);
                    if (!problems.empty())
                        throw std::logic_error("pass " + snap.pass + " left an invalid graph" +
                                               (u.function.empty() ? "" : " in function '" + u.function + "'") + ": " +
                                               problems.front());
                }
                // Passes only read the library (pass.h).
                library.Swap(u.graph.mutable_library());
                u.graph.clear_library();
                writeBack(u);
                // Every pass says what it changed, node by node (pass.h): a pass that reports
                // nothing and keeps the node count left the graph as it was. Trusting that spares
                // a fingerprint of the whole graph after every pass; validate checks it.
                const bool reported = !report.changes.empty() || u.graph.node_size() != nodesBeforePass;
                if (options.validate) {
                    const auto compared = std::chrono::steady_clock::now();
                    GraphFingerprint after = fingerprint(u.graph);
                    if (after != u.now && !reported)
                        throw std::logic_error("pass " + snap.pass + " changed the graph" +
                                               (u.function.empty() ? "" : " of function '" + u.function + "'") +
                                               " without reporting a change");
                    u.now = std::move(after);
                    // The pass's time is its own, not the manager's bookkeeping.
                    bookkeeping += std::chrono::steady_clock::now() - compared;
                }
                u.options.index = nullptr;
                if (reported) {
                    changed = true;
                    u.changedInIteration = true;
                    u.index.reset();
                }
                if (snap.pass == "remapper") mergeMisses(u.misses, report.misses);
                for (auto& c : report.changes) c.function = u.function;
                for (auto& m : report.misses) m.function = u.function;
                for (auto& n : report.notes)
                    snap.report.notes.push_back(u.function.empty() ? n : u.function + ": " + n);
                std::move(report.changes.begin(), report.changes.end(), std::back_inserter(snap.report.changes));
                std::move(report.misses.begin(), report.misses.end(), std::back_inserter(snap.report.misses));
            }
            snap.millis =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start - bookkeeping)
                    .count();
            for (const auto& u : units) nodesAfter += u.graph.node_size();
            snap.nodesBefore = static_cast<int>(nodesBefore);
            snap.nodesAfter = static_cast<int>(nodesAfter);
            if (options.keepSnapshots) {
                // Timed apart from the pass: the pass's own time is what the report shows.
                if (changed) lastSnapshot = std::make_shared<const tensorflow::GraphDef>(assemble());
                snap.graph = lastSnapshot;
                snap.changed = changed;
            }
            result.snapshots.push_back(std::move(snap));
        }
        for (auto& u : units) {
            if (!u.active) continue;
            if (!u.changedInIteration) u.active = false;
            if (options.minGraphNodes >= 0 && u.graph.node_size() < options.minGraphNodes) u.active = false;
        }
    }
    pruneLibrary(units.front().graph, library, passes, options, result);
    // The misses that describe the final graph, from every remapper run on each graph.
    for (auto& u : units) {
        dropStaleMisses(u.misses, u.graph);
        for (auto& m : u.misses) {
            m.function = u.function;
            result.misses.push_back(std::move(m));
        }
    }
    // The main graph is not needed any more: moved, not copied as assemble() would.
    result.optimized = std::move(units.front().graph);
    *result.optimized.mutable_library() = std::move(library);
    return result;
}

std::string reportJson(const OptimizeResult& result, const PassFieldWriter& perPass) {
    JsonWriter json;
    json.beginObject();
    json.field("nodes_before", static_cast<int64_t>(result.original ? totalNodes(*result.original) : 0));
    json.field("nodes_after", static_cast<int64_t>(totalNodes(result.optimized)));
    json.field("functions", static_cast<int64_t>(result.optimized.library().function_size()));
    json.key("passes").beginArray();
    for (size_t i = 0; i < result.snapshots.size(); ++i) {
        const PassSnapshot& s = result.snapshots[i];
        json.beginObject().field("pass", s.pass).field("iteration", static_cast<int64_t>(s.iteration));
        json.field("millis", s.millis);
        json.field("nodes_before", static_cast<int64_t>(s.nodesBefore));
        json.field("nodes_after", static_cast<int64_t>(s.nodesAfter));
        json.field("added", static_cast<int64_t>(s.report.count(ChangeKind::Added)));
        json.field("removed", static_cast<int64_t>(s.report.count(ChangeKind::Removed)));
        json.field("rewritten", static_cast<int64_t>(s.report.count(ChangeKind::Rewritten)));
        json.field("fused", static_cast<int64_t>(s.report.count(ChangeKind::Fused)));
        json.key("changes").beginArray();
        for (const auto& c : s.report.changes) {
            json.beginObject().field("kind", kindName(c.kind)).field("node", c.node).field("op", c.op);
            if (!c.function.empty()) json.field("function", c.function);
            if (!c.sources.empty()) {
                json.key("sources").beginArray();
                for (const auto& src : c.sources) json.value(src);
                json.endArray();
            }
            if (!c.detail.empty()) json.field("detail", c.detail);
            json.endObject();
        }
        json.endArray();
        json.key("misses").beginArray();
        for (const auto& m : s.report.misses) writeMiss(json, m);
        json.endArray();
        json.key("notes").beginArray();
        for (const auto& n : s.report.notes) json.value(n);
        json.endArray();
        if (perPass) perPass(json, i);
        json.endObject();
    }
    json.endArray();
    json.key("misses").beginArray();
    for (const auto& m : result.misses) writeMiss(json, m, result.profile.runs > 0);
    json.endArray();
    if (result.profile.runs > 0) writeProfile(json, result.profile);
    json.key("notes").beginArray();
    for (const auto& n : result.notes) json.value(n);
    json.endArray();
    json.endObject();
    return json.str();
}

} // namespace graphlens::passes

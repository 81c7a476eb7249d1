// `graphlens-cli optimize`: runs the pass manager (grappler's passes and ours) over a GraphDef or
// a SavedModel's serving signature and reports what each pass did: per pass the same counts and
// node changes the GUI's before/after view shows, from the same timeline (core/passes/pass_timeline.h).
#include <algorithm>
#include <charconv>
#include <fstream>
#include <google/protobuf/text_format.h>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/manager.h"
#include "core/passes/miss_cost.h"
#include "core/passes/pass_timeline.h"

namespace graphlens::cli {
namespace {

const char* kOptimizeUsage =
    "usage: graphlens-cli optimize [--target cpu|gpu] [--fetch NAME]... [--json OUT] "
    "[--out OPTIMIZED.pb|.pbtxt] [--validate] [--changes] [--profile RUNS [--feed-batch B]] MODEL\n"
    "MODEL is a GraphDef (.pb/.pbtxt) or a SavedModel directory (its serving signature).\n"
    "Each pass's line gives the nodes before -> after, the changes the pass reported (+added\n"
    "-removed ~rewritten fused), and what changed in the graph by node name (the marks of the\n"
    "GUI's before/after view). --changes lists each pass's node changes too.\n"
    "--profile runs the optimised graph RUNS times (after one warm-up run) with pseudo-random\n"
    "inputs (unknown dimensions = B, default 1) and gives each fusion miss its estimated cost.\n";

int usage(const std::string& problem) {
    std::cerr << "graphlens-cli optimize: " << problem << "\n" << kOptimizeUsage;
    return 2;
}

bool writeFile(const std::string& path, const std::string& data) {
    std::ofstream file(path, std::ios::binary);
    return file && file.write(data.data(), static_cast<std::streamsize>(data.size()));
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A whole decimal number in [minimum, 1e9]; false for anything else.
bool parseCount(const std::string& text, int64_t minimum, int64_t& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= minimum && out <= 1000000000;
}

std::string millis(double seconds) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(seconds < 0.001 ? 4 : 3) << seconds * 1000 << " ms";
    return out.str();
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// Misses most costly first when profiled (unknown costs last), else as the remapper found them.
void printMisses(const passes::OptimizeResult& result) {
    if (result.misses.empty()) return;
    const bool profiled = result.profile.runs > 0;
    std::vector<const passes::FusionMiss*> order;
    for (const auto& m : result.misses) order.push_back(&m);
    if (profiled)
        std::stable_sort(order.begin(), order.end(),
                         [](const auto* a, const auto* b) { return a->costSeconds > b->costSeconds; });
    std::cout << "  fusion misses: " << result.misses.size();
    if (profiled) std::cout << " (estimated cost per run: the kernels the fusion would have folded in)";
    std::cout << "\n";
    for (const auto* m : order) {
        std::cout << "    ";
        if (profiled) std::cout << std::setw(12) << (m->costSeconds >= 0 ? millis(m->costSeconds) : "?") << "  ";
        std::cout << m->pattern << " [" << (m->function.empty() ? "" : m->function + ": ") << joined(m->nodes) << "] "
                  << m->condition << ": " << m->reason << "\n";
        if (!m->unprofiledNodes.empty())
            std::cout << "      not profiled (renamed or removed by a later pass, or not run): "
                      << joined(m->unprofiledNodes) << "\n";
    }
}

std::string counts(int added, int removed, int rewritten, int fused) {
    return "+" + std::to_string(added) + " -" + std::to_string(removed) + " ~" + std::to_string(rewritten) + " fused " +
        std::to_string(fused);
}

// One line per pass as the before/after view's strip has it, then (with `changes`) its Changes list.
void printSteps(const passes::PassTimeline& timeline, bool changes) {
    for (size_t i = 1; i < timeline.steps.size(); ++i) {
        const passes::PassStep& s = timeline.steps[i];
        const passes::ChangeCounts& graph = s.graphChanges;
        std::cout << "  " << std::left << std::setw(30) << (s.pass + " #" + std::to_string(s.iteration)) << std::right
                  << std::setw(7) << s.nodesBefore << " -> " << std::setw(7) << s.nodesAfter << "  reported "
                  << std::left << std::setw(22) << counts(s.added, s.removed, s.rewritten, s.fused) << std::right
                  << "  graph " << std::left << std::setw(22)
                  << (s.changedGraph ? counts(graph.added, graph.removed, graph.rewritten, graph.fused)
                                     : std::string("unchanged"))
                  << std::right << "  " << std::fixed << std::setprecision(2) << s.millis << " ms\n";
        if (!changes) continue;
        for (const auto& c : s.changes) {
            std::cout << "      " << std::left << std::setw(10) << passes::markName(passes::markOf(c.kind))
                      << std::right << passes::markKey(c.function, c.node) << " (" << c.op << ")";
            if (!c.sources.empty()) std::cout << " from " << joined(c.sources);
            if (!c.detail.empty()) std::cout << ": " << c.detail;
            std::cout << "\n";
        }
    }
}

void printProfile(const passes::OptimizeProfile& profile) {
    if (profile.runs <= 0) return;
    std::cout << "  profile: " << profile.runs << " runs, feed batch " << profile.feedBatch << ", "
              << millis(profile.secondsPerRun) << " kernel time per run; most costly nodes:\n";
    const size_t shown = std::min<size_t>(profile.topNodes.size(), 10);
    for (size_t i = 0; i < shown; ++i) {
        const auto& n = profile.topNodes[i];
        std::cout << "    " << std::setw(12) << millis(n.secondsPerRun) << "  "
                  << (n.function.empty() ? "" : n.function + ": ") << n.node << " (" << n.op << ")\n";
    }
}

} // namespace

int optimizeCommand(const std::vector<std::string>& args) {
    const CommandLine line = parseCommandLine(args,
                                              { { { "--target" }, "cpu or gpu" },
                                                { { "--fetch" }, "a node or tensor name" },
                                                { { "--json" }, "a file name" },
                                                { { "--out", "-o" }, "a file name" },
                                                { { "--validate" } },
                                                { { "--changes" } },
                                                { { "--profile" }, "a number of runs (1 or more)" },
                                                { { "--feed-batch" }, "a batch size (1 or more)" } },
                                              "MODEL");
    if (!line.error.empty()) return usage(line.error);
    const std::string path = line.positional, jsonOut = line.last("--json"), graphOut = line.last("--out");
    passes::ManagerOptions options;
    if (line.has("--target")) {
        const std::string target = line.last("--target");
        if (target == "cpu") options.target = passes::Target::Cpu;
        else if (target == "gpu") options.target = passes::Target::Gpu;
        else return usage("unknown target '" + target + "' (cpu or gpu)");
    }
    if (line.has("--fetch")) options.fetches = line.values.at("--fetch");
    if (line.has("--validate")) options.validate = true;
    int64_t profileRuns = 0, feedBatch = 1;
    const bool feedBatchGiven = line.has("--feed-batch");
    if (line.has("--profile") && !parseCount(line.last("--profile"), 1, profileRuns))
        return usage("--profile needs a number of runs (1 or more)");
    if (feedBatchGiven && !parseCount(line.last("--feed-batch"), 1, feedBatch))
        return usage("--feed-batch needs a batch size (1 or more)");
    if (feedBatchGiven && profileRuns == 0) return usage("--feed-batch needs --profile");
    if (!graphOut.empty() && !endsWith(graphOut, ".pb") && !endsWith(graphOut, ".pbtxt"))
        return usage("--out must end in .pb or .pbtxt");

    tensorflow::GraphDef graph;
    std::shared_ptr<const graph::Model> model;
    try {
        model = io::loadModel(path);
        if (model->metaGraphs.empty() ||
            (model->format != graph::ModelFormat::GraphDef && model->format != graph::ModelFormat::SavedModel &&
             model->format != graph::ModelFormat::MetaGraph)) {
            std::cerr << "graphlens-cli: " << path << ": a " << graph::formatName(model->format)
                      << " holds no graph to optimise (give a GraphDef or a SavedModel)\n";
            return 2;
        }
        const graph::MetaGraph& meta = model->metaGraphs.front();
        graph = graph::toGraphDef(meta);
        if (options.fetches.empty()) {
            // A SavedModel runs through its serving signature: its outputs are what is fetched,
            // its inputs what is fed.
            const graph::Signature* sig = meta.signature("serving_default");
            if (!sig && !meta.signatures.empty()) sig = &meta.signatures.front();
            if (sig) {
                for (const auto& o : sig->outputs) options.fetches.push_back(o.tensorName);
                for (const auto& in : sig->inputs) options.feeds.push_back(in.tensorName);
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "graphlens-cli: " << e.what() << "\n";
        return 2;
    }

    passes::OptimizeResult result;
    try {
        result = passes::optimize(graph, options);
    } catch (const std::exception& e) {
        std::cerr << "graphlens-cli: optimize: " << e.what() << "\n";
        return 1;
    }
    if (profileRuns > 0) {
        passes::ProfileRunOptions run;
        run.runs = static_cast<int>(profileRuns);
        run.feedBatch = feedBatch;
        run.fetches = options.fetches;
        run.variables = model.get();
        try {
            passes::profileOptimized(result, run);
        } catch (const passes::UnfeedableInput& e) {
            std::cerr << "graphlens-cli: optimize --profile: " << path << ": " << e.what() << "\n";
            return 2;
        } catch (const std::exception& e) {
            std::cerr << "graphlens-cli: optimize --profile: " << path
                      << ": the optimised graph does not run: " << e.what() << "\n";
            return 1;
        }
    }

    // The timeline the GUI's before/after view is built from: its step graphs give each pass's
    // changes in the graph, and its report adds them to the JSON.
    passes::PassTimeline timeline;
    try {
        const auto slash = path.find_last_of('/');
        timeline = passes::buildPassTimeline(result, slash == std::string::npos ? path : path.substr(slash + 1));
    } catch (const std::exception& e) {
        std::cerr << "graphlens-cli: optimize: " << e.what() << "\n";
        return 1;
    }

    auto nodes = [](const tensorflow::GraphDef& g) {
        int64_t n = g.node_size();
        for (const auto& f : g.library().function()) n += f.node_def_size();
        return n;
    };
    std::cout << path << ": " << nodes(*result.original) << " nodes -> " << nodes(result.optimized)
              << " (main graph and functions)\n";
    printSteps(timeline, line.has("--changes"));
    printMisses(result);
    printProfile(result.profile);
    for (const auto& n : result.notes) std::cout << "  note: " << n << "\n";

    if (!jsonOut.empty() && !writeFile(jsonOut, timeline.reportJson)) {
        std::cerr << "graphlens-cli: cannot write " << jsonOut << "\n";
        return 2;
    }
    if (!graphOut.empty()) {
        std::string data;
        if (endsWith(graphOut, ".pbtxt")) google::protobuf::TextFormat::PrintToString(result.optimized, &data);
        else result.optimized.SerializeToString(&data);
        if (!writeFile(graphOut, data)) {
            std::cerr << "graphlens-cli: cannot write " << graphOut << "\n";
            return 2;
        }
    }
    return 0;
}

} // namespace graphlens::cli

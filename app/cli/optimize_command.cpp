// `graphlens-cli optimize`: runs the pass manager (grappler's passes and ours) over a GraphDef or
// a SavedModel's serving signature and reports what each pass did.
#include <fstream>
#include <google/protobuf/text_format.h>
#include <iomanip>
#include <iostream>

#include "app/cli/commands.h"
#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/manager.h"

namespace graphlens::cli {
namespace {

const char* kOptimizeUsage = "usage: graphlens-cli optimize [--target cpu|gpu] [--fetch NAME]... [--json OUT] "
                             "[--out OPTIMIZED.pb|.pbtxt] [--validate] MODEL\n"
                             "MODEL is a GraphDef (.pb/.pbtxt) or a SavedModel directory (its serving signature).\n";

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

} // namespace

int optimizeCommand(const std::vector<std::string>& args) {
    std::string path, jsonOut, graphOut;
    passes::ManagerOptions options;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto next = [&](std::string& into) {
            if (i + 1 >= args.size()) return false;
            into = args[++i];
            return true;
        };
        std::string value;
        if (a == "--target") {
            if (!next(value)) return usage("--target needs cpu or gpu");
            if (value == "cpu")
                options.target = passes::Target::Cpu;
            else if (value == "gpu")
                options.target = passes::Target::Gpu;
            else
                return usage("unknown target '" + value + "' (cpu or gpu)");
        } else if (a == "--fetch") {
            if (!next(value)) return usage("--fetch needs a node or tensor name");
            options.fetches.push_back(value);
        } else if (a == "--json") {
            if (!next(jsonOut)) return usage("--json needs a file name");
        } else if (a == "--out" || a == "-o") {
            if (!next(graphOut)) return usage("--out needs a file name");
        } else if (a == "--validate") {
            options.validate = true;
        } else if (!a.empty() && a[0] == '-') {
            return usage("unknown option '" + a + "'");
        } else if (path.empty()) {
            path = a;
        } else {
            return usage("more than one MODEL given");
        }
    }
    if (path.empty()) return usage("no MODEL given");
    if (!graphOut.empty() && !endsWith(graphOut, ".pb") && !endsWith(graphOut, ".pbtxt"))
        return usage("--out must end in .pb or .pbtxt");

    tensorflow::GraphDef graph;
    try {
        const auto model = io::loadModel(path);
        if (model->metaGraphs.empty()
            || (model->format != graph::ModelFormat::GraphDef && model->format != graph::ModelFormat::SavedModel
                && model->format != graph::ModelFormat::MetaGraph)) {
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
                for (const auto& o : sig->outputs)
                    options.fetches.push_back(o.tensorName);
                for (const auto& in : sig->inputs)
                    options.feeds.push_back(in.tensorName);
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

    auto nodes = [](const tensorflow::GraphDef& g) {
        int64_t n = g.node_size();
        for (const auto& f : g.library().function())
            n += f.node_def_size();
        return n;
    };
    std::cout << path << ": " << nodes(result.original) << " nodes -> " << nodes(result.optimized)
              << " (main graph and functions)\n";
    for (const auto& s : result.snapshots) {
        std::cout << "  " << std::left << std::setw(30) << (s.pass + " #" + std::to_string(s.iteration)) << std::right
                  << std::setw(7) << s.nodesBefore << " -> " << std::setw(7) << s.nodesAfter << "  +"
                  << s.report.count(passes::ChangeKind::Added) << " -" << s.report.count(passes::ChangeKind::Removed)
                  << " ~" << s.report.count(passes::ChangeKind::Rewritten) << " fused "
                  << s.report.count(passes::ChangeKind::Fused) << "  " << std::fixed << std::setprecision(2) << s.millis
                  << " ms\n";
    }
    if (!result.misses.empty()) std::cout << "  fusion misses: " << result.misses.size() << "\n";
    for (const auto& n : result.notes)
        std::cout << "  note: " << n << "\n";

    if (!jsonOut.empty() && !writeFile(jsonOut, passes::reportJson(result))) {
        std::cerr << "graphlens-cli: cannot write " << jsonOut << "\n";
        return 2;
    }
    if (!graphOut.empty()) {
        std::string data;
        if (endsWith(graphOut, ".pbtxt"))
            google::protobuf::TextFormat::PrintToString(result.optimized, &data);
        else
            result.optimized.SerializeToString(&data);
        if (!writeFile(graphOut, data)) {
            std::cerr << "graphlens-cli: cannot write " << graphOut << "\n";
            return 2;
        }
    }
    return 0;
}

} // namespace graphlens::cli

// `graphlens-cli export`: a graph or one function body as DOT, SVG, PNG, or GraphDef text/binary.
#include <filesystem>
#include <fstream>
#include <google/protobuf/text_format.h>
#include <iostream>

#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"

namespace graphlens::cli {
namespace {

int usage(const std::string& problem) {
    std::cerr << "graphlens-cli export: " << problem << "\n"
              << "usage: graphlens-cli export PATH [--function F] [--meta-graph N] "
                 "--format dot|svg|png|pbtxt|pb -o OUT\n";
    return 2;
}

} // namespace

int exportCommand(const std::vector<std::string>& args) {
    const CommandLine line = parseCommandLine(args,
                                              { { { "--function" }, "a name" },
                                                { { "--format" }, "a value" },
                                                { { "-o", "--output" }, "a file name" },
                                                { { "--meta-graph" }, "an index" } },
                                              "PATH");
    if (!line.error.empty()) return usage(line.error);
    const std::string path = line.positional, function = line.last("--function"), out = line.last("-o");
    std::string format = line.last("--format");
    size_t metaIndex = 0;
    if (line.has("--meta-graph")) {
        const std::string n = line.last("--meta-graph");
        try {
            metaIndex = std::stoul(n);
        } catch (const std::exception&) {
            return usage("--meta-graph needs a number, got '" + n + "'");
        }
    }
    if (out.empty()) return usage("no output file given (-o OUT)");
    if (format.empty()) {
        format = std::filesystem::path(out).extension().string();
        if (!format.empty()) format.erase(0, 1);
    }
    if (format != "dot" && format != "svg" && format != "png" && format != "pbtxt" && format != "pb")
        return usage("unknown format '" + format + "' (dot, svg, png, pbtxt or pb)");

    try {
        const auto model = io::loadModel(path);
        if (model->metaGraphs.empty()) {
            std::cerr << "graphlens-cli: " << path << ": holds no graph to export\n";
            return 2;
        }
        if (metaIndex >= model->metaGraphs.size()) {
            std::cerr << "graphlens-cli: " << path << ": has " << model->metaGraphs.size()
                      << " meta graph(s); --meta-graph " << metaIndex << " does not exist\n";
            return 2;
        }
        const graph::MetaGraph& meta = model->metaGraphs[metaIndex];
        const graph::Graph* g = &meta.graph;
        tensorflow::GraphDef graphDef;
        std::string title = "graph";
        if (!function.empty()) {
            const graph::Function* f = meta.library.find(function);
            if (!f) {
                std::cerr << "graphlens-cli: " << path << ": no function named '" << function << "' (see "
                          << "`graphlens-cli inspect` for the list)\n";
                return 2;
            }
            g = &f->body;
            title = f->name;
            if (format == "pbtxt" || format == "pb") {
                tensorflow::FunctionDef def = graph::toFunctionDef(*f);
                std::string text;
                if (format == "pb") def.SerializeToString(&text);
                else google::protobuf::TextFormat::PrintToString(def, &text);
                std::ofstream(out, std::ios::binary) << text;
                return 0;
            }
        } else if (format == "pbtxt" || format == "pb") {
            graphDef = graph::toGraphDef(meta);
        }

        std::string data;
        if (format == "pbtxt") google::protobuf::TextFormat::PrintToString(graphDef, &data);
        else if (format == "pb") graphDef.SerializeToString(&data);
        else {
            const std::string dot = graph::toDot(*g, title);
            data = format == "dot" ? dot : graph::renderDot(dot, format);
        }
        std::ofstream file(out, std::ios::binary);
        if (!file || !file.write(data.data(), static_cast<std::streamsize>(data.size()))) {
            std::cerr << "graphlens-cli: cannot write " << out << "\n";
            return 2;
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "graphlens-cli: " << e.what() << "\n";
        return 2;
    }
}

} // namespace graphlens::cli

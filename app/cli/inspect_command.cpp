// `graphlens-cli inspect`: everything `saved_model_cli show --all` prints, without TensorFlow, and
// more: functions with node counts and call sites, op histograms, variables with sizes.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/io/tensor_value.h"
#include "core/util/json.h"

namespace graphlens::cli {
namespace {

using graph::MetaGraph;
using graph::Model;

std::string dims(const tensorflow::TensorShapeProto& shape) {
    if (shape.unknown_rank()) return "<unknown rank>";
    std::vector<int64_t> d;
    for (const auto& dim : shape.dim()) d.push_back(dim.size());
    return shapeText(d, true);
}

std::map<std::string, int64_t> opHistogram(const graph::Graph& g) {
    std::map<std::string, int64_t> ops;
    for (const auto& n : g.nodes())
        if (n.kind == graph::NodeKind::Op) ++ops[n.op()];
    return ops;
}

std::vector<std::pair<std::string, int64_t>> byCount(const std::map<std::string, int64_t>& histogram) {
    std::vector<std::pair<std::string, int64_t>> sorted(histogram.begin(), histogram.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return sorted;
}

std::string humanBytes(int64_t bytes) {
    char buf[32];
    if (bytes < 1024) std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
    else if (bytes < int64_t{ 1024 } * 1024) std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / 1024.0);
    else std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / (1024.0 * 1024.0));
    return buf;
}

void writeTensorSpecJson(JsonWriter& json, const graph::TensorSpec& spec) {
    json.beginObject();
    json.field("key", spec.key).field("name", spec.tensorName).field("dtype", io::dtypeName(spec.dtype));
    json.key("shape");
    if (spec.shape.unknown_rank()) {
        json.null();
    } else {
        json.beginArray();
        for (const auto& d : spec.shape.dim()) json.value(d.size());
        json.endArray();
    }
    json.field("resolved", spec.endpoint.node != graph::kNoNode);
    json.endObject();
}

std::string toJson(const Model& model) {
    JsonWriter json;
    json.beginObject();
    json.field("schema", "graphlens.inspect/1");
    json.field("path", model.path);
    json.field("format", graph::formatName(model.format));
    json.field("encoding", model.textFormat ? "text" : "binary");
    if (model.format == graph::ModelFormat::SavedModel) json.field("saved_model_schema_version", model.schemaVersion);
    if (model.fingerprint) {
        json.key("fingerprint").beginObject();
        json.field("saved_model_checksum", static_cast<uint64_t>(model.fingerprint->saved_model_checksum()));
        json.field("graph_def_program_hash", static_cast<uint64_t>(model.fingerprint->graph_def_program_hash()));
        json.field("signature_def_hash", static_cast<uint64_t>(model.fingerprint->signature_def_hash()));
        json.field("saved_object_graph_hash", static_cast<uint64_t>(model.fingerprint->saved_object_graph_hash()));
        json.field("checkpoint_hash", static_cast<uint64_t>(model.fingerprint->checkpoint_hash()));
        json.endObject();
    }
    json.key("meta_graphs").beginArray();
    for (const MetaGraph& meta : model.metaGraphs) {
        json.beginObject();
        json.key("tags").beginArray();
        for (const auto& t : meta.tags) json.value(t);
        json.endArray();
        json.field("tensorflow_version", meta.tensorflowVersion);
        json.field("tensorflow_git_version", meta.tensorflowGitVersion);
        json.field("producer", meta.producer);
        json.field("node_count", static_cast<int64_t>(meta.graph.size()));
        json.key("op_histogram").beginObject();
        for (const auto& [op, count] : opHistogram(meta.graph)) json.field(op, count);
        json.endObject();
        json.key("functions").beginArray();
        for (size_t i = 0; i < meta.library.functions().size(); ++i) {
            const auto& f = meta.library.functions()[i];
            json.beginObject();
            json.field("name", f.name);
            json.field("node_count", static_cast<int64_t>(f.nodeDefCount));
            json.field("inputs", static_cast<int64_t>(f.def.signature().input_arg_size()));
            json.field("outputs", static_cast<int64_t>(f.def.signature().output_arg_size()));
            json.field("call_sites",
                       static_cast<int64_t>(f.topLevelCallSites + static_cast<int32_t>(f.callers.size())));
            json.field("nesting_depth", static_cast<int64_t>(meta.library.nestingDepth(static_cast<int32_t>(i))));
            json.field("recursive", static_cast<bool>(meta.library.isRecursive(static_cast<int32_t>(i))));
            if (!f.gradient.empty()) json.field("gradient", f.gradient);
            json.endObject();
        }
        json.endArray();
        json.key("signatures").beginArray();
        for (const auto& s : meta.signatures) {
            json.beginObject();
            json.field("key", s.key).field("method_name", s.methodName);
            json.key("inputs").beginArray();
            for (const auto& spec : s.inputs) writeTensorSpecJson(json, spec);
            json.endArray();
            json.key("outputs").beginArray();
            for (const auto& spec : s.outputs) writeTensorSpecJson(json, spec);
            json.endArray();
            json.endObject();
        }
        json.endArray();
        json.key("variables").beginArray();
        for (const auto& v : meta.variables) {
            json.beginObject();
            json.field("name", v.name).field("dtype", io::dtypeName(v.dtype));
            json.field("source",
                       v.source == graph::Variable::Source::ObjectGraph     ? "object_graph"
                           : v.source == graph::Variable::Source::GraphNode ? "graph_node"
                                                                            : "checkpoint");
            json.key("shape");
            if (v.shapeKnown) {
                json.beginArray();
                for (int64_t d : v.shape) json.value(d);
                json.endArray();
            } else {
                json.null();
            }
            json.field("bytes", v.bytes);
            json.field("checkpoint_key", v.checkpointKey);
            json.field("trainable", v.trainable);
            json.field("readers", static_cast<int64_t>(v.readers.size()));
            json.endObject();
        }
        json.endArray();
        json.key("assets").beginArray();
        for (const auto& a : meta.assets) {
            json.beginObject().field("filename", a.filename).field("tensor", a.tensorName).field("bytes", a.bytes);
            json.endObject();
        }
        json.endArray();
        json.key("collections").beginArray();
        for (const auto& c : meta.collections) json.value(c);
        json.endArray();
        json.field("object_graph_nodes", static_cast<int64_t>(meta.objectGraph.nodes_size()));
        json.field("concrete_functions", static_cast<int64_t>(meta.objectGraph.concrete_functions_size()));
        json.field("v1_loop_frames", static_cast<int64_t>(meta.graph.frames().size()));
        json.endObject();
    }
    json.endArray();
    json.key("checkpoint").beginArray();
    for (const auto& e : model.checkpoint) {
        json.beginObject().field("key", e.key).field("dtype", io::dtypeName(e.dtype));
        json.key("shape").beginArray();
        for (int64_t d : e.shape) json.value(d);
        json.endArray();
        json.field("bytes", e.bytes).endObject();
    }
    json.endArray();
    if (model.events) {
        const auto& ev = *model.events;
        json.key("events").beginObject();
        json.field("records", ev.records).field("file_version", ev.fileVersion).field("graph_defs", ev.graphDefs);
        json.field("meta_graph_defs", ev.metaGraphDefs).field("run_metadata", ev.runMetadata);
        json.field("summary_values", ev.summaries).field("session_logs", ev.sessionLogs);
        json.key("summary_tags").beginObject();
        for (const auto& [tag, count] : ev.summaryTags) json.field(tag, count);
        json.endObject();
        json.endObject();
    }
    json.key("warnings").beginArray();
    for (const auto& w : model.warnings) json.value(w);
    json.endArray();
    json.endObject();
    return json.str();
}

void printText(const Model& model) {
    std::printf("%s\n", model.path.c_str());
    std::printf("format: %s (%s)", graph::formatName(model.format), model.textFormat ? "text" : "binary");
    if (model.format == graph::ModelFormat::SavedModel)
        std::printf(", saved_model_schema_version %lld", static_cast<long long>(model.schemaVersion));
    std::printf("\n");
    if (model.fingerprint)
        std::printf("fingerprint: saved_model_checksum %llu\n",
                    static_cast<unsigned long long>(model.fingerprint->saved_model_checksum()));
    if (model.events) {
        const auto& ev = *model.events;
        std::printf("event file: %lld records (%s): %lld graph_def, %lld meta_graph_def, %lld run_metadata, "
                    "%lld summary values, %lld session logs\n",
                    static_cast<long long>(ev.records), ev.fileVersion.c_str(), static_cast<long long>(ev.graphDefs),
                    static_cast<long long>(ev.metaGraphDefs), static_cast<long long>(ev.runMetadata),
                    static_cast<long long>(ev.summaries), static_cast<long long>(ev.sessionLogs));
    }
    for (size_t m = 0; m < model.metaGraphs.size(); ++m) {
        const MetaGraph& meta = model.metaGraphs[m];
        std::string tags;
        for (const auto& t : meta.tags) tags += (tags.empty() ? "" : ", ") + t;
        std::printf("\nMetaGraphDef %zu with tag-set: '%s'\n", m, tags.c_str());
        if (!meta.tensorflowVersion.empty())
            std::printf("  TensorFlow version: %s (%s)\n", meta.tensorflowVersion.c_str(),
                        meta.tensorflowGitVersion.c_str());
        std::printf("  graph: %zu nodes, producer %d, %zu name scopes", meta.graph.size(), meta.producer,
                    meta.graph.scopes().size() - 1);
        if (!meta.graph.frames().empty()) std::printf(", %zu v1 while-loop frames", meta.graph.frames().size());
        std::printf("\n");

        std::printf("\n  The given SavedModel SignatureDef contains the following input(s) and output(s):\n");
        for (const auto& s : meta.signatures) {
            std::printf("\n  signature_def['%s']:\n", s.key.c_str());
            std::printf("    The given SavedModel SignatureDef contains the following input(s):\n");
            for (const auto& in : s.inputs)
                std::printf(
                    "      inputs['%s'] tensor_info:\n          dtype: %s\n          shape: %s\n          name: %s\n",
                    in.key.c_str(), io::dtypeName(in.dtype).c_str(), dims(in.shape).c_str(), in.tensorName.c_str());
            std::printf("    The given SavedModel SignatureDef contains the following output(s):\n");
            for (const auto& out : s.outputs)
                std::printf(
                    "      outputs['%s'] tensor_info:\n          dtype: %s\n          shape: %s\n          name: %s\n",
                    out.key.c_str(), io::dtypeName(out.dtype).c_str(), dims(out.shape).c_str(), out.tensorName.c_str());
            std::printf("    Method name is: %s\n", s.methodName.c_str());
        }
        if (meta.signatures.empty()) std::printf("    (no signatures)\n");

        const auto& functions = meta.library.functions();
        std::printf("\n  Functions (%zu, %lld body nodes):\n", functions.size(),
                    static_cast<long long>(meta.functionNodeCount()));
        for (size_t i = 0; i < functions.size(); ++i) {
            const auto& f = functions[i];
            std::printf("    %-60s %6d nodes  %d in / %d out  %d call site(s)%s\n", f.name.c_str(), f.nodeDefCount,
                        f.def.signature().input_arg_size(), f.def.signature().output_arg_size(),
                        f.topLevelCallSites + static_cast<int32_t>(f.callers.size()),
                        meta.library.isRecursive(static_cast<int32_t>(i)) ? "  [recursive]" : "");
        }

        std::printf("\n  Ops in the graph (%zu distinct):\n", opHistogram(meta.graph).size());
        for (const auto& [op, count] : byCount(opHistogram(meta.graph)))
            std::printf("    %6lld  %s\n", static_cast<long long>(count), op.c_str());
        if (!functions.empty()) {
            std::map<std::string, int64_t> inFunctions;
            for (const auto& f : functions)
                for (const auto& [op, count] : opHistogram(f.body)) inFunctions[op] += count;
            std::printf("\n  Ops in function bodies (%zu distinct):\n", inFunctions.size());
            for (const auto& [op, count] : byCount(inFunctions))
                std::printf("    %6lld  %s\n", static_cast<long long>(count), op.c_str());
        }

        int64_t totalBytes = 0;
        for (const auto& v : meta.variables) totalBytes += v.bytes;
        std::printf("\n  Variables (%zu, %s):\n", meta.variables.size(), humanBytes(totalBytes).c_str());
        for (const auto& v : meta.variables)
            std::printf("    %-50s %-8s %-16s %10s%s\n", v.name.c_str(), io::dtypeName(v.dtype).c_str(),
                        shapeText(v.shape, v.shapeKnown).c_str(), humanBytes(v.bytes).c_str(),
                        v.checkpointKey.empty() ? "" : "  (in checkpoint)");
        if (!meta.assets.empty()) {
            std::printf("\n  Assets:\n");
            for (const auto& a : meta.assets)
                std::printf("    %s  (%s)\n", a.filename.c_str(),
                            a.bytes < 0 ? "missing" : humanBytes(a.bytes).c_str());
        }
        if (!meta.collections.empty()) {
            std::printf("\n  Collections:");
            for (const auto& c : meta.collections) std::printf(" %s", c.c_str());
            std::printf("\n");
        }
    }
    if (model.metaGraphs.empty() && !model.checkpoint.empty()) {
        std::printf("\nCheckpoint tensors (%zu):\n", model.checkpoint.size());
        for (const auto& e : model.checkpoint)
            std::printf("  %-60s %-8s %-16s %10s\n", e.key.c_str(), io::dtypeName(e.dtype).c_str(),
                        shapeText(e.shape, true).c_str(), humanBytes(e.bytes).c_str());
    }
    if (!model.warnings.empty()) {
        std::printf("\nWarnings:\n");
        for (const auto& w : model.warnings) std::printf("  %s\n", w.c_str());
    }
}

} // namespace

std::string shapeText(const std::vector<int64_t>& dims, bool known) {
    if (!known && dims.empty()) return "<unknown>";
    std::string out = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i) out += ",";
        out += dims[i] < 0 ? "?" : std::to_string(dims[i]);
    }
    return out + "]";
}

int inspectCommand(const std::vector<std::string>& args) {
    const CommandLine line = parseCommandLine(args, { { { "--json" } } }, "PATH");
    if (!line.error.empty()) {
        std::cerr << "graphlens-cli inspect: " << line.error << "\nusage: graphlens-cli inspect PATH [--json]\n";
        return 2;
    }
    const std::string& path = line.positional;
    const bool json = line.has("--json");
    try {
        const auto model = io::loadModel(path);
        if (json) std::cout << toJson(*model);
        else printText(*model);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "graphlens-cli: " << e.what() << "\n";
        return 2;
    }
}

} // namespace graphlens::cli

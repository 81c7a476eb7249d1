#include "core/graph/io/model_loader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "core/graph/io/event_file.h"
#include "core/graph/io/meta_graph_builder.h"
#include "core/graph/io/proto_reader.h"
#include "core/graph/io/sstable.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/proto/fingerprint.pb.h"
#include "core/proto/saved_model.pb.h"
#include "core/util/crc32c.h"

namespace graphlens::io {
namespace fs = std::filesystem;
namespace {

constexpr unsigned char kTableMagic[8] = { 0x57, 0xfb, 0x80, 0x8b, 0x24, 0x75, 0x47, 0xdb };

bool hasTableMagic(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return false;
    const std::streamoff size = in.tellg();
    if (size < 48) return false;
    in.seekg(size - 8);
    unsigned char tail[8];
    if (!in.read(reinterpret_cast<char*>(tail), 8)) return false;
    return std::equal(std::begin(tail), std::end(tail), std::begin(kTableMagic));
}

bool looksLikeTFRecord(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char header[12];
    if (!in.read(reinterpret_cast<char*>(header), 12)) return false;
    uint32_t stored = 0;
    for (int i = 0; i < 4; ++i) stored |= static_cast<uint32_t>(header[8 + i]) << (8 * i);
    return unmaskCrc(stored) == crc32c(header, 8);
}

// "model.ckpt-1000.index" / "model.ckpt-1000.data-00000-of-00001" -> "model.ckpt-1000".
std::string checkpointPrefix(const std::string& path) {
    const std::string index = ".index";
    if (path.size() > index.size() && path.compare(path.size() - index.size(), index.size(), index) == 0)
        return path.substr(0, path.size() - index.size());
    const size_t data = path.rfind(".data-");
    if (data != std::string::npos) return path.substr(0, data);
    const std::string meta = ".meta";
    if (path.size() > meta.size() && path.compare(path.size() - meta.size(), meta.size(), meta) == 0)
        return path.substr(0, path.size() - meta.size());
    return path;
}

std::vector<graph::CheckpointEntry> checkpointEntries(const TensorBundle& bundle) {
    std::vector<graph::CheckpointEntry> out;
    for (const auto& e : bundle.entries()) {
        graph::CheckpointEntry c;
        c.key = e.name;
        c.dtype = e.dtype;
        c.shape = e.shape;
        c.bytes = e.size;
        out.push_back(std::move(c));
    }
    return out;
}

// Reads the bundle at `prefix` into the model and joins its entries (and, for TF2, its object
// graph) to the meta graphs' variables. Throws FormatError for an unreadable bundle.
void readCheckpoint(graph::Model& model, const std::string& prefix) {
    auto bundle = std::make_shared<TensorBundle>(prefix);
    model.checkpoint = checkpointEntries(*bundle);
    tensorflow::TrackableObjectGraph objectGraph;
    bool haveObjectGraph = false;
    if (auto bytes = bundle->objectGraphBytes()) haveObjectGraph = objectGraph.ParseFromString(*bytes);
    for (auto& meta : model.metaGraphs) joinVariables(meta, model.checkpoint, haveObjectGraph ? &objectGraph : nullptr);
    model.bundle = std::move(bundle);
}

// Opens the bundle at `prefix` if its index exists; problems become warnings (the graph still shows).
void attachCheckpoint(graph::Model& model, const std::string& prefix, const LoadOptions& options) {
    if (!fs::exists(prefix + ".index")) return;
    try {
        readCheckpoint(model, prefix);
    } catch (const FormatError& e) {
        model.warnings.push_back(std::string("checkpoint not read: ") + e.what());
    }
    (void)options;
}

// Whether text begins (after blanks and # comments) with a field name of the messages a text
// model holds; a file that does not is some other text, not a damaged model.
bool startsWithAField(const std::string& data) {
    size_t at = 0;
    while (at < data.size()) {
        if (std::isspace(static_cast<unsigned char>(data[at]))) {
            ++at;
        } else if (data[at] == '#') {
            at = data.find('\n', at);
            if (at == std::string::npos) return false;
        } else {
            break;
        }
    }
    size_t end = at;
    while (end < data.size() && (std::isalnum(static_cast<unsigned char>(data[end])) || data[end] == '_')) ++end;
    const std::string name = data.substr(at, end - at);
    if (name.empty()) return false;
    return tensorflow::GraphDef::descriptor()->FindFieldByName(name) ||
        tensorflow::MetaGraphDef::descriptor()->FindFieldByName(name) ||
        tensorflow::SavedModel::descriptor()->FindFieldByName(name);
}

void loadSavedModel(graph::Model& model, const std::string& dir, const Progress& progress, const LoadOptions& options) {
    model.format = graph::ModelFormat::SavedModel;
    const fs::path base(dir);
    tensorflow::SavedModel saved;
    std::error_code sizeError;
    std::string file = (base / "saved_model.pb").string();
    if (fs::exists(file)) {
        const std::string data = readFile(file, options.maxFileBytes);
        progress(0.05, "parsing saved_model.pb");
        parseBinary(data, file, &saved);
    } else if (fs::exists(base / "saved_model.pbtxt")) {
        file = (base / "saved_model.pbtxt").string();
        const std::string data = readFile(file, options.maxFileBytes);
        progress(0.05, "parsing saved_model.pbtxt");
        parseText(data, file, &saved);
        model.textFormat = true;
    } else if (fs::exists(base / "saved_model.cpb")) {
        throw FormatError((base / "saved_model.cpb").string(), "",
                          "chunked SavedModels (saved_model.cpb, protos over 2 GB) are not supported yet",
                          ErrorKind::Unsupported);
    } else {
        throw FormatError(dir, "", "directory holds no saved_model.pb or saved_model.pbtxt", ErrorKind::NotAModel);
    }
    if (saved.meta_graphs_size() == 0)
        throw FormatError(file, "meta_graphs",
                          "SavedModel has no meta graphs (the file is " +
                              std::to_string(fs::file_size(file, sizeError)) + " bytes)");
    model.schemaVersion = saved.saved_model_schema_version();
    const int count = saved.meta_graphs_size();
    for (int i = 0; i < count; ++i) {
        const Progress sub{ [&](double f, const std::string& stage) { progress(0.1 + 0.8 * (i + f) / count, stage); },
                            progress.cancel };
        model.metaGraphs.push_back(buildMetaGraph(std::move(*saved.mutable_meta_graphs(i)), file, sub));
    }
    progress(0.92, "reading variables");
    attachCheckpoint(model, (base / "variables" / "variables").string(), options);
    for (auto& meta : model.metaGraphs) {
        for (auto& asset : meta.assets) {
            std::error_code ec;
            const auto size = fs::file_size(base / "assets" / asset.filename, ec);
            if (!ec) asset.bytes = static_cast<int64_t>(size);
        }
    }
    const fs::path fingerprint = base / "fingerprint.pb";
    if (fs::exists(fingerprint)) {
        tensorflow::FingerprintDef def;
        const std::string data = readFile(fingerprint.string(), 1 << 20);
        if (def.ParseFromString(data)) model.fingerprint = def;
        else model.warnings.push_back(fingerprint.string() + ": not a valid FingerprintDef");
    }
}

void loadEventFile(graph::Model& model, const std::string& path, const Progress& progress) {
    model.format = graph::ModelFormat::EventFile;
    EventFileContents contents = readEventFile(path, progress);
    graph::EventFileInfo info;
    info.records = static_cast<int64_t>(contents.recordCount);
    info.fileVersion = contents.fileVersion;
    info.graphDefs = static_cast<int64_t>(contents.graphDefs.size());
    info.metaGraphDefs = static_cast<int64_t>(contents.metaGraphDefs.size());
    info.runMetadata = static_cast<int64_t>(contents.taggedRunMetadata.size());
    info.sessionLogs = contents.sessionLogCount;
    for (const auto& [tag, stats] : contents.summaryTags) {
        info.summaryTags.emplace_back(tag, stats.count);
        info.summaries += stats.count;
    }
    for (auto& w : contents.warnings) model.warnings.push_back(std::move(w));
    // TensorBoard shows the last graph written; a MetaGraphDef carries more (signatures, ops).
    if (!contents.metaGraphDefs.empty()) {
        model.metaGraphs.push_back(buildMetaGraph(std::move(contents.metaGraphDefs.back().metaGraph), path, progress));
    } else if (!contents.graphDefs.empty()) {
        model.metaGraphs.push_back(buildFromGraphDef(std::move(contents.graphDefs.back().graph), path, progress));
    } else {
        model.warnings.push_back(path + ": event file holds no graph (" + std::to_string(info.records) + " records)");
    }
    model.events = std::move(info);
}

void loadProtoFile(graph::Model& model, const std::string& path, const Progress& progress, const LoadOptions& options) {
    std::string data = readFile(path, options.maxFileBytes);
    if (data.empty()) throw FormatError(path, "", "file is empty", ErrorKind::Truncated);
    progress(0.05, "parsing");
    const std::string extension = fs::path(path).extension().string();
    const bool metaHint = extension == ".meta";
    // A text file whose name says so is parsed as text even with a stray control byte: the text
    // parser then names the line and column, where the binary one could only say "not a model".
    const bool textHint = extension == ".pbtxt" || extension == ".pbtext" || extension == ".prototxt";

    if (looksLikeText(data) || (textHint && !data.empty())) {
        model.textFormat = true;
        tensorflow::SavedModel saved;
        tensorflow::MetaGraphDef meta;
        tensorflow::GraphDef graphDef;
        const std::string graphError = tryParseText(data, &graphDef);
        if (graphError.empty()) {
            model.format = graph::ModelFormat::GraphDef;
            model.metaGraphs.push_back(buildFromGraphDef(std::move(graphDef), path, progress));
            return;
        }
        const std::string metaError = tryParseText(data, &meta);
        if (metaError.empty()) {
            model.format = graph::ModelFormat::MetaGraph;
            model.metaGraphs.push_back(buildMetaGraph(std::move(meta), path, progress));
            return;
        }
        if (tryParseText(data, &saved).empty()) {
            model.format = graph::ModelFormat::SavedModel;
            for (auto& m : *saved.mutable_meta_graphs())
                model.metaGraphs.push_back(buildMetaGraph(std::move(m), path, progress));
            return;
        }
        // Report the error of the message the file most likely is.
        const bool looksMeta =
            metaHint || data.find("meta_info_def") != std::string::npos || data.find("graph_def") != std::string::npos;
        const std::string& error = looksMeta ? metaError : graphError;
        const size_t colon = error.find(": ");
        const std::string detail = error.substr(colon + 2);
        // the parser stopped at the end of the data: a text file cut short
        const bool atEnd = detail.find("Unexpected end of string") != std::string::npos ||
            (detail.size() >= 5 && detail.compare(detail.size() - 5, 5, "got: ") == 0);
        throw FormatError(path, error.substr(0, colon),
                          std::string(atEnd ? "truncated text " : "not a valid text ") +
                              (looksMeta ? "MetaGraphDef" : "GraphDef") +
                              (atEnd ? " (the file ends inside a message): " : ": ") + detail,
                          atEnd                        ? ErrorKind::Truncated
                              : startsWithAField(data) ? ErrorKind::Malformed
                                                       : ErrorKind::NotAModel);
    }

    const WireScan scan = scanWire(data);
    const WireShape shape = scan.shape;
    if (shape == WireShape::Unknown) {
        const std::string size = " (the file is " + std::to_string(data.size()) + " bytes)";
        if (scan.truncated && scan.shapeSoFar != WireShape::Unknown)
            throw FormatError(path, byteOffset(scan.offset),
                              std::string("truncated binary ") +
                                  (scan.shapeSoFar == WireShape::SavedModel ? "SavedModel" : "GraphDef/MetaGraphDef") +
                                  " (or a corrupt length): " + scan.problem + size,
                              ErrorKind::Truncated);
        if (scan.shapeSoFar != WireShape::Unknown)
            throw FormatError(path, byteOffset(scan.offset),
                              std::string("corrupt binary ") +
                                  (scan.shapeSoFar == WireShape::SavedModel ? "SavedModel" : "GraphDef/MetaGraphDef") +
                                  ": the fields before this byte fit, " + scan.problem + size);
        throw FormatError(path, byteOffset(scan.offset),
                          "not a TensorFlow model: " + scan.problem + size +
                              "; neither protobuf text nor binary GraphDef/MetaGraphDef/SavedModel, nor an event "
                              "file or checkpoint",
                          ErrorKind::NotAModel);
    }
    if (shape == WireShape::SavedModel) {
        tensorflow::SavedModel saved;
        if (saved.ParseFromString(data) && saved.meta_graphs_size() > 0) {
            model.format = graph::ModelFormat::SavedModel;
            model.schemaVersion = saved.saved_model_schema_version();
            for (auto& m : *saved.mutable_meta_graphs())
                model.metaGraphs.push_back(buildMetaGraph(std::move(m), path, progress));
            return;
        }
    }
    // GraphDef and MetaGraphDef share wire shapes; a misread one has implausible op names.
    auto tryMeta = [&]() -> bool {
        tensorflow::MetaGraphDef meta;
        if (!meta.ParseFromString(data) || meta.graph_def().node_size() == 0 || !plausibleGraph(meta.graph_def()))
            return false;
        std::string().swap(data);
        model.format = graph::ModelFormat::MetaGraph;
        model.metaGraphs.push_back(buildMetaGraph(std::move(meta), path, progress));
        return true;
    };
    auto tryGraph = [&]() -> bool {
        tensorflow::GraphDef graphDef;
        if (!graphDef.ParseFromString(data) || !plausibleGraph(graphDef)) return false;
        std::string().swap(data); // the file's bytes are no longer needed while the IR is built
        model.format = graph::ModelFormat::GraphDef;
        model.metaGraphs.push_back(buildFromGraphDef(std::move(graphDef), path, progress));
        return true;
    };
    if (metaHint ? (tryMeta() || tryGraph()) : (tryGraph() || tryMeta())) return;
    const std::string neither = "protobuf parses, but is neither a plausible GraphDef nor a MetaGraphDef";
    if (data.empty()) throw FormatError(path, "", neither, ErrorKind::NotAModel);
    // Throws with the place of the damage if the protobuf is malformed: as the type the name suggests.
    tensorflow::MetaGraphDef metaProbe;
    tensorflow::GraphDef probe;
    if (metaHint) parseBinary(data, path, &metaProbe);
    parseBinary(data, path, &probe);
    const int bad = firstImplausibleNode(probe);
    if (bad >= 0)
        throw FormatError(path, "node " + std::to_string(bad) + " (\"" + printableKey(probe.node(bad).name()) + "\")",
                          neither + ": op \"" + printableKey(probe.node(bad).op()) + "\" is not an op name",
                          ErrorKind::NotAModel);
    throw FormatError(path, "", neither + " (no nodes)", ErrorKind::NotAModel);
}

// The graphs' own warnings join the model's, where the window and `inspect` list them.
void finish(graph::Model& model, const Progress& progress) {
    for (const auto& meta : model.metaGraphs) {
        for (const auto& w : meta.graph.warnings()) model.warnings.push_back(w);
        for (const auto& w : meta.library.warnings()) model.warnings.push_back(w);
    }
    progress(1.0, "done");
}

} // namespace

std::shared_ptr<const graph::Model> loadModel(const std::string& path, const Progress& progress,
                                              const LoadOptions& options) {
    // protobuf's own log lines (invalid UTF-8 in a string field ...) go into our errors, not stderr.
    ProtobufLogCapture protobufLog;
    auto model = std::make_shared<graph::Model>();
    model->path = path;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if ((ec || !fs::exists(status)) && fs::exists(path + ".index"))
        return loadModel(path + ".index", progress, options); // a checkpoint prefix
    if (ec || !fs::exists(status)) throw FormatError(path, "", "no such file or directory", ErrorKind::NotFound);
    progress(0.0, "opening");
    if (fs::is_directory(status)) {
        loadSavedModel(*model, path, progress, options);
    } else if (!fs::is_regular_file(status)) {
        throw FormatError(path, "", "not a regular file or directory", ErrorKind::Unreadable);
    } else if (hasTableMagic(path)) {
        // A checkpoint index: show its variables, and the graph of a sibling .meta if there is one.
        model->format = graph::ModelFormat::Checkpoint;
        const std::string prefix = checkpointPrefix(path);
        if (fs::exists(prefix + ".meta")) {
            loadProtoFile(*model, prefix + ".meta", progress, options);
            model->format = graph::ModelFormat::Checkpoint;
        }
        readCheckpoint(*model, prefix);
    } else if (path.find(".data-") != std::string::npos && fs::exists(checkpointPrefix(path) + ".index")) {
        return loadModel(checkpointPrefix(path) + ".index", progress, options);
    } else if (fs::path(path).extension() == ".index") {
        // No table magic at the end: the SSTable reader says what is wrong (too short, bad magic).
        model->format = graph::ModelFormat::Checkpoint;
        readCheckpoint(*model, checkpointPrefix(path));
    } else if (looksLikeTFRecord(path) || path.find("tfevents") != std::string::npos ||
               fs::path(path).extension() == ".tfrecord") {
        // A name that says "event file" is read as one even with a broken first header, whose
        // reader then names the record and byte.
        loadEventFile(*model, path, progress);
    } else {
        loadProtoFile(*model, path, progress, options);
        if (model->format == graph::ModelFormat::MetaGraph) attachCheckpoint(*model, checkpointPrefix(path), options);
    }
    finish(*model, progress);
    return model;
}

std::shared_ptr<const graph::Model> loadGraphDef(tensorflow::GraphDef&& graphDef, const std::string& name,
                                                 const Progress& progress) {
    auto model = std::make_shared<graph::Model>();
    model->path = name;
    model->format = graph::ModelFormat::GraphDef;
    progress(0.0, "building the graph");
    model->metaGraphs.push_back(buildFromGraphDef(std::move(graphDef), name, progress));
    finish(*model, progress);
    return model;
}

} // namespace graphlens::io

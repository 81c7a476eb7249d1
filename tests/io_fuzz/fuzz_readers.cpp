// libFuzzer targets for the readers of core/graph/io (issue #18). One source, built once per reader
// with GRAPHLENS_FUZZ_READER set (tests/io_fuzz/CMakeLists.txt). Any input must load or be refused
// with a FormatError that names the file; anything else (another exception, a crash, a leak, an
// allocation over libFuzzer's -rss_limit_mb / -malloc_limit_mb) is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "core/graph/io/event_file.h"
#include "core/graph/io/hdf5.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/io/sstable.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/graph/io/tfrecord.h"
#include "core/graph/io/zip.h"
#include "core/util/error.h"
#include "core/util/json.h"

namespace fs = std::filesystem;

namespace {

enum Reader {
    GraphDefBinary = 1,
    GraphDefText,
    MetaGraph,
    SavedModel,
    Events,
    Checkpoint,
    TFRecord,
    SSTable,
    Hdf5,
    Zip
};

// A folder of its own per process (libFuzzer's -fork and -jobs run several).
const fs::path& scratch() {
    static const fs::path dir = [] {
        std::string pattern = (fs::temp_directory_path() / "graphlens_fuzz_XXXXXX").string();
        if (!mkdtemp(pattern.data())) std::abort();
        return fs::path(pattern);
    }();
    return dir;
}

void write(const fs::path& path, const uint8_t* data, size_t size) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) std::abort();
}

[[noreturn]] void finding(const char* what, const std::string& detail) {
    std::fprintf(stderr, "FINDING: %s: %s\n", what, detail.c_str());
    std::abort();
}

// Loads `path` through loadModel (what the CLI and the GUI do) and writes the JSON view of names.
void load(const fs::path& path, const std::string& named) {
    try {
        const auto model = graphlens::io::loadModel(path.string());
        graphlens::JsonWriter json;
        json.beginArray();
        for (const auto& meta : model->metaGraphs)
            for (const auto& n : meta.graph.nodes()) json.value(n.name()).value(n.op());
        for (const auto& e : model->checkpoint) json.value(e.key);
        for (const auto& w : model->warnings) json.value(w);
        json.endArray();
    } catch (const graphlens::FormatError& e) {
        if (std::string(e.what()).find(named) == std::string::npos) finding("error does not name the file", e.what());
    } catch (const std::exception& e) {
        finding("exception other than FormatError", e.what());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > (1u << 20)) return 0;
    const fs::path& dir = scratch();
    switch (GRAPHLENS_FUZZ_READER) {
    case GraphDefBinary:
        write(dir / "graph.pb", data, size);
        load(dir / "graph.pb", (dir / "graph.pb").string());
        break;
    case GraphDefText:
        write(dir / "graph.pbtxt", data, size);
        load(dir / "graph.pbtxt", (dir / "graph.pbtxt").string());
        break;
    case MetaGraph:
        write(dir / "model.meta", data, size);
        load(dir / "model.meta", (dir / "model.meta").string());
        break;
    case SavedModel:
        fs::create_directories(dir / "saved");
        write(dir / "saved" / "saved_model.pb", data, size);
        load(dir / "saved", (dir / "saved").string());
        break;
    case Events:
        write(dir / "events.out.tfevents.1.fuzz", data, size);
        load(dir / "events.out.tfevents.1.fuzz", (dir / "events.out.tfevents.1.fuzz").string());
        break;
    case Checkpoint: {
        // The first 4 bytes say where the index ends; the rest is the one data shard.
        const size_t split = size < 4 ? size : std::min<size_t>(size - 4, data[0] | data[1] << 8 | data[2] << 16);
        const uint8_t* body = size < 4 ? data : data + 4;
        write(dir / "ckpt.index", body, split);
        write(dir / "ckpt.data-00000-of-00001", body + split, size < 4 ? 0 : size - 4 - split);
        load(dir / "ckpt.index", dir.string());
        try {
            graphlens::io::TensorBundle bundle((dir / "ckpt").string());
            for (const auto& e : bundle.entries()) (void)bundle.read(e.name, 1 << 20);
        } catch (const graphlens::FormatError&) {
        } catch (const std::exception& e) {
            finding("exception other than FormatError", e.what());
        }
        break;
    }
    case TFRecord: {
        std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
        graphlens::io::TFRecordReader reader(in, "fuzz.tfrecord");
        std::string record;
        try {
            while (reader.next(record)) { }
        } catch (const graphlens::FormatError& e) {
            if (std::string(e.what()).find("fuzz.tfrecord") == std::string::npos)
                finding("error does not name the file", e.what());
        }
        break;
    }
    case SSTable:
        try {
            const auto table =
                graphlens::io::SSTableReader::fromBytes(std::string(reinterpret_cast<const char*>(data), size), "t");
            table.forEach([](std::string_view, std::string_view) { return true; });
        } catch (const graphlens::FormatError&) { }
        break;
    case Hdf5: { // and what was read must write and read back (Keras model weights, issue #19)
        graphlens::io::H5Object root;
        try {
            root = graphlens::io::readHdf5(std::string_view(reinterpret_cast<const char*>(data), size), "f.h5");
        } catch (const graphlens::FormatError& e) {
            if (e.file() != "f.h5") finding("error does not name the file", e.what());
            break;
        }
        try {
            const std::string again = graphlens::io::writeHdf5(root);
            graphlens::io::readHdf5(again, "again.h5");
        } catch (const std::invalid_argument&) { // a tree our writer does not take (e.g. > 256 members)
        } catch (const std::exception& e) {
            finding("written file does not read back", e.what());
        }
        break;
    }
    case Zip:
        try {
            const auto entries =
                graphlens::io::readZip(std::string_view(reinterpret_cast<const char*>(data), size), "f.zip", 1 << 24);
            if (graphlens::io::readZip(graphlens::io::writeZip(entries), "again.zip").size() != entries.size())
                finding("zip round trip", "entry count");
        } catch (const graphlens::FormatError& e) {
            if (e.file() != "f.zip") finding("error does not name the file", e.what());
        }
        break;
    default:
        std::abort();
    }
    return 0;
}

// Issue #18, readers: errors name the file and the place (a truncated binary file says it is
// truncated, and where); protobuf's own log lines never reach stderr, their detail is in our error.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.h"
#include "fixtures.h"

namespace fs = std::filesystem;

namespace {

using graphlens::test::readFile;
using graphlens::test::TempDir;
using graphlens::test::writeFile;

using graphlens::test::runInspect;

} // namespace

TEST_CASE("reader errors name the file and the place; protobuf prints nothing itself", "[robustness][cli]") {
    REQUIRE(fs::exists(graphlens::test::cliPath()));
    TempDir tmp;
    // `named`: the file the error must start with, when it is not the path given (a SavedModel directory).
    auto expectError = [&](const fs::path& target, const std::vector<std::string>& words, fs::path named = {}) {
        const fs::path path = named.empty() ? target : named;
        for (bool json : { false, true }) {
            const graphlens::test::CliRun r = runInspect(tmp, target.string(), json);
            INFO(path << (json ? " --json" : "") << "\n" << r.err);
            CHECK(r.exitCode == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind("graphlens-cli: " + path.string() + ": ", 0) == 0);
            CHECK(r.err.find("[libprotobuf") == std::string::npos);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            for (const auto& w : words) CHECK(r.err.find(w) != std::string::npos);
        }
    };
    SECTION("truncated binary GraphDef, MetaGraphDef, SavedModel and checkpoint index") {
        const std::string graph = readFile(graphlens::test::fixture("tf2onnx_regression/graphdef/frozen.pb"));
        writeFile(tmp.path() / "frozen.pb", graph.substr(0, 334));
        // Field 1 (a node) at byte 316 declares 30 bytes; the file ends 16 bytes after its length.
        expectError(tmp.path() / "frozen.pb",
                    { ": byte 316: truncated binary GraphDef/MetaGraphDef", "declares 30 bytes", "only 16 remain",
                      "the file is 334 bytes" });
        const std::string meta = readFile(graphlens::test::fixture("tfnet_meta_graphs/cond_test.meta"));
        writeFile(tmp.path() / "cond_test.meta", meta.substr(0, meta.size() / 2));
        expectError(tmp.path() / "cond_test.meta", { "truncated binary GraphDef/MetaGraphDef", "byte " });
        fs::create_directory(tmp.path() / "saved");
        const std::string saved = readFile(graphlens::test::fixture("tf2onnx_regression/saved_model/saved_model.pb"));
        writeFile(tmp.path() / "saved" / "saved_model.pb", saved.substr(0, 7429));
        expectError(tmp.path() / "saved",
                    { "byte 2 (meta_graphs[0]): truncated binary tensorflow.SavedModel", "the file is 7429 bytes" },
                    tmp.path() / "saved" / "saved_model.pb");
        // The same file on its own is found by its top-level fields.
        expectError(tmp.path() / "saved" / "saved_model.pb",
                    { "byte 2: truncated binary SavedModel", "declares 22282 bytes at byte 3, but only 7423 remain" });
        const std::string index =
            readFile(graphlens::test::fixture("serving_saved_model_counter/variables/variables.index"));
        writeFile(tmp.path() / "variables.index", index.substr(0, index.size() - 16));
        expectError(tmp.path() / "variables.index", { "bad table magic number", "truncated" });
    }
    SECTION("truncated text GraphDef and MetaGraphDef") {
        const std::string text =
            readFile(graphlens::test::fixture("tf_metrics_export_meta_graph/metrics_export_meta_graph.pb"));
        for (size_t cut : { size_t(100), size_t(1000), text.size() / 2 }) {
            writeFile(tmp.path() / "cut.pb", text.substr(0, cut));
            expectError(tmp.path() / "cut.pb",
                        { ": line ", "truncated text MetaGraphDef (the file ends inside a message)" });
        }
        // an error before the end is still a malformed file, not a truncated one
        std::string broken = text;
        broken.replace(broken.find('{'), 1, "@");
        writeFile(tmp.path() / "broken.pb", broken);
        expectError(tmp.path() / "broken.pb", { "not a valid text MetaGraphDef" });
    }
    SECTION("invalid UTF-8 in a binary op name: protobuf's detail with the field") {
        std::string graph = readFile(graphlens::test::fixture("tf2onnx_regression/graphdef/frozen.pb"));
        const size_t at = graph.find("Placeholder");
        REQUIRE(at != std::string::npos);
        graph[at + 3] = '\x9c';
        writeFile(tmp.path() / "frozen.pb", graph);
        expectError(tmp.path() / "frozen.pb",
                    { ".op): ", "String field 'tensorflow.NodeDef.op' contains invalid UTF-8" });
    }
    SECTION("a control byte in a .pbtxt gives its line and column") {
        std::string text = readFile(graphlens::test::fixture("cr_examples_graph_pair/graph.pbtxt"));
        text.insert(text.find("op: \"VariableV2\""), "\x01");
        writeFile(tmp.path() / "graph.pbtxt", text);
        expectError(tmp.path() / "graph.pbtxt", { ": line 24, column " });
    }
    SECTION("an event file whose first header is corrupt names the record") {
        std::string events = readFile(graphlens::test::fixture(
            "speech_commands_conv_ckpt/validation/events.out.tfevents.1511484802.bladerunner"));
        events[9] = static_cast<char>(events[9] ^ 0x10);
        const fs::path path = tmp.path() / "events.out.tfevents.1.host";
        writeFile(path, events);
        expectError(path, { ": record 0: corrupt record length at byte 0" });
    }
}

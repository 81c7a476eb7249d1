// Issue #18, readers: `inspect --json` stays valid JSON whatever bytes a file's names hold (bytes
// that are not UTF-8 become U+FFFD, docs/cli-json.md).
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.h"
#include "core/graph/io/sstable.h"
#include "core/util/json.h"
#include "fixtures.h"

namespace fs = std::filesystem;

namespace {

using graphlens::test::readFile;
using graphlens::test::TempDir;
using graphlens::test::writeFile;

using graphlens::test::runInspect;

} // namespace

TEST_CASE("JsonWriter writes bytes that are not UTF-8 as U+FFFD", "[json]") {
    using graphlens::JsonWriter;
    CHECK(JsonWriter::escape("Con\x9cst") == "\"Con\\ufffdst\"");
    // Well-formed UTF-8 passes through: 2-, 3- and 4-byte sequences.
    CHECK(JsonWriter::escape("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
    // Overlong forms, surrogates, above U+10FFFF, a cut sequence and a lone continuation byte.
    CHECK(JsonWriter::escape("\xc0\xaf") == "\"\\ufffd\\ufffd\"");
    CHECK(JsonWriter::escape("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");
    CHECK(JsonWriter::escape("\xf4\x90\x80\x80") == "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    CHECK(JsonWriter::escape("a\xe2\x82") == "\"a\\ufffd\\ufffd\"");
    CHECK(JsonWriter::escape("\x80z") == "\"\\ufffdz\"");
    JsonWriter json;
    json.beginObject().field(std::string_view("k\xff"), std::string_view("v\xfe")).endObject();
    nlohmann::json parsed;
    REQUIRE_NOTHROW(parsed = nlohmann::json::parse(json.str()));
    CHECK(parsed["k\xef\xbf\xbd"] == "v\xef\xbf\xbd");
}

TEST_CASE("inspect --json is valid JSON when names hold invalid UTF-8", "[robustness][cli][json]") {
    REQUIRE(fs::exists(graphlens::test::cliPath()));
    TempDir tmp;
    SECTION("a raw 0x9c in an op name (text GraphDef)") {
        std::string text = readFile(graphlens::test::fixture("cr_examples_graph_pair/graph.pbtxt"));
        const size_t at = text.find("op: \"Const\"");
        REQUIRE(at != std::string::npos);
        text.replace(at, 11, "op: \"Con\x9cst\"");
        const fs::path path = tmp.path() / "graph.pbtxt";
        writeFile(path, text);
        const graphlens::test::CliRun r = runInspect(tmp, path.string(), true);
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        nlohmann::json j;
        REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out)); // nlohmann refuses ill-formed UTF-8
        CHECK(j["meta_graphs"][0]["op_histogram"].contains("Con\xef\xbf\xbdst"));
    }
    SECTION("a checkpoint key with flipped bits") {
        const fs::path source = graphlens::test::fixture("serving_saved_model_counter/variables");
        fs::copy_file(source / "variables.data-00000-of-00001", tmp.path() / "variables.data-00000-of-00001");
        auto entries = graphlens::io::SSTableReader::open((source / "variables.index").string()).entries();
        REQUIRE(entries.size() >= 2);
        entries[1].first += "\x9c\xff"; // still sorted: it only grows the key
        REQUIRE((entries.size() < 3 || entries[1].first < entries[2].first));
        const fs::path index = tmp.path() / "variables.index";
        writeFile(index, graphlens::io::SSTableWriter::build(entries, {}));
        const graphlens::test::CliRun r = runInspect(tmp, index.string(), true);
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        nlohmann::json j;
        REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
        bool found = false;
        for (const auto& t : j["checkpoint"])
            found = found || t["key"].get<std::string>().find("\xef\xbf\xbd\xef\xbf\xbd") != std::string::npos;
        CHECK(found);
    }
}

// A reader's error says what kind of failure it is, so that the GUI can word it in the user's
// language: truncated, damaged, not a model, missing, unreadable or an unsupported variant.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "cli_run.h"
#include "core/graph/io/model_loader.h"
#include "core/util/error.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using graphlens::ErrorKind;
using graphlens::FormatError;

namespace {

ErrorKind kindOfLoading(const fs::path& path) {
    try {
        graphlens::io::loadModel(path.string());
    } catch (const FormatError& error) {
        INFO(error.what());
        CHECK(error.file().find(path.filename().string()) != std::string::npos);
        return error.kind();
    }
    FAIL("loading " << path << " did not fail");
    return ErrorKind::Malformed;
}

} // namespace

TEST_CASE("reader errors carry their kind", "[robustness]") {
    graphlens::test::TempDir tmp;
    const std::string graph = graphlens::test::readFile(graphlens::test::fixture("tf2onnx_fc_layers_frozen/frozen.pb"));
    REQUIRE(graph.size() > 1000);

    graphlens::test::writeFile(tmp.path() / "half.pb", graph.substr(0, graph.size() / 2));
    CHECK(kindOfLoading(tmp.path() / "half.pb") == ErrorKind::Truncated);

    graphlens::test::writeFile(tmp.path() / "empty.pb", "");
    CHECK(kindOfLoading(tmp.path() / "empty.pb") == ErrorKind::Truncated);

    graphlens::test::writeFile(tmp.path() / "notes.pb", std::string("these are my notes, not a graph\n"));
    CHECK(kindOfLoading(tmp.path() / "notes.pb") == ErrorKind::NotAModel);

    CHECK(kindOfLoading(tmp.path() / "absent.pb") == ErrorKind::NotFound);

    fs::create_directories(tmp.path() / "folder");
    CHECK(kindOfLoading(tmp.path() / "folder") == ErrorKind::NotAModel);
}

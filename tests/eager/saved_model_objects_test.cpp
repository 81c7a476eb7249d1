// A TF2 SavedModel's object graph revived by tf.saved_model.load (core/eager/saved_model_load.cpp,
// python/tf_saved_model.py): a model real TF 2.21 wrote (tests/corpus/scripts/saved_models/restored,
// whose loaded objects the corpus compares with TF's) with its object graph made hostile: every
// broken reference is a ValueError naming the file and the node, never a crash.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/proto/saved_model.pb.h"
#include "tests/eager/eager_test_util.h"

namespace {

namespace fs = std::filesystem;

const fs::path kRestored = fs::path(GRAPHLENS_SOURCE_DIR) / "tests/corpus/scripts/saved_models/restored";

// The model copied into a fresh folder, its saved_model.pb passed through `edit`.
fs::path editedCopy(const std::string& name, const std::function<void(tensorflow::SavedObjectGraph&)>& edit) {
    const fs::path dir = fs::temp_directory_path() / ("graphlens_sm_objects_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy(kRestored, dir / "m", fs::copy_options::recursive);
    tensorflow::SavedModel sm;
    {
        std::ifstream f(dir / "m/saved_model.pb", std::ios::binary);
        REQUIRE(sm.ParseFromIstream(&f));
    }
    edit(*sm.mutable_meta_graphs(0)->mutable_object_graph_def());
    std::ofstream f(dir / "m/saved_model.pb", std::ios::binary | std::ios::trunc);
    REQUIRE(sm.SerializeToOstream(&f));
    return dir;
}

graphlens::eager::test::ScriptResult runIn(const fs::path& dir, const std::string& source) {
    graphlens::eager::test::ScriptResult res;
    graphlens::session::ScriptRequest request;
    // the script is a file in the model's folder, so the sandbox lets it read the model; the
    // model by its absolute path (relative paths resolve against the process's directory)
    std::string text = source;
    text.replace(text.find("'m'"), 3, "'" + (dir / "m").string() + "'");
    std::ofstream(dir / "t.py") << text;
    request.source = text;
    request.path = (dir / "t.py").string();
    request.out = [&](std::string_view s) { res.out += s; };
    request.err = [&](std::string_view s) { res.err += s; };
    graphlens::session::ScriptResult run = graphlens::session::runScript(request);
    res.ok = run.ok && run.failure.empty();
    return res;
}

} // namespace

TEST_CASE("a SavedModel's object graph with broken references is a clear error", "[eager][saved_model]") {
    const std::string script = "import tensorflow as tf\n"
                               "try:\n"
                               "    m = tf.saved_model.load('m')\n"
                               "    print('loaded', m.poly(tf.constant(2.0)).numpy())\n"
                               "except ValueError as e:\n"
                               "    print('ValueError', e)\n";
    SECTION("as written, the model loads and runs") {
        auto res = runIn(editedCopy("intact", [](tensorflow::SavedObjectGraph&) {}), script);
        INFO(res.err);
        REQUIRE(res.ok);
        CHECK(res.out == "loaded 9.0\n");
    }
    SECTION("a child that names no node") {
        auto dir = editedCopy("child", [](tensorflow::SavedObjectGraph& og) {
            og.mutable_nodes(0)->mutable_children(1)->set_node_id(999);
        });
        auto res = runIn(dir, script);
        REQUIRE(res.ok);
        CHECK(res.out.find("ValueError") == 0);
        CHECK(res.out.find("saved_model.pb") != std::string::npos);
        CHECK(res.out.find("child 'scale' of node 0 refers to node 999 of 20") != std::string::npos);
    }
    SECTION("a bound input that names no node") {
        auto dir = editedCopy("bound", [](tensorflow::SavedObjectGraph& og) {
            (*og.mutable_concrete_functions())["__inference_poly_449"].set_bound_inputs(0, -3);
        });
        auto res = runIn(dir, script);
        REQUIRE(res.ok);
        CHECK(res.out.find("a bound input of concrete function '__inference_poly_449' refers to node -3") !=
              std::string::npos);
    }
    SECTION("a concrete function missing from the library is an error when called") {
        auto dir = editedCopy("missing", [](tensorflow::SavedObjectGraph& og) {
            auto* fn = og.mutable_nodes(8)->mutable_function();
            fn->set_concrete_functions(0, "__inference_nowhere_1");
            auto cf = og.concrete_functions().at("__inference_poly_449");
            (*og.mutable_concrete_functions())["__inference_nowhere_1"] = cf;
        });
        auto res = runIn(dir, script);
        REQUIRE(res.ok);
        CHECK(res.out == "ValueError the SavedModel's library has no function '__inference_nowhere_1'\n");
    }
}

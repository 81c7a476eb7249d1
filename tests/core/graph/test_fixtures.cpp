// Every real TensorFlow file under shared/fixtures/tf opens, and what GraphLens reads matches what
// TensorFlow itself reads (recorded by tests/oracle/record_fixtures.py into fixtures.json).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/graph/io/model_loader.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/graph/io/tensor_value.h"

using graphlens::graph::MetaGraph;
using graphlens::graph::Model;
using graphlens::graph::ModelFormat;
using nlohmann::json;

namespace {

json loadJson(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    return json::parse(in);
}

std::string dtypeEnumName(tensorflow::DataType dtype) {
    return tensorflow::DataType_Name(dtype);
}

std::map<std::string, int64_t> histogram(const graphlens::graph::Graph& g) {
    std::map<std::string, int64_t> h;
    for (const auto& n : g.nodes())
        if (n.kind == graphlens::graph::NodeKind::Op) ++h[n.op()];
    return h;
}

void checkMetaGraph(const MetaGraph& meta, const json& expected, const std::string& where) {
    INFO(where);
    CHECK(static_cast<int64_t>(meta.graph.size()) == expected.at("node_count").get<int64_t>());
    if (expected.contains("op_histogram") && expected["op_histogram"].is_object())
        CHECK(histogram(meta.graph) == expected["op_histogram"].get<std::map<std::string, int64_t>>());
    if (expected.contains("producer")) CHECK(meta.producer == expected["producer"].get<int32_t>());
    if (expected.contains("tags")) CHECK(meta.tags == expected["tags"].get<std::vector<std::string>>());
    if (expected.contains("tensorflow_version"))
        CHECK(meta.tensorflowVersion == expected["tensorflow_version"].get<std::string>());
    if (expected.contains("functions")) {
        std::map<std::string, int64_t> functions;
        for (const auto& f : meta.library.functions()) functions[f.name] = f.nodeDefCount;
        CHECK(functions == expected["functions"].get<std::map<std::string, int64_t>>());
        std::map<std::string, std::string> gradients;
        for (const auto& f : meta.library.functions())
            if (!f.gradient.empty()) gradients[f.name] = f.gradient;
        if (expected.contains("gradients"))
            CHECK(gradients == expected["gradients"].get<std::map<std::string, std::string>>());
    }
    if (expected.contains("function_op_histogram")) {
        std::map<std::string, int64_t> ops;
        for (const auto& f : meta.library.functions())
            for (const auto& [op, n] : histogram(f.body)) ops[op] += n;
        CHECK(ops == expected["function_op_histogram"].get<std::map<std::string, int64_t>>());
    }
    if (expected.contains("signatures")) {
        const auto& sigs = expected["signatures"];
        REQUIRE(meta.signatures.size() == sigs.size());
        for (const auto& s : meta.signatures) {
            INFO("signature " << s.key);
            REQUIRE(sigs.contains(s.key));
            const auto& es = sigs[s.key];
            CHECK(s.methodName == es["method_name"].get<std::string>());
            auto checkSpecs = [&](const std::vector<graphlens::graph::TensorSpec>& specs, const json& e) {
                REQUIRE(specs.size() == e.size());
                for (const auto& spec : specs) {
                    INFO("tensor " << spec.key);
                    REQUIRE(e.contains(spec.key));
                    const auto& et = e[spec.key];
                    if (et["name"].is_string()) CHECK(spec.tensorName == et["name"].get<std::string>());
                    else CHECK(spec.tensorName == et["coo_sparse"]["values_tensor_name"].get<std::string>());
                    CHECK(dtypeEnumName(spec.dtype) == et["dtype"].get<std::string>());
                    if (et["shape"].is_null()) {
                        CHECK(!spec.shapeKnown);
                    } else {
                        std::vector<int64_t> dims;
                        for (const auto& d : spec.shape.dim()) dims.push_back(d.size());
                        CHECK(spec.shapeKnown);
                        CHECK(dims == et["shape"].get<std::vector<int64_t>>());
                    }
                    // Every signature tensor names a node that exists in the graph.
                    CHECK(spec.endpoint.node != graphlens::graph::kNoNode);
                }
            };
            checkSpecs(s.inputs, es["inputs"]);
            checkSpecs(s.outputs, es["outputs"]);
        }
    }
    if (expected.contains("object_graph_nodes"))
        CHECK(meta.objectGraph.nodes_size() == expected["object_graph_nodes"].get<int>());
    if (expected.contains("concrete_functions"))
        CHECK(meta.objectGraph.concrete_functions_size() == expected["concrete_functions"].get<int>());
    if (expected.contains("collections"))
        CHECK(meta.collections == expected["collections"].get<std::vector<std::string>>());
    if (expected.contains("asset_files")) {
        std::vector<std::string> assets;
        for (const auto& a : meta.assets) assets.push_back(a.filename);
        std::sort(assets.begin(), assets.end());
        auto e = expected["asset_files"].get<std::vector<std::string>>();
        std::sort(e.begin(), e.end());
        CHECK(assets == e);
    }
}

void checkCheckpoint(const Model& model, const json& variables) {
    std::map<std::string, const graphlens::graph::CheckpointEntry*> entries;
    for (const auto& e : model.checkpoint) entries[e.key] = &e;
    REQUIRE(model.bundle);
    for (const auto& [name, ev] : variables.items()) {
        INFO("checkpoint tensor " << name);
        REQUIRE(entries.count(name));
        const auto& entry = *entries[name];
        CHECK(dtypeEnumName(entry.dtype) == ev["dtype"].get<std::string>());
        CHECK(entry.shape == ev["shape"].get<std::vector<int64_t>>());
        if (name == "_CHECKPOINTABLE_OBJECT_GRAPH") continue;
        const auto value = model.bundle->read(name, int64_t{ 1 } << 28);
        if (ev.contains("sum")) {
            double sum = 0;
            for (int64_t i = 0; i < value.numElements(); ++i) sum += graphlens::io::elementAsDouble(value, i);
            CHECK(sum == Approx(ev["sum"].get<double>()).epsilon(1e-5).margin(1e-6));
        }
        if (ev.contains("first") && ev.contains("sum") && ev["sum"].is_number()) {
            const auto& first = ev["first"];
            for (size_t i = 0; i < first.size(); ++i)
                if (first[i].is_number())
                    CHECK(graphlens::io::elementAsDouble(value, static_cast<int64_t>(i)) ==
                          Approx(first[i].get<double>()).epsilon(1e-6));
        }
        if (entry.dtype == tensorflow::DT_STRING && ev.contains("first")) {
            const auto& first = ev["first"];
            for (size_t i = 0; i < first.size() && i < value.strings.size(); ++i)
                if (first[i].get<std::string>().find('\\') == std::string::npos)
                    CHECK(value.strings[i] == first[i].get<std::string>());
        }
    }
}

} // namespace

TEST_CASE("every fixture opens and matches what TensorFlow reads", "[fixtures]") {
    const json expected = loadJson(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/fixtures.json");
    int fixtures = 0;
    for (const auto& [relative, entry] : expected.items()) fixtures += entry.at("kind") != "checkpoint_state";
    REQUIRE(fixtures >= 45);
    for (const auto& [relative, entry] : expected.items()) {
        const std::string kind = entry.at("kind").get<std::string>();
        if (kind == "checkpoint_state") continue;
        const std::string path = std::string(GRAPHLENS_FIXTURES_DIR) + "/" + relative;
        DYNAMIC_SECTION(relative) {
            std::shared_ptr<const Model> model;
            REQUIRE_NOTHROW(model = graphlens::io::loadModel(path));
            if (kind == "saved_model") {
                CHECK(model->format == ModelFormat::SavedModel);
                REQUIRE(model->metaGraphs.size() == entry["meta_graphs"].size());
                for (size_t i = 0; i < model->metaGraphs.size(); ++i)
                    checkMetaGraph(model->metaGraphs[i], entry["meta_graphs"][i], relative);
                if (entry.contains("variables") && entry["variables"].is_object())
                    checkCheckpoint(*model, entry["variables"]);
            } else if (kind == "meta_graph") {
                CHECK(model->format == ModelFormat::MetaGraph);
                REQUIRE(model->metaGraphs.size() == 1);
                checkMetaGraph(model->metaGraphs[0], entry["meta_graphs"][0], relative);
            } else if (kind == "graph_def") {
                CHECK(model->format == ModelFormat::GraphDef);
                REQUIRE(model->metaGraphs.size() == 1);
                checkMetaGraph(model->metaGraphs[0], entry["meta_graphs"][0], relative);
            } else if (kind == "events") {
                CHECK(model->format == ModelFormat::EventFile);
                REQUIRE(model->events);
                CHECK(model->events->records == entry["records"].get<int64_t>());
                CHECK(model->events->graphDefs == entry["counts"]["graph_def"].get<int64_t>());
                CHECK(model->events->metaGraphDefs == entry["counts"]["meta_graph_def"].get<int64_t>());
                CHECK(model->events->sessionLogs == entry["counts"]["session_log"].get<int64_t>());
                CHECK(model->events->runMetadata == entry["counts"]["tagged_run_metadata"].get<int64_t>());
                // Like TensorBoard, the newest graph of the file is shown; a MetaGraphDef wins.
                if (entry["last_meta_graph_def"].is_object()) {
                    REQUIRE(model->metaGraphs.size() == 1);
                    checkMetaGraph(model->metaGraphs[0], entry["last_meta_graph_def"], relative);
                } else if (entry["last_graph_def"].is_object()) {
                    REQUIRE(model->metaGraphs.size() == 1);
                    checkMetaGraph(model->metaGraphs[0], entry["last_graph_def"], relative);
                } else {
                    CHECK(model->metaGraphs.empty());
                }
            } else if (kind == "checkpoint") {
                checkCheckpoint(*model, entry["variables"]);
            }
        }
    }
}

TEST_CASE("generated models open and match TensorFlow", "[fixtures][generated]") {
    const json expected = loadJson(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/generated.json");
    for (const auto& [relative, entry] : expected.items()) {
        DYNAMIC_SECTION(relative) {
            const std::string path = std::string(GRAPHLENS_TEST_DATA_DIR) + "/" + relative;
            std::shared_ptr<const Model> model;
            REQUIRE_NOTHROW(model = graphlens::io::loadModel(path));
            REQUIRE(model->metaGraphs.size() == entry["meta_graphs"].size());
            for (size_t i = 0; i < model->metaGraphs.size(); ++i)
                checkMetaGraph(model->metaGraphs[i], entry["meta_graphs"][i], relative);
            if (entry.contains("variables") && entry["variables"].is_object())
                checkCheckpoint(*model, entry["variables"]);
        }
    }
}

// The big models the B1 benchmark generates with real TF (ResNet50, the 100k-node GraphDef) are
// not committed; where they and TF's record of them exist, they are checked like the fixtures.
TEST_CASE("benchmark models match TensorFlow when they have been generated", "[fixtures][bench]") {
    // GRAPHLENS_BENCH_DIR/expected.json is record_generated.py's record of them, keyed by their
    // paths relative to that folder (record_generated.py --out <bench>/expected.json <bench>/...).
    const std::filesystem::path benchDir = GRAPHLENS_BENCH_DIR;
    const std::string recordPath = (benchDir / "expected.json").string();
    if (!std::filesystem::exists(recordPath)) {
        WARN("skipped: no " << recordPath << " (run tests/oracle/gen_models.py resnet50 / graph100k)");
        return;
    }
    const json expected = loadJson(recordPath);
    for (const auto& [key, entry] : expected.items()) {
        const std::string path = (benchDir / key).string(); // an absolute key stays as it is
        DYNAMIC_SECTION(key) {
            if (!std::filesystem::exists(path)) continue;
            std::shared_ptr<const Model> model;
            REQUIRE_NOTHROW(model = graphlens::io::loadModel(path));
            REQUIRE(model->metaGraphs.size() == entry["meta_graphs"].size());
            for (size_t i = 0; i < model->metaGraphs.size(); ++i)
                checkMetaGraph(model->metaGraphs[i], entry["meta_graphs"][i], path);
            if (entry.contains("variables") && entry["variables"].is_object())
                checkCheckpoint(*model, entry["variables"]);
        }
    }
}

// TF2 variables are joined to their graph handles through the concrete functions' bound_inputs
// and the restore function's RestoreV2 keys, never by name (Keras repeats names). Every handle
// must then declare the variable's own dtype and shape, and no handle may stand as a variable of
// its own.
TEST_CASE("TF2 variables are joined to their handles by TF's own wiring", "[fixtures][variables]") {
    const std::vector<std::string> models = {
        std::string(GRAPHLENS_TEST_DATA_DIR) + "/keras_control_flow",
        std::string(GRAPHLENS_TEST_DATA_DIR) + "/tf_function_nested",
        std::string(GRAPHLENS_FIXTURES_DIR) + "/serving_half_plus_two_tf2_cpu",
        std::string(GRAPHLENS_FIXTURES_DIR) + "/tfx_keras_saved_model",
        std::string(GRAPHLENS_FIXTURES_DIR) + "/tfnet_keras_lstm_saved_model",
        std::string(GRAPHLENS_FIXTURES_DIR) + "/rust_regression_savedmodel",
    };
    for (const auto& path : models) {
        DYNAMIC_SECTION(path) {
            const auto model = graphlens::io::loadModel(path);
            const MetaGraph& meta = model->metaGraphs.at(0);
            REQUIRE(meta.hasObjectGraph);
            int objectVariables = 0;
            for (const auto& node : meta.objectGraph.nodes()) objectVariables += node.has_variable();
            for (const auto& v : meta.variables) {
                INFO("variable " << v.name);
                for (auto handle : v.handles) {
                    const auto& attrs = meta.graph.node(handle).def().attr();
                    REQUIRE(attrs.count("shape"));
                    std::vector<int64_t> dims;
                    for (const auto& d : attrs.at("shape").shape().dim()) dims.push_back(d.size());
                    CHECK(dims == v.shape);
                    CHECK(attrs.at("dtype").type() == v.dtype);
                }
            }
            // Every VarHandleOp of the graph belongs to one of the object graph's variables.
            for (const auto& node : meta.graph.nodes()) {
                if (node.op() != "VarHandleOp") continue;
                int owners = 0;
                for (const auto& v : meta.variables)
                    for (auto handle : v.handles) owners += meta.graph.node(handle).name() == node.name();
                INFO("handle " << node.name());
                CHECK(owners == 1);
            }
            // Handles no concrete function or restore function uses (the string variable TF adds
            // for an asset's path) stand as variables of their own; nothing else may.
            int standalone = 0;
            for (const auto& v : meta.variables)
                standalone += v.source == graphlens::graph::Variable::Source::GraphNode;
            CHECK(static_cast<int>(meta.variables.size()) == objectVariables + standalone);
            if (path.find("keras_control_flow") != std::string::npos) CHECK(standalone == 0);
        }
    }
}

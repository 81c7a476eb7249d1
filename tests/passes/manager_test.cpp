// The pass manager: grappler's order and loop rules, snapshots and the JSON report, library
// functions optimised on their own, cancellation, and the whole pipeline over the graphs
// recorded from TF 2.21 (tests/exec/data) and the real models in fixtures: the validator stays
// clean and the executor's results do not change.
#include <nlohmann/json.hpp>

#include "core/graph/export.h"
#include "core/passes/graph_index.h"
#include "core/passes/manager.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"
#include "core/tensor/dispatch.h"
#include "tests/json_tensor.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;
using json = nlohmann::json;
using tensorflow::DT_FLOAT;
using testjson::tensorFromJson;

namespace {

const std::string kExecData = GRAPHLENS_SOURCE_DIR "/tests/exec/data/";

tensorflow::GraphDef readGraphDef(const std::string& path) {
    auto model = graphlens::io::loadModel(path);
    return graphlens::graph::toGraphDef(model->metaGraphs.at(0));
}

// A graph of tests/exec/data with its recorded feeds and fetches, through every pass (the
// validator after each).
std::pair<ManagerOptions, OptimizeResult> optimizeRecorded(const std::string& name, const json& recordedCase) {
    ManagerOptions options;
    options.fetches = recordedCase["fetches"].get<std::vector<std::string>>();
    options.feeds = recordedCase["feeds"].get<std::vector<std::string>>();
    options.validate = true;
    OptimizeResult result = optimize(readGraphDef(kExecData + name + ".pb"), options);
    requireValid(result.optimized, "the pipeline");
    return { options, std::move(result) };
}

tensorflow::GraphDef smallGraph() {
    Builder b;
    b.placeholder("x", { 2, 2 }).scalar("one", 1).scalar("two", 2).scalar("three", 3);
    b.op("c", "AddV2", { "two", "three" }).op("m", "Mul", { "x", "one" }).op("y", "Mul", { "m", "c" });
    b.op("unused", "Neg", { "x" });
    return b.graph;
}

} // namespace

TEST_CASE("default passes run in grappler's order", "[passes][manager]") {
    std::vector<std::string> names;
    for (const auto& p : defaultPasses()) names.emplace_back(p->name());
    const std::vector<std::string> want{ "model_pruner",
                                         "function_optimizer",
                                         "common_subgraph_elimination",
                                         "constant_folding",
                                         "shape_optimizer",
                                         "arithmetic_optimizer",
                                         "layout",
                                         "remapper",
                                         "elementwise_fusion",
                                         "dependency_optimizer",
                                         "memory_planner" };
    CHECK(names == want);
    for (const auto& p : defaultPasses())
        CHECK(p->runOnce() == (p->name() == "layout" || p->name() == "memory_planner"));
}

TEST_CASE("the manager iterates, snapshots and reports", "[passes][manager]") {
    ManagerOptions options;
    options.fetches = { "y" };
    options.feeds = { "x" };
    options.validate = true;
    const auto g = smallGraph();
    const auto result = optimize(g, options);
    REQUIRE(!result.snapshots.empty());
    // Every pass of iteration 0, then the second iteration without run-once passes.
    const auto passes = defaultPasses();
    for (size_t i = 0; i < passes.size(); ++i) CHECK(result.snapshots[i].pass == passes[i]->name());
    for (const auto& s : result.snapshots) {
        CHECK(s.iteration <= 1);
        if (s.iteration > 0) CHECK((s.pass != "layout" && s.pass != "memory_planner"));
        CHECK(s.millis >= 0);
        REQUIRE(s.graph);
        requireValid(*s.graph, s.pass);
    }
    CHECK(findNode(result.optimized, "unused") == nullptr);
    CHECK(findNode(result.optimized, "m") == nullptr);
    CHECK(findNode(result.optimized, "c")->op() == "Const");
    const auto* y = findNode(result.optimized, "y");
    REQUIRE(y);
    CHECK(y->input(0) == "x");
    // Before and after counts chain from one snapshot to the next.
    for (size_t i = 1; i < result.snapshots.size(); ++i)
        CHECK(result.snapshots[i].nodesBefore == result.snapshots[i - 1].nodesAfter);
    // A pass that changed nothing shares the snapshot before it; one that changed the graph has
    // its own, and it differs from the one before.
    int shared = 0, own = 0;
    std::string previous = deterministicBytes(g);
    for (size_t i = 0; i < result.snapshots.size(); ++i) {
        const auto& s = result.snapshots[i];
        const std::string bytes = deterministicBytes(*s.graph);
        INFO("snapshot " << i << " after " << s.pass);
        CHECK(s.changed == (bytes != previous));
        if (i > 0 && !s.changed) CHECK((s.graph == result.snapshots[i - 1].graph && ++shared));
        if (s.changed) ++own;
        previous = bytes;
    }
    CHECK(own > 0);
    CHECK(shared > 0);
    const Tensor x = randomTensor({ 2, 2 }, 3);
    requireClose(runExecutor(g, { "x" }, { "y" }, { x }), runExecutor(result.optimized, { "x" }, { "y" }, { x }),
                 "optimised");

    const auto report = json::parse(reportJson(result));
    CHECK(report["passes"].size() == result.snapshots.size());
    CHECK(report["nodes_before"].get<int>() == g.node_size());
    CHECK(report["nodes_after"].get<int>() == result.optimized.node_size());
    bool folded = false;
    for (const auto& p : report["passes"])
        for (const auto& c : p["changes"]) folded |= c["node"] == "c" && c["kind"] == "rewritten";
    CHECK(folded);

    SECTION("a graph that stops changing is not iterated again") {
        ManagerOptions o = options;
        const auto again = optimize(result.optimized, o);
        for (const auto& s : again.snapshots) CHECK(s.iteration == 0);
    }
    SECTION("graphs under four nodes are left alone") {
        Builder b;
        b.placeholder("x", {}).op("y", "Neg", { "x" }).op("unused", "Abs", { "x" });
        const auto small = optimize(b.graph, options);
        CHECK(small.optimized.node_size() == 3);
        ManagerOptions all = options;
        all.minGraphNodes = -1;
        CHECK(optimize(b.graph, all).optimized.node_size() == 2);
    }
    SECTION("disabled passes do not run") {
        ManagerOptions o = options;
        o.disabled = { "constant_folding" };
        const auto r = optimize(g, o);
        for (const auto& s : r.snapshots) CHECK(s.pass != "constant_folding");
    }
    SECTION("without fetches, what nobody reads is kept") {
        ManagerOptions o;
        const auto r = optimize(g, o);
        CHECK(findNode(r.optimized, "unused") != nullptr);
        CHECK(findNode(r.optimized, "y") != nullptr);
    }
    SECTION("cancellation stops it") {
        graphlens::CancelToken token;
        token.cancel();
        ManagerOptions o = options;
        o.cancel = &token;
        CHECK_THROWS_AS(optimize(g, o), graphlens::Cancelled);
    }
}

namespace {

// Renames a node's device without saying so: the manager trusts reports, validate checks them.
class SilentRewrite : public Pass {
public:
    std::string_view name() const override { return "silent_rewrite"; }
    void run(tensorflow::GraphDef& graph, const PassOptions&, PassReport&) override {
        graph.mutable_node(0)->set_device("/device:CPU:0");
    }
};

// Records whether the manager lent it an index of the graph it was given, and checks the index.
class IndexProbe : public Pass {
public:
    explicit IndexProbe(std::vector<bool>& lent, bool rewrite)
        : m_lent(lent)
        , m_rewrite(rewrite) { }
    std::string_view name() const override { return "index_probe"; }
    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        m_lent.push_back(options.index != nullptr);
        if (options.index) {
            REQUIRE(&options.index->graph() == &graph);
            REQUIRE(options.index->size() == graph.node_size());
            for (int32_t i = 0; i < graph.node_size(); ++i) REQUIRE(options.index->find(graph.node(i).name()) == i);
        }
        // The last node ("unused") has no readers: renaming it keeps the graph valid, and a
        // stale index would no longer find it.
        auto* last = graph.mutable_node(graph.node_size() - 1);
        if (m_rewrite && !last->name().ends_with("_renamed")) {
            last->set_name(last->name() + "_renamed");
            report.changes.push_back({ ChangeKind::Rewritten, last->name(), last->op(), {}, "renamed" });
        }
    }

private:
    std::vector<bool>& m_lent;
    bool m_rewrite;
};

} // namespace

TEST_CASE("passes report what they change, and share one index while nothing changes", "[passes][manager]") {
    const auto g = smallGraph();
    ManagerOptions options;
    options.minGraphNodes = -1;
    SECTION("a change no report names is caught by validate") {
        std::vector<std::unique_ptr<Pass>> passes;
        passes.push_back(std::make_unique<SilentRewrite>());
        options.validate = true;
        CHECK_THROWS_WITH(optimize(g, options, passes),
                          Catch::Contains("pass silent_rewrite changed the graph without reporting a change"));
        options.validate = false;
        CHECK_NOTHROW(optimize(g, options, passes));
    }
    SECTION("the index is lent, checked against the graph, and rebuilt after a change") {
        std::vector<bool> lent;
        std::vector<std::unique_ptr<Pass>> passes;
        passes.push_back(std::make_unique<IndexProbe>(lent, false));
        passes.push_back(std::make_unique<IndexProbe>(lent, true));
        passes.push_back(std::make_unique<IndexProbe>(lent, false));
        options.iterations = 1;
        options.validate = true;
        const auto result = optimize(g, options, passes);
        CHECK(lent == std::vector<bool>{ true, true, true });
        CHECK(result.optimized.node(result.optimized.node_size() - 1).name() == "unused_renamed");
        CHECK(result.snapshots.at(0).changed == false);
        CHECK(result.snapshots.at(1).changed == true);
    }
}

TEST_CASE("a miss stays reported while it explains the final graph", "[passes][manager][misses]") {
    // The BiasAdd has a second reader: TF fuses MatMul+BiasAdd and leaves the Relu. The second
    // iteration's remapper sees _FusedMatMul + Relu and reports nothing; the first run's miss
    // still explains the lone Relu.
    Builder b;
    b.placeholder("x", { 4, 3 }).constant("w", randomTensor({ 3, 5 }, 1)).constant("bias", randomTensor({ 5 }, 2));
    b.op("mm", "MatMul", { "x", "w" }).op("ba", "BiasAdd", { "mm", "bias" }).op("relu", "Relu", { "ba" });
    b.op("other", "Neg", { "ba" });
    // A chain that fuses leaves no miss (its own weights: CSE would merge it with the first).
    b.constant("w2", randomTensor({ 3, 5 }, 3));
    b.op("mm2", "MatMul", { "x", "w2" }).op("ba2", "BiasAdd", { "mm2", "bias" }).op("relu2", "Relu", { "ba2" });
    ManagerOptions options;
    options.fetches = { "relu", "other", "relu2" };
    options.feeds = { "x" };
    options.validate = true;
    const auto result = optimize(b.graph, options);
    CHECK(findNode(result.optimized, "ba")->op() == "_FusedMatMul");
    CHECK(findNode(result.optimized, "relu")->op() == "Relu");
    CHECK(findNode(result.optimized, "relu2")->op() == "_FusedMatMul");
    REQUIRE(result.misses.size() == 1);
    CHECK(result.misses[0].pattern == "MatMul+BiasAdd+Relu");
    CHECK(result.misses[0].condition == "multiple_consumers");
    CHECK(result.misses[0].nodes.back() == "relu");
    CHECK(reportJson(result).find("multiple_consumers") != std::string::npos);
}

TEST_CASE("library functions are optimised on their own, signatures kept", "[passes][manager]") {
    auto g = parseGraph(R"pb(
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "w" op: "While" input: "x"
               attr { key: "T" value { list { type: DT_FLOAT } } }
               attr { key: "cond" value { func { name: "cond" } } }
               attr { key: "body" value { func { name: "body" } } } }
        node { name: "y" op: "Identity" input: "w" attr { key: "T" value { type: DT_FLOAT } } }
        library {
          function {
            signature { name: "cond" input_arg { name: "v" type: DT_FLOAT } output_arg { name: "ok" type: DT_BOOL } }
            node_def { name: "lim" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
                       attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 100 } } } }
            node_def { name: "lt" op: "Less" input: "v" input: "lim:output:0" attr { key: "T" value { type: DT_FLOAT } } }
            ret { key: "ok" value: "lt:z:0" }
          }
          function {
            signature { name: "body" input_arg { name: "v" type: DT_FLOAT } output_arg { name: "out" type: DT_FLOAT } }
            attr { key: "_keep" value { b: true } }
            node_def { name: "one" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
                       attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 1 } } } }
            node_def { name: "two" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
                       attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 2 } } } }
            node_def { name: "k" op: "Mul" input: "one:output:0" input: "two:output:0" attr { key: "T" value { type: DT_FLOAT } } }
            node_def { name: "m" op: "Mul" input: "v" input: "one:output:0" attr { key: "T" value { type: DT_FLOAT } } }
            node_def { name: "s" op: "Mul" input: "m:z:0" input: "k:z:0" attr { key: "T" value { type: DT_FLOAT } } }
            ret { key: "out" value: "s:z:0" }
          }
        }
    )pb");
    ManagerOptions options;
    options.fetches = { "y" };
    options.feeds = { "x" };
    options.validate = true;
    const auto result = optimize(g, options);
    const tensorflow::FunctionDef* body = nullptr;
    for (const auto& f : result.optimized.library().function())
        if (f.signature().name() == "body") body = &f;
    REQUIRE(body);
    CHECK(body->signature().SerializeAsString() == g.library().function(1).signature().SerializeAsString());
    CHECK(body->attr().count("_keep") == 1);
    bool foldedK = false, mGone = true;
    for (const auto& n : body->node_def()) {
        foldedK |= n.name() == "k" && n.op() == "Const";
        mGone &= n.name() != "m";
    }
    CHECK(foldedK);
    CHECK(mGone);
    bool reported = false;
    for (const auto& s : result.snapshots)
        for (const auto& c : s.report.changes) reported |= c.function == "body" && c.node == "k";
    CHECK(reported);
    const Tensor x = Tensor::scalar<float>(3);
    requireClose(runExecutor(g, { "x" }, { "y" }, { x }), runExecutor(result.optimized, { "x" }, { "y" }, { x }),
                 "while");
}

TEST_CASE("the pipeline keeps the results of graphs recorded from TF", "[passes][manager][oracle]") {
    std::ifstream in(kExecData + "cases.json");
    const json recorded = json::parse(in);
    int checked = 0;
    for (const json& c : recorded["cases"]) {
        const std::string name = c["name"];
        bool plainInputs = true;
        for (const json& call : c["calls"])
            for (const json& i : call["inputs"]) plainInputs &= i.contains("dtype");
        if (!plainInputs || name == "random_uniform") continue; // variables; fresh random draws
        DYNAMIC_SECTION(name) {
            const auto [options, result] = optimizeRecorded(name, c);
            for (const json& call : c["calls"]) {
                std::vector<Tensor> args;
                for (const json& i : call["inputs"]) args.push_back(tensorFromJson(i));
                if (call.contains("error")) {
                    CHECK_THROWS(runExecutor(result.optimized, options.feeds, options.fetches, args));
                    continue;
                }
                const auto got = runExecutor(result.optimized, options.feeds, options.fetches, args);
                std::vector<Tensor> want;
                for (const json& o : call["outputs"]) want.push_back(tensorFromJson(o));
                requireClose(got, want, name + " optimised vs TF");
            }
            ++checked;
        }
    }
    CHECK(checked > 0);
}

TEST_CASE("the pipeline keeps TF1 control flow (conditionals, while loops) computing TF's results",
          "[passes][manager][oracle][v1]") {
    std::ifstream in(kExecData + "cases.json");
    const json recorded = json::parse(in);
    REQUIRE(!recorded["v1_control_flow"].empty());
    for (const json& c : recorded["v1_control_flow"]) {
        const std::string name = c["graph"];
        DYNAMIC_SECTION(name) {
            const auto [options, result] = optimizeRecorded(name, c);
            // Every pass keeps the branches' deadness (the first call, after each snapshot).
            for (const auto& snap : result.snapshots) {
                INFO("after " << snap.pass << " #" << snap.iteration);
                const json& call = c["calls"][0];
                std::vector<Tensor> args, want;
                for (const json& i : call["inputs"]) args.push_back(tensorFromJson(i));
                for (const json& o : call["outputs"]) want.push_back(tensorFromJson(o));
                requireClose(runExecutor(*snap.graph, options.feeds, options.fetches, args), want,
                             name + " after a pass");
            }
            for (const json& call : c["calls"]) {
                std::vector<Tensor> args, want;
                for (const json& i : call["inputs"]) args.push_back(tensorFromJson(i));
                for (const json& o : call["outputs"]) want.push_back(tensorFromJson(o));
                requireClose(runExecutor(result.optimized, options.feeds, options.fetches, args), want,
                             name + " optimised vs TF");
            }
        }
    }
}

TEST_CASE("the pipeline on real models keeps them valid and their results", "[passes][manager][fixtures]") {
    std::ifstream in(kExecData + "cases.json");
    const json recorded = json::parse(in);
    const std::string root = GRAPHLENS_FIXTURES_DIR;
    for (const json& f : recorded["fixtures"]) {
        const std::string path = root + "/" + f["path"].get<std::string>();
        INFO("fixture " << path);
        REQUIRE(std::filesystem::exists(path));
        DYNAMIC_SECTION(f["path"].get<std::string>()) {
            const auto g = readGraphDef(path);
            ManagerOptions options;
            options.fetches = f["fetches"].get<std::vector<std::string>>();
            options.feeds = f["feeds"].get<std::vector<std::string>>();
            const auto result = optimize(g, options);
            requireValid(result.optimized, "the pipeline");
            std::vector<Tensor> args;
            for (const json& i : f["inputs"]) args.push_back(tensorFromJson(i));
            std::vector<Tensor> want;
            for (const json& o : f["outputs"]) want.push_back(tensorFromJson(o));
            requireClose(runExecutor(result.optimized, options.feeds, options.fetches, args), want, "optimised vs TF");
        }
    }
    // Every model of the fixtures: the pipeline leaves a valid graph (no fetches: what nobody
    // reads is kept).
    int models = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        const auto p = entry.path();
        const bool graphFile = p.extension() == ".pb" || p.extension() == ".pbtxt";
        if (!entry.is_regular_file() || !graphFile || p.filename() == "fingerprint.pb") continue;
        std::shared_ptr<const graphlens::graph::Model> model;
        try {
            model = graphlens::io::loadModel(p.string());
        } catch (const std::exception&) {
            continue; // not a graph (event files, checkpoints, broken inputs for reader tests)
        }
        if (model->metaGraphs.empty()) continue;
        DYNAMIC_SECTION(p.string()) {
            const auto g = graphlens::graph::toGraphDef(model->metaGraphs.front());
            ManagerOptions options;
            const auto result = optimize(g, options);
            // Some fixtures are broken on purpose (reader tests): no new problems then.
            const auto before = validate(g);
            if (before.empty()) requireValid(result.optimized, "the pipeline on " + p.string());
            else CHECK(validate(result.optimized).size() <= before.size());
        }
        ++models;
    }
    CHECK(models > 3);
}

namespace {

// <build>/tests/passes/graphlens_passes_tests -> <build>/app/graphlens-cli
std::filesystem::path cliPath() {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : self.parent_path().parent_path().parent_path() / "app" / "graphlens-cli";
}

int runCli(const std::string& args, std::string& err) {
    const auto errPath =
        std::filesystem::temp_directory_path() / ("graphlens_optimize_" + std::to_string(::getpid()) + ".err");
    const std::string command = cliPath().string() + " " + args + " >/dev/null 2>" + errPath.string();
    const int status = std::system(command.c_str());
    std::ifstream in(errPath);
    err.assign(std::istreambuf_iterator<char>(in), {});
    std::filesystem::remove(errPath);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

TEST_CASE("graphlens-cli optimize writes the report and the optimised graph", "[passes][manager][cli]") {
    if (!std::filesystem::exists(cliPath())) {
        WARN("graphlens-cli not found at " << cliPath() << "; build it to run this test");
        return;
    }
    const auto dir = std::filesystem::temp_directory_path() / ("graphlens_optimize_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string model = std::string(GRAPHLENS_FIXTURES_DIR) + "/tf2onnx_fc_layers_frozen/frozen.pb";
    std::string err;
    const auto json = (dir / "report.json").string(), out = (dir / "opt.pbtxt").string();
    REQUIRE(runCli("optimize --json " + json + " --out " + out + " --validate " + model, err) == 0);
    std::ifstream in(json);
    const auto report = json::parse(in);
    CHECK(report["passes"].size() > 0);
    CHECK(report["nodes_after"].get<int>() <= report["nodes_before"].get<int>());
    const auto optimised = readGraphDef(out);
    CHECK(validate(optimised).empty());
    // A SavedModel: its serving signature's graph.
    const std::string saved = std::string(GRAPHLENS_FIXTURES_DIR) + "/serving_half_plus_two_tf2_cpu";
    CHECK(runCli("optimize " + saved, err) == 0);
    // Bad input says what is wrong.
    CHECK(runCli("optimize " + (dir / "missing.pb").string(), err) == 2);
    CHECK(err.find("missing.pb") != std::string::npos);
    CHECK(runCli("optimize --target tpu " + model, err) == 2);
    CHECK(err.find("unknown target") != std::string::npos);
    CHECK(runCli("optimize --out x.png " + model, err) == 2);
    CHECK(runCli("optimize", err) == 2);
    std::filesystem::remove_all(dir);
}

// The executor on graphs real TensorFlow 2.21 traced and ran (tests/oracle/record_exec.py):
// each tf.function's graph runs both as a main graph (feeds/fetches) and as its library
// function, and must give TF's outputs, variable values, printed text and error texts.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/model.h"
#include "core/ops/execute.h"
#include "core/ops/resource.h"
#include "core/tensor/dispatch.h"
#include "core/tensor/errors.h"
#include "tests/exec/exec_test_util.h"

using exectest::makeVariable;
using exectest::tensorFromJson;
using exectest::variableValue;
using graphlens::exec::Executable;
using graphlens::exec::RunOptions;
using graphlens::tensor::DType;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;
using nlohmann::json;

namespace {

const std::string kDataDir = GRAPHLENS_SOURCE_DIR "/tests/exec/data/";

const json& recorded() {
    // Every kernel the graphs run is also checked against its shape function.
    graphlens::ops::setVerifyShapeFunctions(true);
    static const json j = [] {
        std::ifstream in(kDataDir + "cases.json");
        REQUIRE(in);
        return json::parse(in);
    }();
    return j;
}

// Floats within 1e-5 relative (plus `absTol` for sums of many products), everything else exact.
void checkTensor(const Tensor& got, const json& want, const std::string& what, double absTol = 1e-6) {
    INFO(what << ": got " << got.debugString() << "\nwant " << want.dump());
    const Tensor w = tensorFromJson(want);
    REQUIRE(got.dtype() == w.dtype());
    REQUIRE(got.shape() == w.shape());
    if (graphlens::tensor::isFloating(w.dtype())) {
        const auto a = got.toDoubleVector(), b = w.toDoubleVector();
        for (size_t i = 0; i < a.size(); ++i) {
            INFO("element " << i << ": " << a[i] << " vs " << b[i]);
            if (std::isnan(b[i])) CHECK(std::isnan(a[i]));
            else CHECK(std::abs(a[i] - b[i]) <= 1e-5 * std::max(std::abs(a[i]), std::abs(b[i])) + absTol);
        }
    } else if (w.dtype() == DType::String) {
        for (int64_t i = 0; i < w.numElements(); ++i) CHECK(got.data<std::string>()[i] == w.data<std::string>()[i]);
    } else {
        CHECK(got.toInt64Vector() == w.toInt64Vector());
    }
}

// TF's message after the Python traceback, without the " [Op:__inference_f_N]" suffix.
std::string graphErrorCore(const std::string& message) {
    std::string core = message.substr(message.rfind("\n\n") + 2);
    if (const size_t op = core.rfind(" [Op:"); op != std::string::npos) core.erase(op);
    return core;
}

void runCase(const json& c, bool asFunction) {
    const std::string name = c["name"];
    auto model = graphlens::io::loadModel(kDataDir + name + ".pb");
    REQUIRE(model->metaGraphs.size() == 1);
    const auto& mg = model->metaGraphs[0];
    std::shared_ptr<const Executable> exe;
    if (asFunction) {
        exe = Executable::compileFunction(mg.library, c["function"].get<std::string>());
    } else {
        const auto feeds = c["feeds"].get<std::vector<std::string>>();
        const auto fetches = c["fetches"].get<std::vector<std::string>>();
        exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
    }
    REQUIRE(exe->numInputs() == c["feeds"].size());
    REQUIRE(exe->numOutputs() == c["fetches"].size());

    std::vector<Tensor> variables; // handles, created once: TF's calls share the variables too
    int callIndex = 0;
    for (const json& call : c["calls"]) {
        INFO(name << (asFunction ? " as function" : " as graph") << ", call " << callIndex);
        std::vector<Tensor> args;
        size_t v = 0;
        for (const json& in : call["inputs"]) {
            if (!in.contains("variable")) {
                args.push_back(tensorFromJson(in));
                continue;
            }
            if (variables.size() <= v)
                variables.push_back(
                    makeVariable(name + (asFunction ? "/fn/" : "/graph/") + in["variable"].get<std::string>(),
                                 tensorFromJson(in["value"])));
            else checkTensor(variableValue(variables[v]), in["value"], "variable before the call");
            args.push_back(variables[v++]);
        }
        std::string printed;
        RunOptions options;
        options.print = [&](std::string_view stream, std::string_view text) {
            CHECK(stream == "stderr");
            printed += text;
        };
        if (call.contains("error")) {
            try {
                exe->run(args, options);
                FAIL("expected " << call["error"]["class"].get<std::string>());
            } catch (const graphlens::tensor::OpError& e) {
                CHECK(e.pythonName() == call["error"]["class"].get<std::string>());
                CHECK(e.message() == graphErrorCore(call["error"]["message"].get<std::string>()));
            }
        } else {
            const auto outputs = exe->run(args, options);
            REQUIRE(outputs.size() == call["outputs"].size());
            for (size_t i = 0; i < outputs.size(); ++i)
                checkTensor(outputs[i], call["outputs"][i], "output " + std::to_string(i));
        }
        CHECK(printed == call["printed"].get<std::string>());
        for (size_t i = 0; i < call["variables_after"].size(); ++i)
            checkTensor(variableValue(variables[i]), call["variables_after"][i]["value"], "variable after the call");
        ++callIndex;
    }
}

} // namespace

TEST_CASE("tf.function graphs recorded from TF 2.21 run with TF's results", "[exec][oracle]") {
    const json& cases = recorded()["cases"];
    REQUIRE(cases.size() >= 15);
    for (const json& c : cases) {
        DYNAMIC_SECTION(c["name"].get<std::string>() << " as main graph") {
            runCase(c, false);
        }
        DYNAMIC_SECTION(c["name"].get<std::string>() << " as library function") {
            runCase(c, true);
        }
    }
}

TEST_CASE("real frozen GraphDefs run with TF's results", "[exec][oracle][fixtures]") {
    const std::string root = GRAPHLENS_FIXTURES_DIR;
    for (const json& f : recorded()["fixtures"]) {
        const std::string path = root + "/" + f["path"].get<std::string>();
        INFO("fixture " << path);
        REQUIRE(std::filesystem::exists(path));
        DYNAMIC_SECTION(f["path"].get<std::string>()) {
            auto model = graphlens::io::loadModel(path);
            const auto& mg = model->metaGraphs.at(0);
            const auto feeds = f["feeds"].get<std::vector<std::string>>();
            const auto fetches = f["fetches"].get<std::vector<std::string>>();
            auto exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
            std::vector<Tensor> args;
            for (const json& in : f["inputs"]) args.push_back(tensorFromJson(in));
            const auto outputs = exe->run(args);
            REQUIRE(outputs.size() == f["outputs"].size());
            for (size_t i = 0; i < outputs.size(); ++i) checkTensor(outputs[i], f["outputs"][i], "output", 1e-5);

            if (f.contains("whole_graph_feed")) {
                // Compiling the whole graph names every op without a kernel, and where it is.
                const std::vector<std::string> wholeFeeds{ f["whole_graph_feed"].get<std::string>() };
                const std::vector<std::string> wholeFetches{ f["whole_graph_fetch"].get<std::string>() };
                try {
                    Executable::compileGraph(mg.graph, &mg.library, wholeFeeds, wholeFetches);
                    FAIL("expected NotFoundError");
                } catch (const graphlens::tensor::NotFoundError& e) {
                    const std::string msg = e.message();
                    INFO(msg);
                    for (const auto& op : f["missing_ops"])
                        CHECK(msg.find("\n  " + op.get<std::string>() + " (node '") != std::string::npos);
                    CHECK(msg.starts_with("GraphLens has no kernel for " + std::to_string(f["missing_ops"].size()) +
                                          " ops"));
                }
            }
        }
    }
}

TEST_CASE("TF1 conditionals (Switch/Merge) run with TF's results", "[exec][oracle][v1]") {
    REQUIRE(!recorded()["v1_control_flow"].empty());
    for (const json& c : recorded()["v1_control_flow"]) {
        const std::string name = c["graph"];
        auto model = graphlens::io::loadModel(kDataDir + name + ".pb");
        const auto& mg = model->metaGraphs.at(0);
        const auto feeds = c["feeds"].get<std::vector<std::string>>();
        const auto fetches = c["fetches"].get<std::vector<std::string>>();
        auto exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
        const std::string plan = exe->describe();
        CHECK(plan.find(" switch ") != std::string::npos);
        CHECK(plan.find(" merge ") != std::string::npos);
        int callIndex = 0;
        for (const json& call : c["calls"]) {
            INFO(name << ", call " << callIndex++);
            std::vector<Tensor> args;
            for (const json& in : call["inputs"]) args.push_back(tensorFromJson(in));
            const auto outputs = exe->run(args);
            REQUIRE(outputs.size() == call["outputs"].size());
            for (size_t i = 0; i < outputs.size(); ++i) checkTensor(outputs[i], call["outputs"][i], "output", 1e-5);
        }
        if (name == "v1_cond") {
            INFO("a fetch from the branch not taken has no value");
            // cond/Switch's true output feeds the batch statistics: with training false it is dead.
            std::string deadFetch;
            for (const auto& n : mg.graph.nodes())
                if (n.op() == "Switch" && deadFetch.empty()) deadFetch = n.name() + ":1";
            REQUIRE(!deadFetch.empty());
            const std::vector<std::string> deadFetches{ deadFetch };
            auto partial = Executable::compileGraph(mg.graph, &mg.library, feeds, deadFetches);
            std::vector<Tensor> args;
            for (const json& in : c["calls"][1]["inputs"]) args.push_back(tensorFromJson(in));
            REQUIRE(!args[1].item<bool>());
            CHECK_THROWS_WITH(partial->run(args), Catch::Contains("Retval[0] does not have value"));
        }
    }
}

TEST_CASE("TF1 reference variables run as TF's Session ran them", "[exec][oracle][v1]") {
    REQUIRE(!recorded()["v1_variables"].empty());
    for (const json& m : recorded()["v1_variables"]) {
        const std::string path = std::string(GRAPHLENS_FIXTURES_DIR) + "/" + m["path"].get<std::string>();
        INFO("fixture " << path);
        REQUIRE(std::filesystem::exists(path));
        auto model = graphlens::io::loadModel(path);
        const auto& mg = model->metaGraphs.at(0);
        // The variable is restored from the checkpoint, then every call sees the previous calls'
        // updates (Assign, AssignAdd) as TF's one Session did.
        REQUIRE(graphlens::exec::restoreVariables(*model, mg) == 1);
        int callIndex = 0;
        for (const json& call : m["calls"]) {
            INFO(call["signature"].get<std::string>() << ", call " << callIndex++);
            const auto feeds = call["feeds"].get<std::vector<std::string>>();
            const std::vector<std::string> fetches{ call["fetch"].get<std::string>() };
            auto exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
            std::vector<Tensor> args;
            for (const json& in : call["inputs"]) args.push_back(tensorFromJson(in));
            const auto outputs = exe->run(args);
            REQUIRE(outputs.size() == 1);
            checkTensor(outputs[0], call["output"], "output", 1e-6);
        }
    }
}

TEST_CASE("SavedModel signatures run with restored variables as TF ran them", "[exec][oracle][savedmodel]") {
    for (const json& s : recorded()["saved_models"]) {
        const std::string root = s["root"] == "repo" ? GRAPHLENS_SOURCE_DIR : GRAPHLENS_FIXTURES_DIR;
        const std::string path = root + "/" + s["path"].get<std::string>();
        INFO("fixture " << path);
        REQUIRE(std::filesystem::exists(path));
        DYNAMIC_SECTION(s["path"].get<std::string>()) {
            auto model = graphlens::io::loadModel(path);
            const auto& mg = model->metaGraphs.at(0);
            const auto* sig = mg.signature(s["signature"].get<std::string>());
            REQUIRE(sig);
            std::vector<std::string> skipped;
            CHECK(graphlens::exec::restoreVariables(*model, mg, nullptr, &skipped) > 0);
            // Variables the checkpoint lacks (none in these models) would make the run fail below.
            INFO("skipped: " << skipped.size() << (skipped.empty() ? "" : " first " + skipped.front()));
            std::vector<std::string> feeds, fetches;
            std::vector<Tensor> args;
            for (const auto& in : sig->inputs) {
                feeds.push_back(in.tensorName);
                args.push_back(tensorFromJson(s["inputs"][in.key]));
            }
            for (const auto& out : sig->outputs) fetches.push_back(out.tensorName);
            auto exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
            const auto outputs = exe->run(args);
            REQUIRE(outputs.size() == sig->outputs.size());
            for (size_t i = 0; i < outputs.size(); ++i)
                checkTensor(outputs[i], s["outputs"][sig->outputs[i].key], sig->outputs[i].key, 1e-6);
        }
    }
}

TEST_CASE("an unfed placeholder fails when it runs, in TF's words", "[exec][oracle]") {
    for (const json& u : recorded()["unfed_placeholders"]) {
        auto model = graphlens::io::loadModel(kDataDir + u["graph"].get<std::string>() + ".pb");
        const auto& mg = model->metaGraphs.at(0);
        const auto feeds = u["feeds"].get<std::vector<std::string>>();
        const auto fetches = u["fetches"].get<std::vector<std::string>>();
        auto exe = Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
        std::vector<Tensor> args;
        for (const json& in : u["inputs"]) args.push_back(tensorFromJson(in));
        const std::string message = u["error"]["message"];
        // TF's text after the Python traceback ("Node: 'y'\n" ends it).
        const std::string expected = message.substr(message.find("\nYou must feed") + 1);
        try {
            exe->run(args);
            FAIL("expected an error");
        } catch (const graphlens::tensor::OpError& e) {
            CHECK(e.pythonName() == u["error"]["class"].get<std::string>());
            CHECK(e.message() == expected);
        }
    }
}

TEST_CASE("kernels added for traced graphs give TF's results and errors", "[exec][oracle][kernels]") {
    for (const json& k : recorded()["kernels"]) {
        const std::string op = k["op"];
        std::vector<Tensor> inputs;
        for (const json& in : k["inputs"]) inputs.push_back(tensorFromJson(in));
        INFO(op << " " << k["inputs"].dump());
        if (k.contains("error")) {
            std::string want = k["error"]["message"];
            if (want.ends_with(" name: ")) want.erase(want.size() - 7); // Python's wrapper adds it
            try {
                graphlens::ops::execute(op, inputs);
                FAIL("expected " << want);
            } catch (const graphlens::tensor::OpError& e) {
                CHECK(e.pythonName() == k["error"]["class"].get<std::string>());
                CHECK(e.message() == want);
            }
        } else {
            const auto outputs = graphlens::ops::execute(op, inputs);
            REQUIRE(outputs.size() == k["outputs"].size());
            for (size_t i = 0; i < outputs.size(); ++i) checkTensor(outputs[i], k["outputs"][i], "output");
        }
    }
}

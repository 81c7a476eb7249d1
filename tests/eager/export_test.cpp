// Export of traced functions (core/eager/export.cpp): the SavedModels GraphLens writes for
// tests/eager/export_cases/*.py were loaded and run by real TensorFlow 2.21
// (tests/oracle/record_export.py records TF's outputs in expected.json). Here the same functions
// are exported again, read back with GraphLens's model loader and run on its executor; the
// outputs must equal what TF computed from the export.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/eager/eager.h"
#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/model.h"
#include "core/lang/interp.h"

namespace {

using graphlens::tensor::DType;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;

const std::string kCases = std::string(GRAPHLENS_SOURCE_DIR) + "/tests/eager/export_cases";

std::string readFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void flatten(const nlohmann::json& v, std::vector<double>& out, std::vector<int64_t>& shape, size_t depth) {
    if (!v.is_array()) {
        out.push_back(v.get<double>());
        return;
    }
    if (shape.size() <= depth) shape.push_back(int64_t(v.size()));
    for (const auto& x : v) flatten(x, out, shape, depth + 1);
}

Tensor tensorOf(const nlohmann::json& v, DType dtype) {
    std::vector<double> values;
    std::vector<int64_t> shape;
    flatten(v, values, shape, 0);
    if (dtype == DType::Int32) {
        std::vector<int32_t> x(values.begin(), values.end());
        return Tensor::fromVector(x, TensorShape(shape));
    }
    std::vector<float> x(values.begin(), values.end());
    return Tensor::fromVector(x, TensorShape(shape));
}

} // namespace

TEST_CASE("exported SavedModels run on GraphLens as they ran on real TF", "[eager][export]") {
    graphlens::eager::registerModules();
    const auto expected = nlohmann::json::parse(readFile(kCases + "/expected.json"));
    const auto cases = nlohmann::json::parse(readFile(kCases + "/cases.json"));
    REQUIRE(expected.size() == 3);
    for (const auto& [name, rec] : expected.items()) {
        INFO(name);
        const auto dir = std::filesystem::temp_directory_path() / ("graphlens_export_test_" + name);
        std::filesystem::remove_all(dir);
        graphlens::lang::Interpreter in;
        std::string out, err;
        in.setOut([&](std::string_view s) { out += s; });
        in.setErr([&](std::string_view s) { err += s; });
        auto r = in.runSource(readFile(kCases + "/" + name + ".py"), name + ".py");
        INFO(err);
        REQUIRE(r.ok);
        CHECK(out == rec["graphlens_stdout"].get<std::string>());
        REQUIRE(graphlens::eager::exportConcreteFunction(in, "predict", dir.string()).empty());

        auto model = graphlens::io::loadModel(dir.string());
        REQUIRE(model->metaGraphs.size() == 1);
        const auto& mg = model->metaGraphs[0];
        const auto* sig = mg.signature("serving_default");
        REQUIRE(sig);
        std::vector<std::string> inputKeys;
        for (const auto& i : sig->inputs) inputKeys.push_back(i.key);
        CHECK(inputKeys == rec["signature_inputs"].get<std::vector<std::string>>());
        std::vector<std::string> none, targets{ "saver_init_op" };
        graphlens::exec::Executable::compileGraph(mg.graph, &mg.library, none, none, targets)->run({});
        std::vector<std::string> feeds, fetches;
        for (const auto& i : sig->inputs) feeds.push_back(i.tensorName);
        for (const auto& o : sig->outputs) fetches.push_back(o.tensorName);
        auto exe = graphlens::exec::Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
        const auto& calls = rec["tf_outputs"];
        for (size_t c = 0; c < calls.size(); ++c) {
            std::vector<Tensor> args;
            for (const auto& i : sig->inputs)
                args.push_back(tensorOf(cases[name]["inputs"][i.key][c], static_cast<DType>(i.dtype)));
            auto res = exe->run(args);
            REQUIRE(res.size() == sig->outputs.size());
            for (size_t k = 0; k < res.size(); ++k) {
                std::vector<double> want;
                std::vector<int64_t> shape;
                flatten(calls[c][sig->outputs[k].key], want, shape, 0);
                auto got = res[k].toDoubleVector();
                REQUIRE(got.size() == want.size());
                for (size_t e = 0; e < got.size(); ++e) CHECK(got[e] == Approx(want[e]).epsilon(1e-5));
            }
        }
        std::filesystem::remove_all(dir);
    }
}

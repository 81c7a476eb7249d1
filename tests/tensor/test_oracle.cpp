// Op results and error texts against real TensorFlow 2.21 (tests/oracle/record_ops.py).
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/tensor/dispatch.h"
#include "tests/json_tensor.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;
using nlohmann::json;
using testjson::tensorFromJson;

namespace {

AttrValue attrFromJson(const json& j) {
    if (j.contains("type")) return graphlens::tensor::dtypeFromName(j["type"].get<std::string>());
    if (j.contains("b")) return j["b"].get<bool>();
    if (j.contains("i")) return j["i"].get<int64_t>();
    if (j.contains("f")) return j["f"].get<float>();
    if (j.contains("s")) return j["s"].get<std::string>();
    return j["list_i"].get<std::vector<int64_t>>();
}

void compare(const Tensor& got, const Tensor& want) {
    REQUIRE(got.dtype() == want.dtype());
    REQUIRE(got.shape() == want.shape());
    if (want.dtype() == DType::String) {
        for (int64_t i = 0; i < want.numElements(); ++i)
            CHECK(got.data<std::string>()[i] == want.data<std::string>()[i]);
        return;
    }
    const auto g = got.toDoubleVector(), w = want.toDoubleVector();
    const double tol = want.dtype() == DType::Float32 ? 2e-5 : 1e-9;
    for (size_t i = 0; i < w.size(); ++i) {
        INFO("element " << i << ": " << g[i] << " vs TF " << w[i]);
        if (std::isnan(w[i])) CHECK(std::isnan(g[i]));
        else if (std::isinf(w[i])) CHECK(g[i] == w[i]);
        else CHECK(std::abs(g[i] - w[i]) <= tol * (1 + std::abs(w[i])));
    }
}

} // namespace

TEST_CASE("ops match values and errors recorded from TensorFlow") {
    std::ifstream in(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/ops.json");
    REQUIRE(in.good());
    const json doc = json::parse(in);
    int compared = 0;
    for (const auto& c : doc["cases"]) {
        const std::string op = c["op"];
        std::vector<Tensor> inputs;
        for (const auto& t : c["inputs"]) inputs.push_back(tensorFromJson(t));
        AttrMap attrs;
        for (const auto& [name, value] : c["attrs"].items()) attrs.set(name, attrFromJson(value));
        INFO("case " << compared << ": " << op << " " << c["attrs"].dump());
        ++compared;
        if (c.contains("error")) {
            const std::string want =
                c["error"]["class"].get<std::string>() + ": " + c["error"]["message"].get<std::string>();
            std::string got = errorOf([&] { execute(op, inputs, attrs); });
            // TF lists every kernel registered for the op (XLA's too); compare what both know.
            if (want.rfind("NotFoundError: Could not find device", 0) == 0) {
                CHECK(got.substr(0, got.find('\n')) == want.substr(0, want.find('\n')));
                continue;
            }
            CHECK(got == want);
            continue;
        }
        std::vector<Tensor> outs;
        REQUIRE_NOTHROW(outs = execute(op, inputs, attrs));
        const auto& expected = c["outputs"];
        REQUIRE(outs.size() == expected.size());
        const auto skip = c.value("skip_outputs", std::vector<int>{});
        for (size_t k = 0; k < outs.size(); ++k) {
            if (std::find(skip.begin(), skip.end(), static_cast<int>(k)) != skip.end()) continue;
            INFO("output " << k);
            compare(outs[k], tensorFromJson(expected[k]));
        }
    }
    CHECK(compared > 100);
}

// Float Sum/Mean bit for bit against TF 2.21's CPU kernels (tests/oracle/record_reduce.py).
#include <bit>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;

namespace {

// The recorder's generator: mixed magnitudes, exact in float32.
template<class T> std::vector<T> lcgValues(uint32_t state, int64_t n) {
    std::vector<T> out(static_cast<size_t>(n));
    for (T& v : out) {
        state = state * 1664525u + 1013904223u;
        const double u = static_cast<double>(state >> 8) / 16777216.0 * 2.0 - 1.0;
        state = state * 1664525u + 1013904223u;
        const int e = static_cast<int>(state >> 27) - 16;
        v = static_cast<T>(std::ldexp(u, e));
    }
    return out;
}

template<class T, class Bits> std::string mismatches(const nlohmann::json& c) {
    std::vector<int64_t> dims = c.at("shape").get<std::vector<int64_t>>();
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    const Tensor x = Tensor::fromVector(lcgValues<T>(c.at("seed").get<uint32_t>(), n), TensorShape(dims));
    Tensor axes;
    if (c.at("axes").is_null()) {
        std::vector<int32_t> all;
        for (size_t i = 0; i < dims.size(); ++i) all.push_back(static_cast<int32_t>(i));
        axes = Tensor::fromVector(all);
    } else {
        axes = Tensor::fromVector(c.at("axes").get<std::vector<int32_t>>());
    }
    const Tensor y =
        run(c.at("op").get<std::string>(), { x, axes }, { { "keep_dims", c.at("keep_dims").get<bool>() } });
    if (y.shape() != TensorShape(c.at("out_shape").get<std::vector<int64_t>>())) return "shape " + y.shape().str();
    std::istringstream want(c.at("bits").get<std::string>());
    std::ostringstream bad;
    int64_t i = 0;
    for (std::string hex; want >> hex; ++i) {
        const auto got = std::bit_cast<Bits>(y.data<T>()[i]);
        const auto expected = static_cast<Bits>(std::stoull(hex, nullptr, 16));
        if (got != expected && bad.tellp() < 200)
            bad << " [" << i << "] " << std::hexfloat << y.data<T>()[i] << " vs TF " << std::bit_cast<T>(expected);
    }
    if (i != y.numElements()) return "element count";
    return bad.str();
}

} // namespace

TEST_CASE("float Sum and Mean match TF 2.21 bit for bit") {
    std::ifstream in(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/reduce_sum_mean.json");
    REQUIRE(in);
    const nlohmann::json rec = nlohmann::json::parse(in);
    const auto& cases = rec.at("cases");
    REQUIRE(cases.size() > 1000);
    int failed = 0;
    for (const auto& c : cases) {
        const std::string err =
            c.at("dtype") == "float32" ? mismatches<float, uint32_t>(c) : mismatches<double, uint64_t>(c);
        if (err.empty()) continue;
        ++failed;
        if (failed <= 20)
            FAIL_CHECK(c.at("op").get<std::string>()
                       << " " << c.at("dtype").get<std::string>() << " shape " << c.at("shape").dump() << " axes "
                       << c.at("axes").dump() << " keep " << c.at("keep_dims") << ":" << err);
    }
    CHECK(failed == 0);
}

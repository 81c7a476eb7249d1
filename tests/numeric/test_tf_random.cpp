// TensorFlow's Philox kernels, stateless key/counter, eager seed rules and Keras initializer
// seeds against TF 2.21 / Keras 3 recordings.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/numeric/mt19937.h"
#include "core/numeric/tf_random.h"
#include "expected.h"

using namespace graphlens::numeric;
using graphlens::numeric::test::compareStream;
using graphlens::numeric::test::expectedFile;
using graphlens::numeric::test::shapeSize;

namespace {

// Fills `n` values of the recorded dtype with a float-kind distribution and compares.
template<class Fill> std::string floatKind(const nlohmann::json& c, size_t n, Fill fill) {
    const std::string dtype = c.at("dtype");
    if (dtype == "float32") {
        std::vector<float> v(n);
        fill(std::span<float>(v));
        return compareStream<float>(c, v);
    }
    if (dtype == "float64") {
        std::vector<double> v(n);
        fill(std::span<double>(v));
        return compareStream<double>(c, v);
    }
    if (dtype == "float16") {
        std::vector<Half> v(n);
        fill(std::span<Half>(v));
        return compareStream<Half>(c, v);
    }
    if (dtype == "bfloat16") {
        std::vector<BFloat16> v(n);
        fill(std::span<BFloat16>(v));
        return compareStream<BFloat16>(c, v);
    }
    return "unexpected dtype " + dtype;
}

std::string intKind(const nlohmann::json& c, Philox4x32 gen, size_t n) {
    const std::string dtype = c.at("dtype");
    if (dtype == "int32") {
        std::vector<int32_t> v(n);
        tfUniformInt(gen, c.at("minval").get<int32_t>(), c.at("maxval").get<int32_t>(), std::span<int32_t>(v));
        return compareStream<int32_t>(c, v);
    }
    std::vector<int64_t> v(n);
    tfUniformInt(gen, c.at("minval").get<int64_t>(), c.at("maxval").get<int64_t>(), std::span<int64_t>(v));
    return compareStream<int64_t>(c, v);
}

template<class T> std::string fullInt(const nlohmann::json& c, Philox4x32 gen, size_t n) {
    std::vector<T> v(n);
    tfUniformFullInt(gen, std::span<T>(v));
    return compareStream<T>(c, v);
}

std::string runStateful(const nlohmann::json& c) {
    const std::string op = c.at("op");
    const size_t n = c.at("n");
    const Philox4x32 gen(c.at("seed").get<uint64_t>(), c.at("seed2").get<uint64_t>());
    if (op == "RandomUniform") return floatKind(c, n, [&](auto s) { tfUniform(gen, s); });
    if (op == "RandomStandardNormal") return floatKind(c, n, [&](auto s) { tfNormal(gen, s); });
    if (op == "TruncatedNormal") return floatKind(c, n, [&](auto s) { tfTruncatedNormal(gen, s); });
    if (op == "RandomUniformInt") return intKind(c, gen, n);
    if (op == "RandomUniform x3 cached") {
        TfEagerRandom eager;
        eager.setGlobalSeed(0);
        std::vector<float> all(12);
        tfUniform(eager.reserve("RandomUniform:float32", 3, 4, 5), std::span<float>(all).subspan(0, 5));
        tfUniform(eager.reserve("RandomUniform:float32", 3, 4, 5), std::span<float>(all).subspan(5, 5));
        tfUniform(eager.reserve("RandomUniform:float32", 3, 4, 2), std::span<float>(all).subspan(10, 2));
        return compareStream<float>(c, all);
    }
    return "unknown op " + op;
}

std::string runStateless(const nlohmann::json& c) {
    const std::string op = c.at("op");
    const auto& seed = c.at("seed");
    const TfKeyCounter kc = tfStatelessKeyCounter(seed[0].get<int64_t>(), seed[1].get<int64_t>());
    if (op == "GetKeyCounter") {
        for (const char* k : { "key", "key64" })
            if (c.at(k)[0].get<uint64_t>() != kc.key) return std::string("key differs: ") + k;
        for (const char* k : { "counter", "counter64" })
            if (c.at(k)[0].get<uint64_t>() != kc.counter[0] || c.at(k)[1].get<uint64_t>() != kc.counter[1])
                return std::string("counter differs: ") + k;
        return {};
    }
    const Philox4x32 gen = kc.generator();
    const size_t n = c.at("n");
    if (op == "stateless_uniform") return floatKind(c, n, [&](auto s) { tfUniform(gen, s); });
    if (op == "stateless_normal") return floatKind(c, n, [&](auto s) { tfNormal(gen, s); });
    if (op == "stateless_truncated_normal") return floatKind(c, n, [&](auto s) { tfTruncatedNormal(gen, s); });
    if (op == "stateless_uniform -2.5 4") {
        std::vector<float> v(n);
        tfUniform(gen, std::span<float>(v));
        const float range = 4.0f - -2.5f;
        for (float& x : v) x = x * range + -2.5f;
        return compareStream<float>(c, v);
    }
    if (op == "stateless_normal 0.5 3") {
        std::vector<float> v(n);
        tfNormal(gen, std::span<float>(v));
        for (float& x : v) x = x * 3.0f + 0.5f;
        return compareStream<float>(c, v);
    }
    if (op == "stateless_uniform_int") return intKind(c, gen, n);
    if (op == "stateless_uniform_full_int") {
        const std::string dtype = c.at("dtype");
        if (dtype == "int32") return fullInt<int32_t>(c, gen, n);
        if (dtype == "uint32") return fullInt<uint32_t>(c, gen, n);
        if (dtype == "int64") return fullInt<int64_t>(c, gen, n);
        return fullInt<uint64_t>(c, gen, n);
    }
    return "unknown op " + op;
}

} // namespace

TEST_CASE("TF stateful random kernels match TF", "[numeric][random][tf]") {
    const auto& cases = expectedFile("numeric_tf_random.json").at("stateful");
    REQUIRE(cases.size() > 100);
    for (const auto& c : cases) {
        INFO(c.at("op").get<std::string>() << " " << c.at("dtype").get<std::string>() << " seeds " << c.at("seed")
                                           << "," << c.at("seed2") << " shape " << c.at("shape"));
        CHECK(runStateful(c) == "");
    }
}

TEST_CASE("TF stateless random ops match TF", "[numeric][random][tf]") {
    const auto& cases = expectedFile("numeric_tf_random.json").at("stateless");
    REQUIRE(cases.size() > 100);
    for (const auto& c : cases) {
        INFO(c.at("op").get<std::string>() << " " << c.value("dtype", std::string()) << " seed " << c.at("seed")
                                           << " shape " << c.value("shape", nlohmann::json()));
        CHECK(runStateless(c) == "");
    }
}

TEST_CASE("TF eager seed rules match random_seed.get_seed", "[numeric][random][tf]") {
    for (const auto& r : expectedFile("numeric_tf_random.json").at("seed_rules")) {
        INFO("global " << r.at("global") << " op " << r.at("op_seed"));
        TfEagerRandom eager;
        std::optional<int64_t> global;
        if (!r.at("global").is_null()) global = r.at("global").get<int64_t>();
        std::optional<int64_t> op;
        if (!r.at("op_seed").is_null()) op = r.at("op_seed").get<int64_t>();
        eager.setGlobalSeed(global);
        for (const auto& s : r.at("seeds")) {
            const auto got = eager.getSeed(op);
            REQUIRE(got);
            CHECK(got->first == s[0].get<int64_t>());
            CHECK(got->second == s[1].get<int64_t>());
        }
        if (r.contains("with_op_seed_7")) {
            eager.setGlobalSeed(global);
            CHECK(eager.getSeed(7)->second == r.at("with_op_seed_7")[1].get<int64_t>());
        }
        if (r.contains("op_seed_0")) {
            CHECK(eager.getSeed(0)->first == r.at("op_seed_0")[0].get<int64_t>());
            CHECK(eager.getSeed(0)->second == r.at("op_seed_0")[1].get<int64_t>());
        }
    }
    TfEagerRandom none;
    none.setGlobalSeed(std::nullopt);
    CHECK_FALSE(none.getSeed(std::nullopt));
}

namespace {

// tf.random.uniform / normal / truncated_normal in eager mode, as the runtime would run them.
template<class Fill>
std::vector<float> eagerFloat(TfEagerRandom& eager, const std::string& op, std::optional<int64_t> opSeed, size_t n,
                              Fill fill) {
    const auto seeds = eager.getSeed(opSeed);
    std::vector<float> v(n);
    fill(eager.reserve(op + ":float32", seeds->first, seeds->second, n), std::span<float>(v));
    return v;
}

} // namespace

TEST_CASE("TF eager random sequences after tf.random.set_seed", "[numeric][random][tf]") {
    const auto& eagerCases = expectedFile("numeric_tf_random.json").at("eager");
    auto uniform = [](Philox4x32 g, std::span<float> s) { tfUniform(g, s); };
    auto normal = [](Philox4x32 g, std::span<float> s) { tfNormal(g, s); };
    auto truncated = [](Philox4x32 g, std::span<float> s) { tfTruncatedNormal(g, s); };
    {
        const auto& vals = eagerCases.at(0).at("values");
        TfEagerRandom eager;
        eager.setGlobalSeed(42);
        CHECK(compareStream<float>(vals[0], eagerFloat(eager, "RandomUniform", {}, 3, uniform)) == "");
        CHECK(compareStream<float>(vals[1], eagerFloat(eager, "RandomUniform", {}, 3, uniform)) == "");
        CHECK(compareStream<float>(vals[2], eagerFloat(eager, "RandomStandardNormal", {}, 2, normal)) == "");
        CHECK(compareStream<float>(vals[3], eagerFloat(eager, "RandomUniform", 7, 3, uniform)) == "");
        // Same op seed: the cached kernel continues its stream.
        CHECK(compareStream<float>(vals[4], eagerFloat(eager, "RandomUniform", 7, 3, uniform)) == "");
    }
    {
        const auto& vals = eagerCases.at(1).at("values");
        TfEagerRandom eager;
        eager.setGlobalSeed(1);
        auto u = eagerFloat(eager, "RandomUniform", {}, 4, uniform);
        const float range = 1.0f - -1.0f;
        for (float& x : u) x = x * range + -1.0f;
        CHECK(compareStream<float>(vals[0], u) == "");
        auto t = eagerFloat(eager, "TruncatedNormal", {}, 4, truncated);
        for (float& x : t) x = x * 0.5f + 0.0f;
        CHECK(compareStream<float>(vals[1], t) == "");
        const auto seeds = eager.getSeed({});
        std::vector<int32_t> ints(3);
        tfUniformInt(eager.reserve("RandomUniformInt:int32", seeds->first, seeds->second, 3), 0, 10,
                     std::span<int32_t>(ints));
        CHECK(compareStream<int32_t>(vals[2], ints) == "");
    }
}

namespace {

// keras.random.uniform / normal with an int seed s: stateless ops with seed [s mod (2**31 - 2), 0].
Philox4x32 kerasGenerator(int64_t seed) {
    return tfStatelessKeyCounter(seed % 2147483646, 0).generator();
}

// VarianceScaling(scale=1, mode=fan_avg, distribution=uniform), i.e. GlorotUniform.
std::vector<float> glorotUniform(int64_t seed, int64_t fanIn, int64_t fanOut) {
    const double limit = std::sqrt(3.0 * (1.0 / std::max(1.0, (fanIn + fanOut) / 2.0)));
    std::vector<float> v(static_cast<size_t>(fanIn * fanOut));
    tfUniform(kerasGenerator(seed), std::span<float>(v));
    const float lo = static_cast<float>(-limit);
    const float hi = static_cast<float>(limit);
    for (float& x : v) x = x * (hi - lo) + lo;
    return v;
}

} // namespace

TEST_CASE("Keras initializers and Dense weights", "[numeric][random][keras]") {
    const auto& cases = expectedFile("numeric_tf_random.json").at("keras");
    CHECK(compareStream<float>(cases.at(0), glorotUniform(1, 3, 2)) == "");
    {
        // GlorotNormal: truncated normal with stddev sqrt(scale) / .87962566103423978.
        const double stddev = std::sqrt(1.0 / ((4 + 3) / 2.0)) / .87962566103423978;
        std::vector<float> v(12);
        tfTruncatedNormal(kerasGenerator(5), std::span<float>(v));
        for (float& x : v) x = x * static_cast<float>(stddev) + 0.0f;
        CHECK(compareStream<float>(cases.at(1), v) == "");
    }
    {
        const double stddev = std::sqrt(2.0 / 5) / .87962566103423978; // HeNormal, fan_in 5
        std::vector<float> v(25);
        tfTruncatedNormal(kerasGenerator(2), std::span<float>(v));
        for (float& x : v) x = x * static_cast<float>(stddev) + 0.0f;
        CHECK(compareStream<float>(cases.at(2), v) == "");
    }
    {
        std::vector<float> v(6);
        tfUniform(kerasGenerator(9), std::span<float>(v));
        const float lo = -0.05f;
        const float hi = 0.05f;
        for (float& x : v) x = x * (hi - lo) + lo;
        CHECK(compareStream<float>(cases.at(3), v) == "");
    }
    // keras.utils.set_random_seed(s) seeds Python's `random`; each initializer built without a
    // seed takes random.randint(1, 10**9) when the layer is constructed.
    for (size_t i = 4; i < cases.size(); i += 2) {
        const int64_t s = cases.at(i).at("python_seed");
        INFO("python seed " << s);
        PythonRandom py(s);
        CHECK(compareStream<float>(cases.at(i), glorotUniform(py.randint(1, 1000000000), 3, 4)) == "");
        PythonRandom py2(s);
        auto a = glorotUniform(py2.randint(1, 1000000000), 5, 2);
        const auto b = glorotUniform(py2.randint(1, 1000000000), 2, 3);
        a.insert(a.end(), b.begin(), b.end());
        CHECK(compareStream<float>(cases.at(i + 1), a) == "");
    }
}

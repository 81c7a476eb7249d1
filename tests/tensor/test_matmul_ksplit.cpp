// Float32 MatMul bit for bit against TF 2.21 where k is split into blocks
// (tests/oracle/record_matmul_ksplit.py; the rule: core/ops/gemm.cpp, tf_split). TF's split
// depends on the machine (its intra-op thread count and L1 size pick the strategy and the block
// depths): the records and our model are the reference machine's, 2 cores with a 48 KiB L1d.
#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/ops/gemm.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;

namespace {

std::vector<uint32_t> lcg(uint32_t state, int64_t n) {
    std::vector<uint32_t> out(static_cast<size_t>(n));
    for (uint32_t& v : out) v = state = state * 1664525u + 1013904223u;
    return out;
}

// The recorder's inputs: A integers 0..255, B below 2^-5 in magnitude with 24 significant bits.
struct Inputs {
    std::vector<float> a, b; // row-major m x k and k x n
};

Inputs inputs(uint32_t seed, int64_t m, int64_t k, int64_t n) {
    Inputs in;
    for (uint32_t u : lcg(seed, m * k)) in.a.push_back(static_cast<float>(u >> 24));
    for (uint32_t u : lcg(seed ^ 0x5BD1E995u, k * n))
        in.b.push_back(static_cast<float>(std::ldexp(static_cast<double>(u >> 8) - 8388608.0, -28)));
    return in;
}

std::vector<float> transposed(const std::vector<float>& x, int64_t rows, int64_t cols) {
    std::vector<float> t(x.size());
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) t[static_cast<size_t>(j * rows + i)] = x[static_cast<size_t>(i * cols + j)];
    return t;
}

std::string fnv1a(const float* p, int64_t n) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int64_t i = 0; i < n; ++i) {
        const uint32_t bits = std::bit_cast<uint32_t>(p[i]);
        for (int s = 0; s < 32; s += 8) h = (h ^ ((bits >> s) & 0xFF)) * 0x100000001B3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string strategy(int64_t m, int64_t n, int64_t k) {
    const GemmDepthPlan plan = tfMatMulDepthPlan(m, n, k);
    std::ostringstream s;
    s << plan.groupEnd.size() << " group(s), blocks";
    for (const auto& [p0, kc] : plan.blocks) s << " " << kc;
    return s.str();
}

struct Case {
    int64_t m, k, n;
    bool ta, tb;
    Inputs in;
    std::vector<float> a, b; // as stored: transposed where the case says
    std::string hash, first;
};

Case load(const nlohmann::json& c) {
    Case t{ c.at("m"), c.at("k"), c.at("n"), c.at("transpose_a"), c.at("transpose_b"),
            {},        {},        {},        c.at("fnv1a"),       c.at("first") };
    t.in = inputs(c.at("seed").get<uint32_t>(), t.m, t.k, t.n);
    t.a = t.ta ? transposed(t.in.a, t.m, t.k) : t.in.a;
    t.b = t.tb ? transposed(t.in.b, t.k, t.n) : t.in.b;
    return t;
}

std::string check(const Case& t, const std::vector<float>& out) {
    const std::string got = fnv1a(out.data(), t.m * t.n);
    if (got == t.hash) return "";
    std::ostringstream s;
    s << "hash " << got << " vs TF " << t.hash << "; first bits";
    for (size_t i = 0; i < 4 && i < out.size(); ++i) s << " " << std::hex << std::bit_cast<uint32_t>(out[i]);
    s << " vs TF " << t.first << "; " << strategy(t.m, t.n, t.k);
    return s.str();
}

nlohmann::json records() {
    std::ifstream in(std::string(GRAPHLENS_TEST_DATA_DIR) + "/expected/matmul_ksplit.json");
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

} // namespace

TEST_CASE("float32 MatMul splits k as TF 2.21 does, bit for bit (reference machine)") {
    const nlohmann::json rec = records();
    const auto& cases = rec.at("cases");
    REQUIRE(cases.size() > 700);
    // The micro-kernels with fused multiply-adds give TF's chains; the portable one does not.
    std::vector<GemmIsa> isas;
    for (GemmIsa isa : supportedGemmIsas())
        if (isa == GemmIsa::Avx2 || isa == GemmIsa::Avx512) isas.push_back(isa);
    if (isas.empty()) return; // no FMA micro-kernel on this CPU
    int failed = 0, checked = 0;
    for (const auto& c : cases) {
        if (!c.at("modelled").get<bool>()) continue; // matrix-vector: oneDNN's gemv, not modelled
        const Case t = load(c);
        for (GemmIsa isa : isas)
            for (bool threaded : { false, true }) {
                std::vector<float> out(static_cast<size_t>(t.m * t.n), -1.0f);
                sgemmTfMatMulUsing(isa, threaded, t.ta, t.tb, t.m, t.n, t.k, t.a.data(), t.ta ? t.m : t.k, t.b.data(),
                                   t.tb ? t.k : t.n, out.data(), t.n);
                ++checked;
                const std::string err = check(t, out);
                if (err.empty()) continue;
                if (++failed <= 20)
                    FAIL_CHECK(gemmIsaName(isa) << (threaded ? " pool " : " one thread ") << t.m << "x" << t.k << "x"
                                                << t.n << " ta " << t.ta << " tb " << t.tb << ": " << err);
            }
    }
    CHECK(checked > 1000);
    CHECK(failed == 0);
}

TEST_CASE("the MatMul op sums k as TF 2.21 does (reference machine)") {
    const nlohmann::json rec = records();
    int failed = 0, checked = 0;
    for (const auto& c : rec.at("cases")) {
        const int64_t m = c.at("m"), k = c.at("k"), n = c.at("n");
        // The guides' products and a spread of the rest.
        if (!c.at("modelled").get<bool>() || (k != 784 && k != 2048 && k != 385)) continue;
        const Case t = load(c);
        const Tensor a = Tensor::fromVector(t.a, t.ta ? TensorShape{ k, m } : TensorShape{ m, k });
        const Tensor b = Tensor::fromVector(t.b, t.tb ? TensorShape{ n, k } : TensorShape{ k, n });
        const Tensor out = run("MatMul", { a, b }, { { "transpose_a", t.ta }, { "transpose_b", t.tb } });
        ++checked;
        const std::string err = check(t, std::vector<float>(out.data<float>(), out.data<float>() + out.numElements()));
        if (!err.empty() && ++failed <= 10) FAIL_CHECK(m << "x" << k << "x" << n << ": " << err);
    }
    CHECK(checked > 100);
    CHECK(failed == 0);
}

TEST_CASE("TF's k split: the reference machine's strategies") {
    // Sequential: Eigen's L1 kc (608 for a 48 KiB L1), then oneDNN's halves above 384.
    CHECK(tfMatMulDepthPlan(32, 8, 784).blocks ==
          std::vector<std::pair<int64_t, int64_t>>{ { 0, 196 }, { 196, 196 }, { 392, 196 }, { 588, 196 } });
    // Sharded by rows/columns: slices of at most 320 rounded up to 8.
    CHECK(tfMatMulDepthPlan(256, 64, 784).blocks ==
          std::vector<std::pair<int64_t, int64_t>>{ { 0, 264 }, { 264, 264 }, { 528, 256 } });
    // Sharded by the inner dimension (the guides' Dense(64) on 32 rows): two partial buffers.
    const GemmDepthPlan inner = tfMatMulDepthPlan(32, 64, 784);
    CHECK(inner.blocks ==
          std::vector<std::pair<int64_t, int64_t>>{ { 0, 200 }, { 200, 192 }, { 392, 200 }, { 592, 192 } });
    CHECK(inner.groupEnd == std::vector<size_t>{ 2, 4 });
    // Up to 384 deep and one strategy without splits: one block.
    CHECK(tfMatMulDepthPlan(32, 8, 384).blocks.size() == 1);
}

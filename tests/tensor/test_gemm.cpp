// sgemm: every variant this CPU runs against a float64 reference, over shapes below, at and above
// the block sizes, both transposes, padded leading dimensions, accumulation and empty products;
// and the same bits whatever the thread count.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/ops/gemm.h"

using namespace graphlens::ops;

namespace {

struct Shape {
    int64_t m, n, k;
};

// A product with padded leading dimensions; C's padding holds a sentinel that must survive.
struct Case {
    bool transA, transB, accumulate;
    int64_t m, n, k, lda, ldb, ldc;
    std::vector<float> a, b, c0;

    Case(Shape s, bool ta, bool tb, bool acc, int64_t pad, uint32_t seed)
        : transA(ta)
        , transB(tb)
        , accumulate(acc)
        , m(s.m)
        , n(s.n)
        , k(s.k) {
        lda = (ta ? m : k) + pad;
        ldb = (tb ? k : n) + pad;
        ldc = n + pad;
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        a.resize(static_cast<size_t>(std::max<int64_t>(1, (ta ? k : m) * lda)));
        b.resize(static_cast<size_t>(std::max<int64_t>(1, (tb ? n : k) * ldb)));
        c0.resize(static_cast<size_t>(std::max<int64_t>(1, m * ldc)));
        for (float& v : a) v = u(rng);
        for (float& v : b) v = u(rng);
        for (float& v : c0) v = u(rng);
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = n; j < ldc; ++j) c0[static_cast<size_t>(i * ldc + j)] = 12345.0f;
    }
    float aAt(int64_t i, int64_t p) const { return a[static_cast<size_t>(transA ? p * lda + i : i * lda + p)]; }
    float bAt(int64_t p, int64_t j) const { return b[static_cast<size_t>(transB ? j * ldb + p : p * ldb + j)]; }

    std::vector<float> run(GemmIsa isa, bool threaded) const {
        std::vector<float> c = c0;
        sgemmUsing(isa, threaded, transA, transB, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc, accumulate);
        return c;
    }
};

std::string describe(GemmIsa isa, const Case& t) {
    return std::string(gemmIsaName(isa)) + " m=" + std::to_string(t.m) + " n=" + std::to_string(t.n) +
        " k=" + std::to_string(t.k) + (t.transA ? " A^T" : "") + (t.transB ? " B^T" : "") +
        (t.accumulate ? " +=" : "") + " lda=" + std::to_string(t.lda);
}

// Each element within (k + 2)·ε of Σ|a·b| (+ |c0|) of the float64 product: the rounding error
// of a k-term sum, whichever order it was summed in. Returns the worst error / bound ratio.
double checkAgainstReference(GemmIsa isa, const Case& t, const std::vector<float>& c) {
    double worst = 0;
    for (int64_t i = 0; i < t.m; ++i) {
        for (int64_t j = 0; j < t.ldc; ++j) {
            const float got = c[static_cast<size_t>(i * t.ldc + j)];
            if (j >= t.n) {
                if (got != 12345.0f) FAIL(describe(isa, t) << ": wrote outside C at " << i << "," << j);
                continue;
            }
            const double start = t.accumulate ? t.c0[static_cast<size_t>(i * t.ldc + j)] : 0.0;
            double exact = start, magnitude = std::fabs(start);
            for (int64_t p = 0; p < t.k; ++p) {
                const double term = double(t.aAt(i, p)) * double(t.bAt(p, j));
                exact += term;
                magnitude += std::fabs(term);
            }
            const double bound = double(t.k + 2) * FLT_EPSILON * magnitude + 1e-30;
            const double err = std::fabs(double(got) - exact);
            if (!(err <= bound))
                FAIL(describe(isa, t) << ": C[" << i << "," << j << "] = " << got << ", exact " << exact << ", bound "
                                      << bound);
            worst = std::max(worst, err / bound);
        }
    }
    return worst;
}

const std::vector<Shape> kShapes = { { 1, 1, 1 },     { 1, 1, 7 },     { 3, 5, 7 },
                                     { 7, 13, 9 },    { 2, 40, 3 },    { 33, 1, 17 }, // tiny and odd
                                     { 4, 16, 8 },    { 6, 16, 8 },    { 8, 32, 8 },
                                     { 5, 17, 4 },    { 9, 33, 5 },    { 7, 15, 6 }, // at and around mr × nr
                                     { 8, 32, 512 },  { 9, 31, 257 },  { 17, 65, 600 },
                                     { 3, 2, 513 },                                   // at and around KC (512)
                                     { 5, 1030, 3 },  { 2, 512, 20 },  { 3, 513, 9 }, // across NC (512)
                                     { 256, 64, 20 }, { 256, 32, 64 }, { 20, 64, 256 },
                                     { 256, 1, 32 },  { 64, 20, 256 }, // B6's MLP and its gradients
                                     { 70, 90, 40 },  { 129, 47, 33 } };

} // namespace

TEST_CASE("the sgemm variants include the portable ones and what the CPU runs") {
    const std::vector<GemmIsa> isas = supportedGemmIsas();
    REQUIRE(isas.size() >= 2);
    CHECK(isas[0] == GemmIsa::Eigen);
    CHECK(isas[1] == GemmIsa::Generic);
    const bool avx512 = __builtin_cpu_supports("avx512f");
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    CHECK((std::find(isas.begin(), isas.end(), GemmIsa::Avx512) != isas.end()) == avx512);
    CHECK((std::find(isas.begin(), isas.end(), GemmIsa::Avx2) != isas.end()) == avx2);
    CHECK(std::string(gemmIsaName(GemmIsa::Avx512)) == "avx512");
    CHECK(std::find(isas.begin(), isas.end(), activeGemmIsa()) != isas.end());
}

TEST_CASE("every sgemm variant matches a float64 reference") {
    uint32_t seed = 1;
    for (GemmIsa isa : supportedGemmIsas()) {
        double worst = 0;
        for (const Shape& s : kShapes)
            for (int flags = 0; flags < 8; ++flags) {
                const bool ta = flags & 1, tb = flags & 2, acc = flags & 4;
                for (int64_t pad : { 0, 3 }) {
                    const Case t(s, ta, tb, acc, pad, seed++);
                    worst = std::max(worst, checkAgainstReference(isa, t, t.run(isa, false)));
                }
            }
        INFO(gemmIsaName(isa) << ": worst error / bound " << worst);
        CHECK(worst < 1.0);
    }
}

TEST_CASE("sgemm's error stays within the k-term bound as k grows") {
    for (GemmIsa isa : supportedGemmIsas())
        for (int64_t k : { 16, 256, 1000, 4000 }) {
            const Case t({ 9, 37, k }, false, false, false, 1, static_cast<uint32_t>(k));
            CHECK(checkAgainstReference(isa, t, t.run(isa, false)) < 1.0);
            const Case tt({ 9, 37, k }, true, true, true, 0, static_cast<uint32_t>(k + 1));
            CHECK(checkAgainstReference(isa, tt, tt.run(isa, true)) < 1.0);
        }
}

TEST_CASE("sgemm handles empty products") {
    for (GemmIsa isa : supportedGemmIsas()) {
        INFO(gemmIsaName(isa));
        // k = 0: C = 0, or C unchanged when accumulating.
        std::vector<float> c(12, 5.0f);
        sgemmUsing(isa, true, false, false, 3, 4, 0, nullptr, 1, nullptr, 4, c.data(), 4, true);
        CHECK(c == std::vector<float>(12, 5.0f));
        sgemmUsing(isa, true, true, true, 3, 3, 0, nullptr, 3, nullptr, 1, c.data(), 4, false);
        for (int i = 0; i < 12; ++i) CHECK(c[static_cast<size_t>(i)] == (i % 4 == 3 ? 5.0f : 0.0f));
        // m = 0 or n = 0: nothing is read or written.
        std::vector<float> d(4, 7.0f);
        sgemmUsing(isa, true, false, false, 0, 4, 3, nullptr, 3, nullptr, 4, d.data(), 4, false);
        sgemmUsing(isa, true, false, false, 1, 0, 3, nullptr, 3, nullptr, 1, d.data(), 4, false);
        CHECK(d == std::vector<float>(4, 7.0f));
    }
}

TEST_CASE("sgemm gives the same bits on one thread and on the pool") {
    // Products big enough to be split over the intra-op pool, of every transpose.
    const std::vector<Shape> shapes = { { 300, 200, 100 }, { 37, 1500, 70 }, { 2000, 33, 65 }, { 257, 129, 600 } };
    uint32_t seed = 100;
    for (GemmIsa isa : supportedGemmIsas())
        for (const Shape& s : shapes)
            for (int flags = 0; flags < 8; ++flags) {
                const Case t(s, flags & 1, flags & 2, flags & 4, flags == 5 ? 2 : 0, seed++);
                const std::vector<float> one = t.run(isa, false), pool = t.run(isa, true);
                INFO(describe(isa, t));
                CHECK(std::memcmp(one.data(), pool.data(), one.size() * sizeof(float)) == 0);
                if (flags == 0) CHECK(checkAgainstReference(isa, t, pool) < 1.0);
            }
}

TEST_CASE("sgemm uses the active variant") {
    const Case t({ 19, 45, 33 }, true, false, true, 1, 7);
    std::vector<float> c = t.c0;
    sgemm(t.transA, t.transB, t.m, t.n, t.k, t.a.data(), t.lda, t.b.data(), t.ldb, c.data(), t.ldc, t.accumulate);
    const std::vector<float> expected = t.run(activeGemmIsa(), false);
    CHECK(std::memcmp(c.data(), expected.data(), c.size() * sizeof(float)) == 0);
}

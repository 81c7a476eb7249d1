// sgemm figures: GFLOP/s of each variant this CPU runs (ours per ISA, and Eigen's GEMM, the peer,
// measured in the same run), on one thread and on the intra-op pool, for B6's MLP products and
// their gradients, the CNN's im2col product and a square 1024 product; then MatMul through the op
// dispatch at B6's sizes. Each figure is the fastest of many calls. `bench_gemm --smoke` runs tiny repeats.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/ops/execute.h"
#include "core/ops/gemm.h"
#include "core/util/thread_pool.h"

using namespace graphlens;
using Clock = std::chrono::steady_clock;

namespace {

// The fastest single call over `repeats` rounds of at least `minSeconds`: on a shared machine the
// fastest call is the one nobody preempted.
template<class F> double bestSecondsPerCall(F&& f, int repeats, double minSeconds) {
    f(); // warm up
    double best = 1e30;
    for (int r = 0; r < repeats; ++r) {
        const auto start = Clock::now();
        for (auto before = start; std::chrono::duration<double>(before - start).count() < minSeconds;) {
            f();
            const auto after = Clock::now();
            best = std::min(best, std::chrono::duration<double>(after - before).count());
            before = after;
        }
    }
    return best;
}

struct Product {
    const char* what;
    bool transA, transB;
    int64_t m, n, k;
};

std::vector<float> filled(int64_t size, float scale) {
    std::vector<float> v(static_cast<size_t>(size));
    for (int64_t i = 0; i < size; ++i)
        v[static_cast<size_t>(i)] = static_cast<float>((i * 7919 % 1000) / 1000.0 - 0.5) * scale;
    return v;
}

} // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const bool opsOnly = argc > 1 && std::strcmp(argv[1], "--ops") == 0; // only MatMul through execute()
    const int repeats = smoke ? 1 : 5;
    const double minSeconds = smoke ? 0.001 : 0.1;
    const int threads = util::intraOpPool().numWorkers() + 1;
    std::printf("sgemm GFLOP/s, %d thread(s) in the pool; active variant %s; ratio = ours / Eigen (1 thread)\n",
                threads, ops::gemmIsaName(ops::activeGemmIsa()));
    const std::vector<Product> products = {
        { "MLP layer 1 x.W", false, false, 256, 64, 20 },
        { "MLP layer 2 x.W", false, false, 256, 32, 64 },
        { "MLP layer 1 dW = x^T.dy", true, false, 20, 64, 256 },
        { "MLP layer 1 dx = dy.W^T", false, true, 256, 20, 64 },
        { "MLP layer 3 x.W", false, false, 256, 1, 32 },
        { "CNN im2col", false, false, smoke ? 1024 : 65536, 32, 288 },
        { "square", false, false, smoke ? 128 : 1024, smoke ? 128 : 1024, smoke ? 128 : 1024 },
    };
    for (const Product& p : products) {
        if (opsOnly) break;
        const std::vector<float> a = filled(p.m * p.k, 1), b = filled(p.k * p.n, 2);
        std::vector<float> c(static_cast<size_t>(p.m * p.n));
        const int64_t lda = p.transA ? p.m : p.k, ldb = p.transB ? p.k : p.n;
        const double flops = 2.0 * p.m * p.n * p.k;
        auto gflops = [&](ops::GemmIsa isa, bool threaded) {
            const double s = bestSecondsPerCall(
                [&] {
                    ops::sgemmUsing(isa, threaded, p.transA, p.transB, p.m, p.n, p.k, a.data(), lda, b.data(), ldb,
                                    c.data(), p.n);
                },
                repeats, minSeconds);
            return flops / s / 1e9;
        };
        const double eigen = gflops(ops::GemmIsa::Eigen, false);
        std::printf("%-26s %5lldx%-5lldx%-5lld eigen %6.1f", p.what, static_cast<long long>(p.m),
                    static_cast<long long>(p.n), static_cast<long long>(p.k), eigen);
        for (ops::GemmIsa isa : ops::supportedGemmIsas()) {
            if (isa == ops::GemmIsa::Eigen) continue;
            const double one = gflops(isa, false), all = gflops(isa, true);
            std::printf(" | %s %6.1f (x%.2f) pool %6.1f (x%.2f)", ops::gemmIsaName(isa), one, one / eigen, all,
                        all / eigen);
        }
        std::printf("\n");
    }
    // MatMul's products summed as TF sums k (sgemmTfMatMul) against sgemm's uniform blocks, on the
    // active variant and the pool: the guides' Dense(64) on MNIST batches, its dx, and long sums.
    const std::vector<Product> tfSplit = {
        { "Dense(64) MNIST x.W", false, false, 32, 64, 784 },
        { "Dense(64) MNIST x.W", false, false, 64, 64, 784 },
        { "Dense(64) MNIST dx", false, true, 64, 784, 64 },
        { "long k", false, false, 256, 64, 784 },
        { "long k", false, false, 128, 128, 2048 },
        { "long k", false, false, 32, 8, 1000 },
        { "square", false, false, smoke ? 128 : 1024, smoke ? 128 : 1024, smoke ? 128 : 1024 },
    };
    for (const Product& p : tfSplit) {
        if (opsOnly) break;
        const std::vector<float> a = filled(p.m * p.k, 1), b = filled(p.k * p.n, 2);
        std::vector<float> c(static_cast<size_t>(p.m * p.n));
        const int64_t lda = p.transA ? p.m : p.k, ldb = p.transB ? p.k : p.n;
        const double flops = 2.0 * p.m * p.n * p.k;
        const ops::GemmIsa isa = ops::activeGemmIsa();
        const double uniform = flops / 1e9 /
            bestSecondsPerCall(
                                   [&] {
                                       ops::sgemmUsing(isa, true, p.transA, p.transB, p.m, p.n, p.k, a.data(), lda,
                                                       b.data(), ldb, c.data(), p.n);
                                   },
                                   repeats, minSeconds);
        const double tf = flops / 1e9 /
            bestSecondsPerCall(
                              [&] {
                                  ops::sgemmTfMatMulUsing(isa, true, p.transA, p.transB, p.m, p.n, p.k, a.data(), lda,
                                                          b.data(), ldb, c.data(), p.n);
                              },
                              repeats, minSeconds);
        std::printf("%-26s %5lldx%-5lldx%-5lld %s pool: uniform k blocks %6.1f | TF's k split %6.1f (x%.2f)\n", p.what,
                    static_cast<long long>(p.m), static_cast<long long>(p.n), static_cast<long long>(p.k),
                    ops::gemmIsaName(isa), uniform, tf, tf / uniform);
    }
    // MatMul through execute(): what an eager op or a graph node pays, kernel and dispatch.
    for (const Product& p : { products[0], products[1], products[4] }) {
        const tensor::Tensor x(tensor::DType::Float32, tensor::TensorShape{ p.m, p.k });
        tensor::Tensor w(tensor::DType::Float32, tensor::TensorShape{ p.k, p.n });
        std::memset(w.data<float>(), 0, static_cast<size_t>(p.k * p.n) * sizeof(float));
        tensor::Tensor xi = x;
        std::memset(xi.data<float>(), 0, static_cast<size_t>(p.m * p.k) * sizeof(float));
        const double s = bestSecondsPerCall([&] { ops::execute("MatMul", { xi, w }); }, repeats, minSeconds);
        std::printf("MatMul op %lldx%lldx%lld: %.1f us (%.1f GFLOP/s)\n", static_cast<long long>(p.m),
                    static_cast<long long>(p.n), static_cast<long long>(p.k), s * 1e6, 2.0 * p.m * p.n * p.k / s / 1e9);
    }
    return 0;
}

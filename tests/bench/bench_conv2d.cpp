// Figures for the float32 Conv2D forward (core/ops/conv2d_forward.h) on B6's three CNN layers
// (64x32x32 images, 3x3 SAME, 3->16->32->32 channels): GFLOP/s of each path on one thread and on
// the intra-op pool, against the code Conv2D ran before (im2col of a whole image, one Eigen GEMM
// per image, one thread; kept below as the peer), and _FusedConv2D against Conv2D, BiasAdd and
// Relu run one after the other. Direct-convolution FLOPs (2 per multiply-add) for every path.
// `bench_conv2d --smoke` runs tiny sizes.
#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/ops/conv2d_forward.h"
#include "core/ops/execute.h"
#include "core/ops/gemm.h"
#include "core/util/thread_pool.h"

using namespace graphlens;
using Clock = std::chrono::steady_clock;

namespace {

// The best of `repeats` timings of `runs` calls, in seconds per call.
template<class F> double bestSeconds(F&& f, int repeats, int runs) {
    f();
    double best = 1e30;
    for (int r = 0; r < repeats; ++r) {
        const auto start = Clock::now();
        for (int i = 0; i < runs; ++i) f();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count() / runs);
    }
    return best;
}

// The peer: Conv2D's float32 forward as it was (im2col of a whole image, one Eigen product per image).
using RowMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
void oldConv2D(const ops::Conv2DParams& p, const float* input, const float* filter, float* output) {
    const int64_t patch = p.patch(), pixels = p.outH * p.outW, C = p.inChannels;
    std::vector<float> col(static_cast<size_t>(pixels * patch));
    Eigen::Map<const RowMat> f(filter, patch, p.outChannels);
    for (int64_t n = 0; n < p.batch; ++n) {
        const float* image = input + n * p.inH * p.inW * C;
        float* dst = col.data();
        for (int64_t oy = 0; oy < p.outH; ++oy)
            for (int64_t ox = 0; ox < p.outW; ++ox)
                for (int64_t ky = 0; ky < p.kh; ++ky) {
                    const int64_t y = oy * p.strideH - p.padTop + ky * p.dilationH;
                    for (int64_t kx = 0; kx < p.kw; ++kx, dst += C) {
                        const int64_t x = ox * p.strideW - p.padLeft + kx * p.dilationW;
                        const bool inside = y >= 0 && y < p.inH && x >= 0 && x < p.inW;
                        const float* src = image + (y * p.inW + x) * C;
                        for (int64_t c = 0; c < C; ++c) dst[c] = inside ? src[c] : 0.0f;
                    }
                }
        Eigen::Map<RowMat> o(output + n * pixels * p.outChannels, pixels, p.outChannels);
        o.noalias() = Eigen::Map<const RowMat>(col.data(), pixels, patch) * f;
    }
}

std::vector<float> filled(int64_t n, float scale) {
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        v[static_cast<size_t>(i)] = static_cast<float>((i * 7919 % 1000) / 1000.0 - 0.5) * scale;
    return v;
}

const char* nameOf(ops::Conv2DAlgorithm a) {
    switch (a) {
    case ops::Conv2DAlgorithm::Auto:
        return "auto";
    case ops::Conv2DAlgorithm::Im2col:
        return "im2col";
    case ops::Conv2DAlgorithm::Direct:
        return "direct";
    case ops::Conv2DAlgorithm::Pointwise:
        return "pointwise";
    case ops::Conv2DAlgorithm::Winograd2x2:
        return "winograd F(2x2,3x3)";
    case ops::Conv2DAlgorithm::Winograd4x4:
        return "winograd F(4x4,3x3)";
    }
    return "?";
}

} // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const int64_t batch = smoke ? 2 : 64, side = smoke ? 8 : 32;
    const int repeats = smoke ? 1 : 5, runs = smoke ? 1 : 3;
    util::ThreadPool serial(0);
    const int threads = util::intraOpPool().numWorkers() + 1;
    std::printf("sgemm: %s; intra-op threads: %d; best of %d x %d runs\n", ops::gemmIsaName(ops::activeGemmIsa()),
                threads, repeats, runs);
    const int64_t channels[] = { 3, 16, 32, 32 };
    double oldTotal = 0, newTotal = 0;
    for (int layer = 0; layer < 3; ++layer) {
        const int64_t c = channels[layer], k = channels[layer + 1];
        const ops::Conv2DParams p{ .batch = batch,
                                   .inH = side,
                                   .inW = side,
                                   .inChannels = c,
                                   .outH = side,
                                   .outW = side,
                                   .outChannels = k,
                                   .kh = 3,
                                   .kw = 3,
                                   .padTop = 1,
                                   .padLeft = 1 };
        const auto input = filled(batch * side * side * c, 1.0f), filter = filled(9 * c * k, 0.2f);
        std::vector<float> out(static_cast<size_t>(p.outPixels() * k));
        const double gflop = 2.0 * static_cast<double>(p.outPixels() * k * p.patch()) / 1e9;
        const double old = bestSeconds([&] { oldConv2D(p, input.data(), filter.data(), out.data()); }, repeats, runs);
        std::printf("layer %d (%lldx%lldx%lldx%lld -> %lld, %.3f GFLOP): old im2col+Eigen %.1f GFLOP/s (%.2f ms)\n",
                    layer + 1, static_cast<long long>(batch), static_cast<long long>(side),
                    static_cast<long long>(side), static_cast<long long>(c), static_cast<long long>(k), gflop,
                    gflop / old, old * 1e3);
        oldTotal += old;
        // The instruction sets: each sgemm variant with its direct kernels (im2col with "generic")
        // on the RGB layer and its Winograd transforms (the portable ones with "generic") on the
        // last, on one thread.
        if (layer != 1) {
            const auto algorithm = layer == 0 ? ops::Conv2DAlgorithm::Direct : ops::Conv2DAlgorithm::Winograd4x4;
            std::printf("  one thread, by sgemm variant:");
            for (ops::GemmIsa isa : ops::supportedGemmIsas()) {
                if (isa == ops::GemmIsa::Eigen) continue;
                const ops::Conv2DOptions options{ .algorithm = algorithm, .pool = &serial, .gemmIsa = isa };
                const double seconds = bestSeconds(
                    [&] { ops::conv2DForward(p, input.data(), filter.data(), out.data(), options); }, repeats, runs);
                std::printf("  %s %s %.2f ms", ops::gemmIsaName(isa), nameOf(algorithm), seconds * 1e3);
            }
            std::printf("\n");
        }
        for (ops::Conv2DAlgorithm a :
             { ops::Conv2DAlgorithm::Im2col, ops::Conv2DAlgorithm::Direct, ops::Conv2DAlgorithm::Winograd2x2,
               ops::Conv2DAlgorithm::Winograd4x4, ops::Conv2DAlgorithm::Auto }) {
            double seconds[2];
            for (int t = 0; t < 2; ++t) {
                const ops::Conv2DOptions options{ .algorithm = a, .pool = t == 0 ? &serial : &util::intraOpPool() };
                seconds[t] = bestSeconds(
                    [&] { ops::conv2DForward(p, input.data(), filter.data(), out.data(), options); }, repeats, runs);
            }
            std::printf(
                "  %-20s 1 thread %6.1f GFLOP/s (%5.2fx old)   %d threads %6.1f GFLOP/s (%5.2fx old, %.2f ms)\n",
                nameOf(a), gflop / seconds[0], old / seconds[0], threads, gflop / seconds[1], old / seconds[1],
                seconds[1] * 1e3);
            if (a == ops::Conv2DAlgorithm::Auto) newTotal += seconds[1];
        }
    }
    std::printf("three layers: old %.2f ms, auto on %d threads %.2f ms (%.2fx)\n", oldTotal * 1e3, threads,
                newTotal * 1e3, oldTotal / newTotal);

    // The fused epilogue: _FusedConv2D(BiasAdd, Relu) against the three ops, B6's second layer.
    {
        using tensor::Tensor;
        const int64_t c = 16, k = 32;
        Tensor input(tensor::DType::Float32, { batch, side, side, c }), filter(tensor::DType::Float32, { 3, 3, c, k });
        Tensor bias(tensor::DType::Float32, { k });
        const auto in = filled(input.numElements(), 1.0f), f = filled(filter.numElements(), 0.2f), b = filled(k, 0.1f);
        std::copy(in.begin(), in.end(), input.data<float>());
        std::copy(f.begin(), f.end(), filter.data<float>());
        std::copy(b.begin(), b.end(), bias.data<float>());
        const ops::AttrMap conv{ { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } },
                                 { "padding", std::string("SAME") } };
        ops::AttrMap fused = conv;
        fused.set("fused_ops", std::vector<std::string>{ "BiasAdd", "Relu" });
        fused.set("num_args", int64_t{ 1 });
        fused.set("num_host_args", int64_t{ 0 });
        const double separate = bestSeconds(
            [&] {
                const Tensor y = ops::execute("Conv2D", { input, filter }, conv)[0];
                ops::execute("Relu", { ops::execute("BiasAdd", { y, bias })[0] });
            },
            repeats, runs);
        const double together = bestSeconds(
            [&] {
                ops::execute("_FusedConv2D", { input, filter, bias }, fused);
            },
            repeats, runs);
        std::printf("layer 2 with BiasAdd+Relu: Conv2D, BiasAdd, Relu %.2f ms; _FusedConv2D %.2f ms (%.2fx)\n",
                    separate * 1e3, together * 1e3, separate / together);
    }
    return 0;
}

// Figures for the tensor runtime: eager dispatch of scalar AddV2 through execute(), MatMul
// 1024x1024 float32 and Conv2D (32x56x56x64, 3x3x64, SAME) against Eigen called directly in the
// same run; the transcendental kernels (TF's Eigen packet algorithms, tf_math.h) on 1M floats,
// Softmax on 1000x1000, and float reductions. `bench_ops --smoke` runs tiny sizes.
#include <Eigen/Core>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <unsupported/Eigen/CXX11/Tensor>
#include <vector>

#include "core/ops/execute.h"

using namespace graphlens;
using Clock = std::chrono::steady_clock;

namespace {

template<class F> double secondsPerRun(F&& f, int minRuns, double minSeconds) {
    f(); // warm up
    int runs = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    while (runs < minRuns || elapsed < minSeconds) {
        f();
        ++runs;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return elapsed / runs;
}

tensor::Tensor filled(tensor::TensorShape shape, float seed) {
    tensor::Tensor t(tensor::DType::Float32, std::move(shape));
    for (int64_t i = 0; i < t.numElements(); ++i)
        t.data<float>()[i] = static_cast<float>((i * 7919 % 1000) / 1000.0 - 0.5) * seed;
    return t;
}

} // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const double minSeconds = smoke ? 0.01 : 1.0;

    // 1. Scalar AddV2 dispatch through a resolved op handle.
    {
        const ops::OpHandle add = ops::lookupOp("AddV2");
        tensor::Tensor acc = tensor::Tensor::scalar<float>(0), one = tensor::Tensor::scalar<float>(1);
        const int n = smoke ? 1000 : 2'000'000;
        const double s = secondsPerRun(
            [&] {
                for (int i = 0; i < n; ++i) acc = ops::execute(add, { acc, one })[0];
            },
            1, 0);
        std::printf("eager scalar AddV2 via execute(handle): %.2f M ops/s (%.0f ns/op)\n", n / s / 1e6, s / n * 1e9);
        const double byName = secondsPerRun(
            [&] {
                for (int i = 0; i < n / 4; ++i) acc = ops::execute("AddV2", { acc, one })[0];
            },
            1, 0);
        std::printf("eager scalar AddV2 via execute(\"AddV2\"): %.2f M ops/s\n", n / 4 / byName / 1e6);
    }

    // 2. MatMul.
    {
        const int64_t n = smoke ? 64 : 1024;
        const tensor::Tensor a = filled({ n, n }, 1), b = filled({ n, n }, 2);
        const double ours = secondsPerRun([&] { ops::execute("MatMul", { a, b }); }, 3, minSeconds);
        using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        Mat out(n, n);
        Eigen::Map<const Mat> ma(a.data<float>(), n, n), mb(b.data<float>(), n, n);
        const double eigen = secondsPerRun([&] { out.noalias() = ma * mb; }, 3, minSeconds);
        const double flops = 2.0 * n * n * n;
        std::printf("MatMul %lldx%lld float32: %.1f GFLOP/s, Eigen direct %.1f GFLOP/s, ratio %.2f\n",
                    static_cast<long long>(n), static_cast<long long>(n), flops / ours / 1e9, flops / eigen / 1e9,
                    eigen / ours);
    }

    // 3. Conv2D against an Eigen patch-extraction + contraction (how TF's SpatialConvolution works).
    {
        const int64_t batch = smoke ? 2 : 32, hw = smoke ? 8 : 56, c = smoke ? 8 : 64, k = 3;
        const tensor::Tensor input = filled({ batch, hw, hw, c }, 1), filter = filled({ k, k, c, c }, 2);
        const ops::AttrMap attrs{ { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } },
                                  { "padding", std::string("SAME") } };
        const double ours = secondsPerRun([&] { ops::execute("Conv2D", { input, filter }, attrs); }, 2, minSeconds);
        using T4 = Eigen::TensorMap<Eigen::Tensor<const float, 4, Eigen::RowMajor>>;
        T4 in(input.data<float>(), batch, hw, hw, c);
        Eigen::TensorMap<Eigen::Tensor<const float, 2, Eigen::RowMajor>> f(filter.data<float>(), k * k * c, c);
        Eigen::Tensor<float, 2, Eigen::RowMajor> out(batch * hw * hw, c);
        const Eigen::array<Eigen::IndexPair<Eigen::Index>, 1> dims{ Eigen::IndexPair<Eigen::Index>(1, 0) };
        const double eigen = secondsPerRun(
            [&] {
                auto patches = in.extract_image_patches(k, k, 1, 1, 1, 1, Eigen::PADDING_SAME)
                                   .reshape(Eigen::array<Eigen::Index, 2>{ batch * hw * hw, k * k * c });
                out = patches.contract(f, dims);
            },
            2, minSeconds);
        const double flops = 2.0 * batch * hw * hw * c * k * k * c;
        std::printf("Conv2D %lldx%lldx%lldx%lld * 3x3x%lldx%lld SAME float32: %.1f GFLOP/s, Eigen patches+contract "
                    "%.1f GFLOP/s, "
                    "ratio %.2f\n",
                    static_cast<long long>(batch), static_cast<long long>(hw), static_cast<long long>(hw),
                    static_cast<long long>(c), static_cast<long long>(c), static_cast<long long>(c), flops / ours / 1e9,
                    flops / eigen / 1e9, eigen / ours);
    }
    // 4. Transcendental kernels, float32.
    {
        const int64_t n = smoke ? 4096 : 1 << 20;
        const tensor::Tensor x = filled({ n }, 16);
        for (const char* op : { "Exp", "Log", "Tanh", "Sigmoid", "Expm1", "Log1p" }) {
            const tensor::Tensor in = std::strcmp(op, "Log") == 0 ? ops::execute("Abs", { x })[0] : x;
            const double s = secondsPerRun([&] { ops::execute(op, { in }); }, 3, minSeconds);
            std::printf("%s 1M float32: %.2f ns/element\n", op, s / static_cast<double>(n) * 1e9);
        }
        const int64_t rows = smoke ? 16 : 1000;
        const tensor::Tensor logits = filled({ rows, 1000 }, 8);
        for (const char* op : { "Softmax", "LogSoftmax" }) {
            const double s = secondsPerRun([&] { ops::execute(op, { logits }); }, 3, minSeconds);
            std::printf("%s %lldx1000 float32: %.2f ms\n", op, static_cast<long long>(rows), s * 1e3);
        }
    }
    // 5. Float reductions over 4M elements: a whole tensor, rows, columns and the middle dim.
    {
        const int64_t n = smoke ? 64 : 2048;
        const tensor::Tensor m = filled({ n, n }, 1), cube = filled({ n / 32, 32, n }, 1);
        const auto axis = [](int32_t a) { return tensor::Tensor::scalar<int32_t>(a); };
        const tensor::Tensor all = tensor::Tensor::fromVector(std::vector<int32_t>{ 0, 1 });
        const double elements = static_cast<double>(n * n);
        const struct {
            const char* name;
            tensor::Tensor x, axes;
        } cases[] = { { "Sum all", m, all },
                      { "Sum axis 1 (rows)", m, axis(1) },
                      { "Sum axis 0 (columns)", m, axis(0) },
                      { "Mean axis 1 of [n/32, 32, n]", cube, axis(1) } };
        for (const auto& c : cases) {
            const double s = secondsPerRun(
                [&] {
                    ops::execute(c.name[0] == 'M' ? "Mean" : "Sum", { c.x, c.axes });
                },
                3, minSeconds);
            std::printf("%s of %lld float32: %.2f ms (%.2f G elements/s)\n", c.name, static_cast<long long>(elements),
                        s * 1e3, elements / s / 1e9);
        }
    }
    return 0;
}

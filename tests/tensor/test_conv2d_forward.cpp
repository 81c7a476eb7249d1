// The float32 Conv2D forward paths (core/ops/conv2d_forward.h): tiled im2col, pointwise and both
// Winograd variants against a float64 direct convolution on many geometries, the same bits on one
// thread and on four, the fused epilogue against the separate ops.
#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <random>

#include "core/ops/conv2d_forward.h"
#include "core/ops/conv_geometry.h"
#include "core/util/thread_pool.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;
using graphlens::util::ThreadPool;

namespace {

struct Case {
    int64_t batch, h, w, c, k, kh, kw, stride, dilation;
    std::string padding; // SAME, VALID or EXPLICIT (1 before, 2 after in both dimensions)
};

Conv2DParams paramsOf(const Case& t) {
    const Window1D y = window1D(t.h, t.kh, t.stride, t.dilation, t.padding, 1, 2);
    const Window1D x = window1D(t.w, t.kw, t.stride, t.dilation, t.padding, 1, 2);
    return Conv2DParams{ .batch = t.batch,
                         .inH = t.h,
                         .inW = t.w,
                         .inChannels = t.c,
                         .outH = y.out,
                         .outW = x.out,
                         .outChannels = t.k,
                         .kh = t.kh,
                         .kw = t.kw,
                         .strideH = t.stride,
                         .strideW = t.stride,
                         .dilationH = t.dilation,
                         .dilationW = t.dilation,
                         .padTop = y.padBefore,
                         .padLeft = x.padBefore };
}

std::vector<float> uniform(int64_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    std::vector<float> v(static_cast<size_t>(n));
    for (float& x : v) x = dist(rng);
    return v;
}

// The direct convolution in float64, and per output the sum of |input * filter| over its window
// (the scale of the rounding error any float32 order of the same sum can make).
struct Reference {
    std::vector<double> value, magnitude;
};

Reference reference(const Conv2DParams& p, const std::vector<float>& in, const std::vector<float>& f) {
    Reference r;
    r.value.assign(static_cast<size_t>(p.outPixels() * p.outChannels), 0.0);
    r.magnitude = r.value;
    for (int64_t n = 0; n < p.batch; ++n)
        for (int64_t oy = 0; oy < p.outH; ++oy)
            for (int64_t ox = 0; ox < p.outW; ++ox)
                for (int64_t ky = 0; ky < p.kh; ++ky)
                    for (int64_t kx = 0; kx < p.kw; ++kx) {
                        const int64_t y = oy * p.strideH - p.padTop + ky * p.dilationH;
                        const int64_t x = ox * p.strideW - p.padLeft + kx * p.dilationW;
                        if (y < 0 || y >= p.inH || x < 0 || x >= p.inW) continue;
                        for (int64_t c = 0; c < p.inChannels; ++c) {
                            const double v = in[static_cast<size_t>(((n * p.inH + y) * p.inW + x) * p.inChannels + c)];
                            const float* w = f.data() + ((ky * p.kw + kx) * p.inChannels + c) * p.outChannels;
                            const size_t o = static_cast<size_t>(((n * p.outH + oy) * p.outW + ox) * p.outChannels);
                            for (int64_t k = 0; k < p.outChannels; ++k) {
                                r.value[o + static_cast<size_t>(k)] += v * w[k];
                                r.magnitude[o + static_cast<size_t>(k)] += std::abs(v * w[k]);
                            }
                        }
                    }
    return r;
}

std::vector<float> forward(const Conv2DParams& p, const std::vector<float>& in, const std::vector<float>& f,
                           Conv2DAlgorithm a, ThreadPool* pool, std::optional<GemmIsa> isa = {}) {
    std::vector<float> out(static_cast<size_t>(p.outPixels() * p.outChannels), -1.0f);
    conv2DForward(p, in.data(), f.data(), out.data(), { .algorithm = a, .pool = pool, .gemmIsa = isa });
    return out;
}

// The largest error relative to the output's magnitude at that element.
double worstError(const std::vector<float>& got, const Reference& want) {
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i)
        worst = std::max(worst, std::abs(got[i] - want.value[i]) / std::max(want.magnitude[i], 1e-30));
    return worst;
}

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        { 1, 5, 5, 1, 1, 3, 3, 1, 1, "SAME" },       { 2, 7, 9, 3, 16, 3, 3, 1, 1, "SAME" },
        { 3, 8, 8, 16, 32, 3, 3, 1, 1, "SAME" },     { 1, 13, 11, 32, 32, 3, 3, 1, 1, "VALID" },
        { 2, 9, 10, 70, 5, 3, 3, 1, 1, "EXPLICIT" }, { 1, 6, 7, 9, 70, 3, 3, 1, 1, "SAME" },
        { 1, 3, 3, 8, 8, 3, 3, 1, 1, "VALID" },      { 2, 11, 9, 5, 7, 3, 3, 2, 1, "SAME" },
        { 1, 12, 13, 6, 4, 3, 3, 1, 2, "SAME" },     { 2, 17, 15, 4, 6, 5, 5, 1, 1, "SAME" },
        { 1, 16, 16, 3, 8, 5, 5, 2, 1, "VALID" },    { 3, 10, 9, 7, 3, 7, 1, 1, 1, "SAME" },
        { 1, 14, 6, 2, 9, 7, 1, 2, 1, "EXPLICIT" },  { 2, 9, 7, 33, 17, 1, 1, 1, 1, "VALID" },
        { 1, 6, 5, 64, 70, 1, 1, 1, 1, "SAME" },     { 2, 9, 7, 12, 10, 1, 1, 2, 1, "SAME" },
        { 1, 5, 6, 12, 10, 1, 1, 1, 1, "EXPLICIT" }, { 1, 40, 37, 20, 24, 3, 3, 1, 1, "SAME" },
        { 2, 33, 31, 3, 16, 3, 3, 1, 1, "SAME" },    { 1, 4, 4, 2, 3, 5, 5, 1, 2, "SAME" },
    };
    return all;
}

constexpr Conv2DAlgorithm kAlgorithms[] = { Conv2DAlgorithm::Im2col,      Conv2DAlgorithm::Direct,
                                            Conv2DAlgorithm::Pointwise,   Conv2DAlgorithm::Winograd2x2,
                                            Conv2DAlgorithm::Winograd4x4, Conv2DAlgorithm::Auto };

// Bounds on worstError, about five times the largest measured on these cases: im2col 2.3e-7,
// pointwise 1.5e-7, F(2x2, 3x3) 2.6e-7, F(4x4, 3x3) 2.9e-6 (Auto picks F(4x4) where it applies).
double bound(Conv2DAlgorithm a) {
    switch (a) {
    case Conv2DAlgorithm::Auto:
    case Conv2DAlgorithm::Winograd4x4:
        return 1.5e-5;
    case Conv2DAlgorithm::Winograd2x2:
        return 1.5e-6;
    case Conv2DAlgorithm::Im2col:
    case Conv2DAlgorithm::Direct:
    case Conv2DAlgorithm::Pointwise:
        return 1e-6;
    }
    return 0;
}

} // namespace

TEST_CASE("conv2DForward's paths match a float64 direct convolution", "[conv2d]") {
    std::map<Conv2DAlgorithm, int> checked;
    for (const Case& t : cases()) {
        const Conv2DParams p = paramsOf(t);
        const auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 1);
        const auto f = uniform(p.patch() * p.outChannels, 2);
        const Reference want = reference(p, in, f);
        for (Conv2DAlgorithm a : kAlgorithms) {
            if (!conv2DApplies(p, a)) continue;
            INFO("case " << t.batch << "x" << t.h << "x" << t.w << "x" << t.c << " -> " << t.k << ", " << t.kh << "x"
                         << t.kw << " stride " << t.stride << " dilation " << t.dilation << " " << t.padding
                         << ", algorithm " << static_cast<int>(a));
            CHECK(worstError(forward(p, in, f, a, nullptr), want) <= bound(a));
            // F(4x4)'s transforms have AVX-512, AVX2 and portable versions, picked by the sgemm
            // variant: each must hold.
            if (a == Conv2DAlgorithm::Winograd4x4)
                for (GemmIsa isa : supportedGemmIsas()) {
                    INFO("sgemm " << gemmIsaName(isa));
                    CHECK(worstError(forward(p, in, f, a, nullptr, isa), want) <= bound(a));
                }
            ++checked[a];
        }
    }
    CHECK(checked[Conv2DAlgorithm::Im2col] == static_cast<int>(cases().size()));
    CHECK(checked[Conv2DAlgorithm::Direct] == static_cast<int>(cases().size()));
    CHECK(checked[Conv2DAlgorithm::Pointwise] == 2);
    CHECK(checked[Conv2DAlgorithm::Winograd2x2] == 9);
    CHECK(checked[Conv2DAlgorithm::Winograd4x4] == 9);
}

TEST_CASE("conv2DForward chooses by geometry", "[conv2d]") {
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 16, 32, 3, 3, 1, 1, "SAME" })) == Conv2DAlgorithm::Winograd4x4);
    const bool directRuns = activeGemmIsa() == GemmIsa::Avx512 || activeGemmIsa() == GemmIsa::Avx2;
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 3, 16, 3, 3, 1, 1, "SAME" })) ==
          (directRuns ? Conv2DAlgorithm::Direct : Conv2DAlgorithm::Im2col));
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 8, 16, 5, 5, 2, 1, "SAME" })) == Conv2DAlgorithm::Im2col);
    // A dilation that makes the direct path's padded rows huge: im2col's blocks stay bounded.
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 3, 16, 3, 3, 1, 100000, "SAME" })) == Conv2DAlgorithm::Im2col);
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 16, 32, 3, 3, 2, 1, "SAME" })) == Conv2DAlgorithm::Im2col);
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 16, 32, 1, 1, 1, 1, "VALID" })) == Conv2DAlgorithm::Pointwise);
    // Explicit padding after the input makes the output larger than the input: not a plain product.
    CHECK(conv2DChoose(paramsOf({ 1, 8, 8, 16, 32, 1, 1, 1, 1, "EXPLICIT" })) == Conv2DAlgorithm::Im2col);
}

TEST_CASE("the direct path gives im2col's bits with every sgemm variant", "[conv2d]") {
    // Infinities and a NaN in the filter: a padding tap multiplies them by im2col's zero (NaN), and
    // the direct path must not skip it. Deep patches check the sums' blocks (sgemm's KC).
    std::vector<Case> all = cases();
    all.push_back({ 1, 9, 8, 70, 9, 3, 3, 1, 1, "SAME" });   // 630 taps: two blocks of 315
    all.push_back({ 2, 7, 6, 3, 40, 11, 11, 2, 1, "SAME" }); // 363 taps, wider than the image
    int compared = 0;
    for (GemmIsa isa : supportedGemmIsas()) {
        for (const Case& t : all) {
            const Conv2DParams p = paramsOf(t);
            const auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 31);
            auto f = uniform(p.patch() * p.outChannels, 32);
            f[0] = std::numeric_limits<float>::infinity();
            f[f.size() - 1] = -std::numeric_limits<float>::infinity();
            f[f.size() / 2] = std::numeric_limits<float>::quiet_NaN();
            std::vector<float> direct(static_cast<size_t>(p.outPixels() * p.outChannels)), im2col(direct.size());
            ThreadPool pool(2);
            conv2DForward(p, in.data(), f.data(), direct.data(),
                          { .algorithm = Conv2DAlgorithm::Direct, .pool = &pool, .gemmIsa = isa });
            conv2DForward(p, in.data(), f.data(), im2col.data(),
                          { .algorithm = Conv2DAlgorithm::Im2col, .pool = &pool, .gemmIsa = isa });
            INFO("sgemm " << gemmIsaName(isa) << ", case " << t.batch << "x" << t.h << "x" << t.w << "x" << t.c
                          << " -> " << t.k << ", " << t.kh << "x" << t.kw << " stride " << t.stride << " dilation "
                          << t.dilation << " " << t.padding);
            // Which NaN operand an FMA passes on (a NaN's sign) follows the instruction form the
            // compiler picks, so NaNs compare as NaNs; every other value bit for bit.
            size_t same = 0, nans = 0;
            for (size_t i = 0; i < direct.size(); ++i) {
                const bool bothNan = std::isnan(direct[i]) && std::isnan(im2col[i]);
                nans += bothNan;
                same += bothNan || std::memcmp(&direct[i], &im2col[i], sizeof(float)) == 0;
            }
            CHECK(same == direct.size());
            CHECK(nans > 0);
            ++compared;
        }
    }
    CHECK(compared == static_cast<int>(all.size() * supportedGemmIsas().size()));
}

TEST_CASE("conv2DForward and Conv2D take empty images", "[conv2d]") {
    // A zero batch, height or width: an empty output, as TF gives (a width of 0 once divided by
    // zero in the direct and Winograd paths' block sizes).
    for (const Case& t : { Case{ 2, 4, 0, 8, 8, 3, 3, 1, 1, "SAME" }, Case{ 2, 0, 4, 3, 8, 3, 3, 1, 1, "SAME" },
                           Case{ 0, 4, 4, 8, 8, 3, 3, 1, 1, "SAME" }, Case{ 2, 4, 0, 3, 8, 3, 3, 1, 1, "SAME" } }) {
        const Conv2DParams p = paramsOf(t);
        REQUIRE(p.outPixels() == 0);
        for (Conv2DAlgorithm a : kAlgorithms) {
            if (!conv2DApplies(p, a)) continue;
            float sentinel = 7.0f;
            const float in = 1.0f, f = 1.0f;
            conv2DForward(p, &in, &f, &sentinel, { .algorithm = a });
            CHECK(sentinel == 7.0f);
        }
        const Tensor input(DType::Float32, { t.batch, t.h, t.w, t.c }),
            filter = f32(uniform(9 * t.c * t.k, 3), { 3, 3, t.c, t.k });
        const Tensor out =
            run("Conv2D", { input, filter },
                { { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } }, { "padding", std::string("SAME") } });
        CHECK(out.shape() == TensorShape{ t.batch, t.h, t.w, t.k });
    }
    // No input channels: TF's error (a modulo by the filter's depth once crashed here).
    const Tensor none(DType::Float32, { 2, 4, 5, 0 }), filter(DType::Float32, { 3, 3, 0, 4 });
    CHECK_THROWS_WITH(run("Conv2D", { none, filter },
                          { { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } }, { "padding", std::string("SAME") } }),
                      Catch::Contains("filter depth must be stricly positive, got 0"));
}

TEST_CASE("conv2DForward gives the same bits on one thread and on four", "[conv2d]") {
    ThreadPool one(0), four(3);
    const Conv2DParams p = paramsOf({ 3, 30, 29, 24, 20, 3, 3, 1, 1, "SAME" });
    const Conv2DParams pointwise = paramsOf({ 3, 30, 29, 24, 20, 1, 1, 1, 1, "SAME" });
    const auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 3);
    const auto f = uniform(p.patch() * p.outChannels, 4);
    for (Conv2DAlgorithm a : kAlgorithms) {
        const Conv2DParams& q = a == Conv2DAlgorithm::Pointwise ? pointwise : p;
        INFO("algorithm " << static_cast<int>(a));
        const auto serial = forward(q, in, f, a, &one);
        CHECK(serial == forward(q, in, f, a, &four));
        CHECK(serial == forward(q, in, f, a, &four));
    }
}

TEST_CASE("conv2DForward's epilogue sees every output pixel once", "[conv2d]") {
    ThreadPool pool(3);
    for (const Case& t : { Case{ 3, 30, 29, 24, 20, 3, 3, 1, 1, "SAME" }, Case{ 2, 9, 7, 33, 17, 1, 1, 1, 1, "VALID" },
                           Case{ 2, 31, 29, 5, 7, 3, 3, 2, 1, "SAME" } }) {
        const Conv2DParams p = paramsOf(t);
        const auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 5);
        const auto f = uniform(p.patch() * p.outChannels, 6);
        for (Conv2DAlgorithm a : kAlgorithms) {
            if (!conv2DApplies(p, a)) continue;
            const auto plain = forward(p, in, f, a, &pool);
            std::vector<float> out(plain.size());
            std::vector<int> seen(static_cast<size_t>(p.outPixels()), 0);
            // Each pixel's values are final when the epilogue sees them; it doubles them.
            const ConvEpilogue twice = [&](float* rows, int64_t first, int64_t count) {
                for (int64_t i = 0; i < count; ++i) {
                    ++seen[static_cast<size_t>(first + i)];
                    for (int64_t k = 0; k < p.outChannels; ++k) rows[i * p.outChannels + k] *= 2;
                }
            };
            conv2DForward(p, in.data(), f.data(), out.data(), { .epilogue = &twice, .algorithm = a, .pool = &pool });
            INFO("algorithm " << static_cast<int>(a));
            CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
            bool doubled = true;
            for (size_t i = 0; i < out.size(); ++i) doubled = doubled && out[i] == 2 * plain[i];
            CHECK(doubled);
        }
    }
}

TEST_CASE("Conv2D and _FusedConv2D run the fast paths with TF's results", "[conv2d]") {
    for (const Case& t : { Case{ 2, 12, 11, 16, 24, 3, 3, 1, 1, "SAME" }, Case{ 2, 12, 11, 3, 16, 3, 3, 1, 1, "SAME" },
                           Case{ 2, 12, 11, 16, 8, 1, 1, 1, 1, "VALID" } }) {
        const Conv2DParams p = paramsOf(t);
        const auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 7);
        const auto f = uniform(p.patch() * p.outChannels, 8);
        const auto b = uniform(p.outChannels, 9);
        const Tensor input = f32(in, { t.batch, t.h, t.w, t.c }), filter = f32(f, { t.kh, t.kw, t.c, t.k });
        const Tensor bias = f32(b, { t.k });
        const AttrMap conv{ { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } }, { "padding", t.padding } };
        const Tensor plain = run("Conv2D", { input, filter }, conv);
        const Reference want = reference(p, in, f);
        std::vector<float> got(plain.data<float>(), plain.data<float>() + plain.numElements());
        CHECK(worstError(got, want) <= bound(Conv2DAlgorithm::Winograd4x4));
        for (const std::string act : { "Relu", "Relu6", "Elu", "LeakyRelu" }) {
            INFO(act << " after a " << t.kh << "x" << t.kw << " convolution of " << t.c << " channels");
            AttrMap fused = conv;
            fused.set("fused_ops", std::vector<std::string>{ "BiasAdd", act });
            fused.set("num_args", int64_t{ 1 });
            fused.set("num_host_args", int64_t{ 0 });
            fused.set("leakyrelu_alpha", 0.3f);
            const Tensor separate = act == "LeakyRelu"
                ? run(act, { run("BiasAdd", { plain, bias }) }, { { "alpha", 0.3f } })
                : run(act, { run("BiasAdd", { plain, bias }) });
            // The same products in the same order, then the same formulas: the same bits.
            const Tensor together = run("_FusedConv2D", { input, filter, bias }, fused);
            REQUIRE(together.shape() == separate.shape());
            CHECK(std::equal(together.data<float>(), together.data<float>() + together.numElements(),
                             separate.data<float>()));
        }
    }
}

TEST_CASE("a 1x1 Conv2D with explicit padding after the image gives the same result in float64", "[conv2d]") {
    // The output is larger than the input: the input is not the im2col matrix (the float64 path
    // once read it as such, past its end).
    const Case t{ 1, 5, 6, 12, 10, 1, 1, 1, 1, "EXPLICIT" };
    const auto in = uniform(t.batch * t.h * t.w * t.c, 11);
    const auto f = uniform(t.c * t.k, 12);
    AttrMap attrs{ { "strides", std::vector<int64_t>{ 1, 1, 1, 1 } }, { "padding", std::string("EXPLICIT") } };
    attrs.set("explicit_paddings", std::vector<int64_t>{ 0, 0, 0, 2, 0, 2, 0, 0 });
    const Tensor single = run("Conv2D", { f32(in, { t.batch, t.h, t.w, t.c }), f32(f, { 1, 1, t.c, t.k }) }, attrs);
    const Tensor dbl = run("Conv2D",
                           { run("Cast", { f32(in, { t.batch, t.h, t.w, t.c }) }, { { "DstT", DType::Float64 } }),
                             run("Cast", { f32(f, { 1, 1, t.c, t.k }) }, { { "DstT", DType::Float64 } }) },
                           attrs);
    REQUIRE(dbl.shape() == TensorShape{ 1, 7, 8, 10 });
    REQUIRE(single.shape() == dbl.shape());
    const auto a = single.toDoubleVector(), b = dbl.toDoubleVector();
    for (size_t i = 0; i < a.size(); ++i) CHECK(std::abs(a[i] - b[i]) <= 1e-5 * (1 + std::abs(b[i])));
}

TEST_CASE("a channel epilogue in registers gives the bits of the epilogue it describes", "[conv2d]") {
    // With the AVX-512 and AVX2 variants the Winograd path's stores apply the description; with the
    // others, and on the other paths, both sides run the same std::function and this checks only
    // that the description is ignored there.
    ThreadPool pool(2);
    using Act = ConvChannelEpilogue::Activation;
    for (const Case& t : { Case{ 2, 13, 10, 16, 24, 3, 3, 1, 1, "SAME" }, Case{ 1, 9, 9, 8, 40, 3, 3, 1, 1, "VALID" },
                           Case{ 2, 8, 8, 3, 16, 3, 3, 1, 1, "SAME" } }) {
        const Conv2DParams p = paramsOf(t);
        auto in = uniform(p.batch * p.inH * p.inW * p.inChannels, 21);
        in[5] = std::numeric_limits<float>::quiet_NaN(); // NaN must survive Relu and Relu6
        const auto f = uniform(p.patch() * p.outChannels, 22);
        auto scale = uniform(p.outChannels, 23), shift = uniform(p.outChannels, 24);
        for (float& s : scale) s *= 8; // values past 6 for Relu6
        for (Act act : { Act::None, Act::Relu, Act::Relu6 })
            for (bool scaled : { false, true }) {
                const ConvChannelEpilogue description{ scaled ? scale.data() : nullptr, shift.data(), act };
                const ConvEpilogue rows = [&](float* out, int64_t, int64_t count) {
                    for (int64_t i = 0; i < count * p.outChannels; ++i) {
                        const size_t k = static_cast<size_t>(i % p.outChannels);
                        float v = scaled ? out[i] * scale[k] : out[i];
                        v = v + shift[k];
                        if (act != Act::None) v = v < 0 ? 0 : v;
                        if (act == Act::Relu6) v = v > 6 ? 6 : v;
                        out[i] = v;
                    }
                };
                for (Conv2DAlgorithm a : kAlgorithms)
                    for (GemmIsa isa : supportedGemmIsas()) {
                        if (!conv2DApplies(p, a)) continue;
                        std::vector<float> want(static_cast<size_t>(p.outPixels() * p.outChannels)), got(want.size());
                        conv2DForward(p, in.data(), f.data(), want.data(),
                                      { .epilogue = &rows, .algorithm = a, .pool = &pool, .gemmIsa = isa });
                        conv2DForward(p, in.data(), f.data(), got.data(),
                                      { .epilogue = &rows,
                                        .channelEpilogue = &description,
                                        .algorithm = a,
                                        .pool = &pool,
                                        .gemmIsa = isa });
                        INFO("algorithm " << static_cast<int>(a) << ", sgemm " << gemmIsaName(isa) << ", activation "
                                          << static_cast<int>(act) << ", scaled " << scaled << ", " << t.c << " -> "
                                          << t.k << " channels");
                        CHECK(std::count_if(got.begin(), got.end(), [](float v) { return std::isnan(v); }) > 0);
                        CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)) == 0);
                    }
            }
    }
}

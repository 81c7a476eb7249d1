#pragma once
// The float32 Conv2D forward pass (NHWC input, HWIO filter): tiled im2col, a pointwise path and
// Winograd for 3x3, each built on ops::sgemm and split over the intra-op pool. The result has the
// same bits whatever the thread count: the tiling depends on the geometry only.
#include <cstdint>
#include <functional>
#include <optional>

#include "core/ops/conv_epilogue.h"
#include "core/ops/gemm.h"

namespace graphlens::tensor {
class TensorShape;
}
namespace graphlens::util {
class ThreadPool;
}

namespace graphlens::ops {

class ResolvedAttrs;

struct Conv2DParams {
    int64_t batch = 0, inH = 0, inW = 0, inChannels = 0;
    int64_t outH = 0, outW = 0, outChannels = 0;
    int64_t kh = 0, kw = 0, strideH = 1, strideW = 1, dilationH = 1, dilationW = 1, padTop = 0, padLeft = 0;
    int64_t patch() const { return kh * kw * inChannels; }
    int64_t outPixels() const { return batch * outH * outW; }
};

// Conv2D's geometry from its attrs (strides, padding, explicit_paddings, data_format, dilations)
// and its operands' shapes, checked as TF's kernel checks them (kernels_conv.cpp).
Conv2DParams conv2DParams(const ResolvedAttrs& attrs, const tensor::TensorShape& input,
                          const tensor::TensorShape& filter);

// Runs on the output pixels [first, first + count) (pixel = (n * outH + y) * outW + x), `rows`
// pointing at the first one's outChannels values, right after they were written, while they are in
// cache. Called from several threads at once, on disjoint pixels.
using ConvEpilogue = std::function<void(float* rows, int64_t first, int64_t count)>;

enum class Conv2DAlgorithm {
    Auto,        // the fastest of those below that applies
    Im2col,      // any geometry
    Direct,      // any geometry: im2col's bits without its copies, for few input channels (im2col where
                 // sgemm runs neither AVX2 nor AVX-512)
    Pointwise,   // 1x1, stride 1, no padding
    Winograd2x2, // F(2x2, 3x3): 3x3, stride 1, dilation 1
    Winograd4x4, // F(4x4, 3x3): 3x3, stride 1, dilation 1
};

bool conv2DApplies(const Conv2DParams& p, Conv2DAlgorithm algorithm);
// The algorithm Auto picks for `p`.
Conv2DAlgorithm conv2DChoose(const Conv2DParams& p);

struct Conv2DOptions {
    const ConvEpilogue* epilogue = nullptr;               // run on every output pixel when given
    const ConvChannelEpilogue* channelEpilogue = nullptr; // what `epilogue` computes, when it is that simple
    Conv2DAlgorithm algorithm = Conv2DAlgorithm::Auto;    // must apply to the geometry (conv2DApplies)
    util::ThreadPool* pool = nullptr;                     // nullptr: the intra-op pool
    // The sgemm variant of every path's products, which also picks the direct kernels' and the
    // Winograd transforms' instruction set (one this CPU runs; tests, benchmarks); unset:
    // activeGemmIsa().
    std::optional<GemmIsa> gemmIsa;
};

// output[batch, outH, outW, outChannels] = conv(input, filter).
void conv2DForward(const Conv2DParams& p, const float* input, const float* filter, float* output,
                   const Conv2DOptions& options = {});

} // namespace graphlens::ops

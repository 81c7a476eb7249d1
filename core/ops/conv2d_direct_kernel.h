#pragma once
// The direct convolution's row kernels, one per instruction set (conv2d_direct_avx512.cpp,
// conv2d_direct_avx2.cpp, each compiled for its ISA alone), for convolutions with few input
// channels, where im2col's copies cost more than its product (B6's RGB layer: 55% of its time).
// Plain types only: nothing here may be inline, or an ISA-flagged copy of it could be the one the
// linker keeps for every caller.
#include <cstdint>

namespace graphlens::ops::conv_direct_detail {

// An aggregate without default member initialisers, so no implicit inline constructor is emitted.
struct DirectConvShape {
    int64_t inH, inW, inChannels, outH, outW, outChannels;
    int64_t kh, strideH, strideW, dilationH, padTop, padLeft;
    // Pixels in one zero-padded input row: every tap of an output row lies inside it.
    int64_t paddedW;
    // kh * kw * inChannels taps, tap p = (ky * kw + kx) * inChannels + c as in the HWIO filter.
    int64_t patch;
    // sgemm's KC depth for a product `patch` deep (gemmBlockDepth): the taps are summed in blocks
    // of this many, each from zero and added to the output, so the bits are im2col's.
    int64_t blockDepth;
    // patch entries: tap p's offset in the row scratch from an output pixel's first float,
    // ky * paddedW * inChannels + kx * dilationW * inChannels + c.
    const int64_t* tapOffset;
};

// Output rows [firstRow, endRow) (row = n * outH + oy) of the NHWC output, from the NHWC input
// and the HWIO filter; `scratch` holds kh * paddedW * inChannels floats.
void directConvRowsAvx512(const DirectConvShape& s, const float* input, const float* filter, float* output,
                          int64_t firstRow, int64_t endRow, float* scratch);
void directConvRowsAvx2(const DirectConvShape& s, const float* input, const float* filter, float* output,
                        int64_t firstRow, int64_t endRow, float* scratch);

} // namespace graphlens::ops::conv_direct_detail

#pragma once
// The direct convolution written once for a vector type; included only by the ISA files
// (conv2d_direct_avx512.cpp, conv2d_direct_avx2.cpp), each defining `Isa` first. Everything is in
// an anonymous namespace, so each file keeps its own copy compiled for its own ISA. No standard
// library templates either: an ISA-flagged instance of one could serve other callers.
//
// Each output pixel's value is the chain of multiply-adds sgemm's micro-kernels compute for the
// im2col row: taps in filter order, summed from zero in blocks of s.blockDepth, each block added
// to the stored output; padding taps multiply a zero as im2col's rows do. So the bits equal the
// im2col path's on the same ISA, but for the sign of a NaN: which NaN operand an FMA passes on
// follows the instruction form the compiler picks (tests/tensor/test_conv2d_forward.cpp).
#include <cstring>

#include "core/ops/conv2d_direct_kernel.h"

namespace graphlens::ops::conv_direct_detail {
namespace {

// The padded input rows of output row `row`: scratch[ky][xp][c] = input[n, y, xp - padLeft, c],
// zero outside the image.
void fillRows(const DirectConvShape& s, const float* input, int64_t row, float* scratch) {
    const int64_t n = row / s.outH, oy = row % s.outH, C = s.inChannels, rowFloats = s.paddedW * C;
    const float* image = input + n * s.inH * s.inW * C;
    for (int64_t ky = 0; ky < s.kh; ++ky) {
        float* dst = scratch + ky * rowFloats;
        const int64_t y = oy * s.strideH - s.padTop + ky * s.dilationH;
        if (y < 0 || y >= s.inH) {
            std::memset(dst, 0, static_cast<size_t>(rowFloats) * sizeof(float));
            continue;
        }
        // Pixels [lo, hi) of the padded row lie inside the image.
        int64_t lo = s.padLeft, hi = s.padLeft + s.inW;
        if (lo > s.paddedW) lo = s.paddedW;
        if (hi > s.paddedW) hi = s.paddedW;
        if (lo < 0) lo = 0;
        if (lo > 0) std::memset(dst, 0, static_cast<size_t>(lo * C) * sizeof(float));
        if (hi > lo)
            std::memcpy(dst + lo * C, image + (y * s.inW + lo - s.padLeft) * C,
                        static_cast<size_t>((hi - lo) * C) * sizeof(float));
        if (hi < s.paddedW) std::memset(dst + hi * C, 0, static_cast<size_t>((s.paddedW - hi) * C) * sizeof(float));
    }
}

// R output pixels of one output row, V vectors of channels from k0 (masks[v] for vector v): `src`
// is the first pixel's place in the row scratch, `pixelStep` the floats between two pixels'
// windows. Each broadcast input feeds V multiply-adds.
template<int R, int V>
void pixels(const DirectConvShape& s, const float* src, int64_t pixelStep, const float* filter, int64_t k0,
            const Isa::Mask* masks, float* out) {
    const int64_t K = s.outChannels;
    for (int64_t p0 = 0; p0 < s.patch; p0 += s.blockDepth) {
        const int64_t p1 = p0 + s.blockDepth < s.patch ? p0 + s.blockDepth : s.patch;
        Isa::Vec acc[R][V];
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v) acc[r][v] = Isa::zero();
        for (int64_t p = p0; p < p1; ++p) {
            Isa::Vec w[V];
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v) w[v] = Isa::load(filter + p * K + k0 + v * Isa::kLanes, masks[v]);
            const float* x = src + s.tapOffset[p];
#pragma GCC unroll 16
            for (int r = 0; r < R; ++r) {
                const Isa::Vec xr = Isa::set1(x[r * pixelStep]);
#pragma GCC unroll 4
                for (int v = 0; v < V; ++v) acc[r][v] = Isa::fmadd(xr, w[v], acc[r][v]);
            }
        }
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v) {
                float* o = out + r * K + v * Isa::kLanes;
                Isa::store(o, masks[v], p0 == 0 ? acc[r][v] : Isa::add(Isa::load(o, masks[v]), acc[r][v]));
            }
    }
}

// One output row's pixels in groups of R, V vectors of channels from k0.
template<int R, int V>
void rowPixels(const DirectConvShape& s, const float* scratch, const float* filter, int64_t k0, const Isa::Mask* masks,
               float* out) {
    const int64_t K = s.outChannels, W = s.outW, step = s.strideW * s.inChannels;
    if (W < R) {
        for (int64_t x = 0; x < W; ++x) pixels<1, V>(s, scratch + x * step, step, filter, k0, masks, out + x * K + k0);
        return;
    }
    // Full groups of R pixels; the last group ends at the row's end and may recompute a few
    // pixels of the one before, which writes the same bits again.
    for (int64_t x = 0;; x += R) {
        if (x > W - R) x = W - R;
        pixels<R, V>(s, scratch + x * step, step, filter, k0, masks, out + x * K + k0);
        if (x == W - R) break;
    }
}

void rows(const DirectConvShape& s, const float* input, const float* filter, float* output, int64_t firstRow,
          int64_t endRow, float* scratch) {
    constexpr int V = Isa::kVectors;
    const int64_t K = s.outChannels;
    for (int64_t row = firstRow; row < endRow; ++row) {
        fillRows(s, input, row, scratch);
        float* out = output + row * s.outW * K;
        for (int64_t k0 = 0; k0 < K;) {
            Isa::Mask masks[V];
            for (int v = 0; v < V; ++v) masks[v] = Isa::mask(K - k0 - v * Isa::kLanes);
            // The last channels, one vector's worth or fewer, take a group of single vectors.
            if (V == 1 || K - k0 <= Isa::kLanes) {
                rowPixels<Isa::kPixelsOneVector, 1>(s, scratch, filter, k0, masks, out);
                k0 += Isa::kLanes;
            } else {
                rowPixels<Isa::kPixels, V>(s, scratch, filter, k0, masks, out);
                k0 += V * Isa::kLanes;
            }
        }
    }
}

} // namespace
} // namespace graphlens::ops::conv_direct_detail

// Winograd F(4x4, 3x3) transforms with AVX-512 (see winograd_kernels.h). This file alone is
// compiled with -mavx512f -mfma: it must hold no inline or template code shared with other files
// (the linker could keep this file's copy for callers on any CPU), hence intrinsics only.
#include <immintrin.h>

#include "core/ops/winograd_kernels.h"

namespace graphlens::ops::winograd_detail {

namespace {

__mmask16 laneMask(int64_t lanes) {
    return lanes >= 16 ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << lanes) - 1);
}

// B^T d on six vectors (Lavin & Gray's F(4, 3)).
[[gnu::always_inline]] inline void inputLine(const __m512* d, __m512* v) {
    const __m512 two = _mm512_set1_ps(2.0f), four = _mm512_set1_ps(4.0f), five = _mm512_set1_ps(5.0f);
    const __m512 d4m2 = _mm512_sub_ps(d[4], d[2]);
    v[0] = _mm512_fmadd_ps(four, d[0], _mm512_fnmadd_ps(five, d[2], d[4]));
    v[1] = _mm512_fnmadd_ps(four, _mm512_add_ps(d[1], d[2]), _mm512_add_ps(d[3], d[4]));
    v[2] = _mm512_fmadd_ps(four, _mm512_sub_ps(d[1], d[2]), _mm512_sub_ps(d[4], d[3]));
    v[3] = _mm512_fmadd_ps(two, _mm512_sub_ps(d[3], d[1]), d4m2);
    v[4] = _mm512_fmadd_ps(two, _mm512_sub_ps(d[1], d[3]), d4m2);
    v[5] = _mm512_fmadd_ps(four, d[1], _mm512_fnmadd_ps(five, d[3], d[5]));
}

// A^T m on six vectors: four results.
[[gnu::always_inline]] inline void outputLine(const __m512* m, __m512* y) {
    const __m512 s12 = _mm512_add_ps(m[1], m[2]), d12 = _mm512_sub_ps(m[1], m[2]);
    const __m512 s34 = _mm512_add_ps(m[3], m[4]), d34 = _mm512_sub_ps(m[3], m[4]);
    y[0] = _mm512_add_ps(_mm512_add_ps(m[0], s12), s34);
    y[1] = _mm512_fmadd_ps(_mm512_set1_ps(2.0f), d34, d12);
    y[2] = _mm512_fmadd_ps(_mm512_set1_ps(4.0f), s34, s12);
    y[3] = _mm512_add_ps(_mm512_fmadd_ps(_mm512_set1_ps(8.0f), d34, d12), m[5]);
}

// The channel epilogue on one vector of channels; a mul and an add, never fused into an FMA
// (the file is built with -ffp-contract=off), so the bits are those of the separate ops. The
// max/min operand order keeps NaN as the scalar `v < 0 ? 0 : v` does, and -0 too.
struct ChannelVector {
    __m512 scale, shift;
    bool scaled;
    ConvChannelEpilogue::Activation activation;

    ChannelVector(const ConvChannelEpilogue& e, int64_t k0, __mmask16 mask)
        : scale(e.scale ? _mm512_maskz_loadu_ps(mask, e.scale + k0) : _mm512_setzero_ps())
        , shift(_mm512_maskz_loadu_ps(mask, e.shift + k0))
        , scaled(e.scale != nullptr)
        , activation(e.activation) { }

    // The maskz_ forms with every lane set: GCC 12 warns of the plain forms' undefined source.
    [[gnu::always_inline]] __m512 apply(__m512 v) const {
        constexpr __mmask16 all = 0xFFFF;
        v = _mm512_add_ps(scaled ? _mm512_mul_ps(v, scale) : v, shift);
        switch (activation) {
        case ConvChannelEpilogue::Activation::None:
            return v;
        case ConvChannelEpilogue::Activation::Relu:
            return _mm512_maskz_max_ps(all, _mm512_setzero_ps(), v);
        case ConvChannelEpilogue::Activation::Relu6:
            return _mm512_maskz_max_ps(all, _mm512_setzero_ps(), _mm512_maskz_min_ps(all, _mm512_set1_ps(6.0f), v));
        }
        return v;
    }
};

} // namespace

void inputTransform4x4Avx512(
    const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v, int64_t pointStride) {
    for (int64_t c0 = 0; c0 < C; c0 += 16) {
        const __mmask16 mask = laneMask(C - c0);
        __m512 t[36], d[6], column[6];
        for (int s = 0; s < 6; ++s) {
            const int64_t x = x0 + s;
            for (int r = 0; r < 6; ++r) {
                const int64_t y = y0 + r;
                d[r] = y >= 0 && y < H && x >= 0 && x < W ? _mm512_maskz_loadu_ps(mask, image + (y * W + x) * C + c0)
                                                          : _mm512_setzero_ps();
            }
            inputLine(d, column);
            for (int i = 0; i < 6; ++i)
                t[i * 6 + s] = column[i];
        }
        for (int r = 0; r < 6; ++r) {
            inputLine(t + r * 6, column);
            for (int i = 0; i < 6; ++i)
                _mm512_mask_storeu_ps(v + (r * 6 + i) * pointStride + c0, mask, column[i]);
        }
    }
}

void outputTransform4x4Avx512(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride,
    int64_t rows, int64_t cols, const ConvChannelEpilogue* epilogue) {
    for (int64_t k0 = 0; k0 < K; k0 += 16) {
        const __mmask16 mask = laneMask(K - k0);
        __m512 t[24], column[6], y[4];
        for (int s = 0; s < 6; ++s) {
            for (int r = 0; r < 6; ++r)
                column[r] = _mm512_maskz_loadu_ps(mask, m + (r * 6 + s) * pointStride + k0);
            outputLine(column, y);
            for (int i = 0; i < 4; ++i)
                t[i * 6 + s] = y[i];
        }
        // The row pass, once per kind of store, so the plain one has no test per vector.
        auto store = [&](auto finish) {
            for (int64_t r = 0; r < rows; ++r) {
                outputLine(t + r * 6, y);
                for (int64_t s = 0; s < cols; ++s)
                    _mm512_mask_storeu_ps(out + r * rowStride + s * K + k0, mask, finish(y[s]));
            }
        };
        if (epilogue) {
            const ChannelVector channels(*epilogue, k0, mask);
            store([&](__m512 v) { return channels.apply(v); });
        } else {
            store([](__m512 v) { return v; });
        }
    }
}

} // namespace graphlens::ops::winograd_detail

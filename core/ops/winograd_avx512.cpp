// Winograd F(4x4, 3x3)'s transforms with AVX-512F (winograd_body.h). Compiled with -mavx512f
// -mfma -ffp-contract=off alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where
// the CPU runs AVX-512.
#include <cstdint>
#include <immintrin.h>

namespace graphlens::ops::winograd_detail {
namespace {

struct Isa {
    using Vec = __m512;
    using Mask = __mmask16;
    static constexpr int64_t kLanes = 16;
    // The maskz_ forms with every lane set: GCC 12 warns of the plain forms' undefined source.
    static constexpr Mask kAll = 0xFFFF;
    static Mask mask(int64_t lanes) { return lanes >= kLanes ? kAll : static_cast<Mask>((1u << lanes) - 1u); }
    static Vec zero() { return _mm512_setzero_ps(); }
    static Vec set1(float x) { return _mm512_set1_ps(x); }
    static Vec load(const float* p, Mask m) { return _mm512_maskz_loadu_ps(m, p); }
    static void store(float* p, Mask m, Vec v) { _mm512_mask_storeu_ps(p, m, v); }
    static Vec add(Vec a, Vec b) { return _mm512_add_ps(a, b); }
    static Vec sub(Vec a, Vec b) { return _mm512_sub_ps(a, b); }
    static Vec mul(Vec a, Vec b) { return _mm512_mul_ps(a, b); }
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    static Vec fnmadd(Vec a, Vec b, Vec c) { return _mm512_fnmadd_ps(a, b, c); }
    // max and min return their second operand when either is NaN or both are zeros.
    static Vec max0(Vec v) { return _mm512_maskz_max_ps(kAll, _mm512_setzero_ps(), v); }
    static Vec min6(Vec v) { return _mm512_maskz_min_ps(kAll, _mm512_set1_ps(6.0f), v); }
};

} // namespace
} // namespace graphlens::ops::winograd_detail

#include "core/ops/winograd_body.h"
#include "core/ops/winograd_kernels.h"

namespace graphlens::ops::winograd_detail {

void inputTransform4x4Avx512(
    const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v, int64_t pointStride) {
    inputTransform(image, H, W, C, y0, x0, v, pointStride);
}

void outputTransform4x4Avx512(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride,
    int64_t rows, int64_t cols, const ConvChannelEpilogue* epilogue) {
    outputTransform(m, pointStride, K, out, rowStride, rows, cols, epilogue);
}

} // namespace graphlens::ops::winograd_detail

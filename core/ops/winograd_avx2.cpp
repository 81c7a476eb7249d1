// Winograd F(4x4, 3x3)'s transforms with AVX2 and FMA (winograd_body.h). Compiled with -mavx2
// -mfma -ffp-contract=off alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where
// sgemm runs AVX2.
#include <cstdint>
#include <immintrin.h>

namespace graphlens::ops::winograd_detail {
namespace {

struct Isa {
    using Vec = __m256;
    // AMD's masked moves are slow (microcoded stores): full vectors use the plain ones.
    struct Mask {
        __m256i lanes;
        bool full;
    };
    static constexpr int64_t kLanes = 8;
    static Mask mask(int64_t lanes) {
        const int left = lanes >= kLanes ? static_cast<int>(kLanes) : static_cast<int>(lanes);
        return { _mm256_cmpgt_epi32(_mm256_set1_epi32(left), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
            left == kLanes };
    }
    static Vec zero() { return _mm256_setzero_ps(); }
    static Vec set1(float x) { return _mm256_set1_ps(x); }
    static Vec load(const float* p, Mask m) { return m.full ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, m.lanes); }
    static void store(float* p, Mask m, Vec v) {
        if (m.full)
            _mm256_storeu_ps(p, v);
        else
            _mm256_maskstore_ps(p, m.lanes, v);
    }
    static Vec add(Vec a, Vec b) { return _mm256_add_ps(a, b); }
    static Vec sub(Vec a, Vec b) { return _mm256_sub_ps(a, b); }
    static Vec mul(Vec a, Vec b) { return _mm256_mul_ps(a, b); }
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    static Vec fnmadd(Vec a, Vec b, Vec c) { return _mm256_fnmadd_ps(a, b, c); }
    // max and min return their second operand when either is NaN or both are zeros.
    static Vec max0(Vec v) { return _mm256_max_ps(_mm256_setzero_ps(), v); }
    static Vec min6(Vec v) { return _mm256_min_ps(_mm256_set1_ps(6.0f), v); }
};

} // namespace
} // namespace graphlens::ops::winograd_detail

#include "core/ops/winograd_body.h"
#include "core/ops/winograd_kernels.h"

namespace graphlens::ops::winograd_detail {

void inputTransform4x4Avx2(
    const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v, int64_t pointStride) {
    inputTransform(image, H, W, C, y0, x0, v, pointStride);
}

void outputTransform4x4Avx2(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride, int64_t rows,
    int64_t cols, const ConvChannelEpilogue* epilogue) {
    outputTransform(m, pointStride, K, out, rowStride, rows, cols, epilogue);
}

} // namespace graphlens::ops::winograd_detail

#pragma once
// Vector operations on 8 floats with AVX2 and FMA, for the kernel files compiled for AVX2 alone
// (conv2d_direct_avx2.cpp, winograd_avx2.cpp). Only those may include this header, and it is all
// in an anonymous namespace: each file keeps its own copy, so no AVX2 code can be the copy the
// linker keeps for callers on other CPUs.
#include <cstdint>
#include <immintrin.h>

namespace graphlens::ops {
namespace {

struct Avx2 {
    using Vec = __m256;
    // AMD's masked moves are slow (microcoded stores): full vectors use the plain ones.
    struct Mask {
        __m256i lanes;
        bool full;
    };
    static constexpr int kLanes = 8;
    // The first `lanes` lanes (none for lanes <= 0).
    static Mask mask(int64_t lanes) {
        const int left = lanes >= kLanes ? kLanes : lanes <= 0 ? 0 : static_cast<int>(lanes);
        return { _mm256_cmpgt_epi32(_mm256_set1_epi32(left), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
                 left == kLanes };
    }
    static Vec zero() { return _mm256_setzero_ps(); }
    static Vec set1(float x) { return _mm256_set1_ps(x); }
    // Masked-off lanes read as zero and are not written.
    static Vec load(const float* p, Mask m) { return m.full ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, m.lanes); }
    static void store(float* p, Mask m, Vec v) {
        if (m.full) _mm256_storeu_ps(p, v);
        else _mm256_maskstore_ps(p, m.lanes, v);
    }
    static Vec add(Vec a, Vec b) { return _mm256_add_ps(a, b); }
    static Vec sub(Vec a, Vec b) { return _mm256_sub_ps(a, b); }
    static Vec mul(Vec a, Vec b) { return _mm256_mul_ps(a, b); }
    // a * b + c and c - a * b, one rounding; the operand order of sgemm's micro-kernel.
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    static Vec fnmadd(Vec a, Vec b, Vec c) { return _mm256_fnmadd_ps(a, b, c); }
    // max and min return their second operand when either is NaN or both are zeros, so these
    // keep NaN and -0 as the scalar `v < 0 ? 0 : v` and `v > 6 ? 6 : v` do.
    static Vec max0(Vec v) { return _mm256_max_ps(_mm256_setzero_ps(), v); }
    static Vec min6(Vec v) { return _mm256_min_ps(_mm256_set1_ps(6.0f), v); }
};

} // namespace
} // namespace graphlens::ops

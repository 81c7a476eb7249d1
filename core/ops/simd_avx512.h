#pragma once
// Vector operations on 16 floats with AVX-512F, for the kernel files compiled for AVX-512 alone
// (conv2d_direct_avx512.cpp, winograd_avx512.cpp). Only those may include this header, and it is
// all in an anonymous namespace: each file keeps its own copy, so no AVX-512 code can be the copy
// the linker keeps for callers on other CPUs.
#include <cstdint>
#include <immintrin.h>

namespace graphlens::ops {
namespace {

struct Avx512 {
    using Vec = __m512;
    using Mask = __mmask16;
    static constexpr int kLanes = 16;
    // The maskz_ forms with every lane set: GCC 12 warns of the plain forms' undefined source.
    static constexpr Mask kAll = 0xFFFF;
    // The first `lanes` lanes (none for lanes <= 0).
    static Mask mask(int64_t lanes) {
        if (lanes <= 0) return 0;
        return lanes >= kLanes ? kAll : static_cast<Mask>((1u << lanes) - 1u);
    }
    static Vec zero() { return _mm512_setzero_ps(); }
    static Vec set1(float x) { return _mm512_set1_ps(x); }
    // Masked-off lanes read as zero and are not written.
    static Vec load(const float* p, Mask m) { return _mm512_maskz_loadu_ps(m, p); }
    static void store(float* p, Mask m, Vec v) { _mm512_mask_storeu_ps(p, m, v); }
    static Vec add(Vec a, Vec b) { return _mm512_add_ps(a, b); }
    static Vec sub(Vec a, Vec b) { return _mm512_sub_ps(a, b); }
    static Vec mul(Vec a, Vec b) { return _mm512_mul_ps(a, b); }
    // a * b + c and c - a * b, one rounding; the operand order of sgemm's micro-kernel.
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    static Vec fnmadd(Vec a, Vec b, Vec c) { return _mm512_fnmadd_ps(a, b, c); }
    // max and min return their second operand when either is NaN or both are zeros, so these
    // keep NaN and -0 as the scalar `v < 0 ? 0 : v` and `v > 6 ? 6 : v` do.
    static Vec max0(Vec v) { return _mm512_maskz_max_ps(kAll, _mm512_setzero_ps(), v); }
    static Vec min6(Vec v) { return _mm512_maskz_min_ps(kAll, _mm512_set1_ps(6.0f), v); }
};

} // namespace
} // namespace graphlens::ops

// The AVX-512F micro-kernel: 8 rows × 32 columns, two zmm accumulators per row. This file is
// compiled with -mavx512f -mfma (core/ops/CMakeLists.txt); it includes no library header with
// inline or template functions and keeps everything in an anonymous namespace, so no function
// compiled for AVX-512 can be picked by the linker for code that runs on other CPUs.
#include <immintrin.h>

#include "core/ops/gemm_kernels.h"

namespace graphlens::ops::gemm_detail {

namespace {

constexpr int kRows = 8;
constexpr int kLanes = 16;

// A tile of R rows and V vectors of columns. kAColumns: A(r,p) = a[p·csA + r] (a packed panel or
// a transposed A); otherwise A(r,p) = a[r·rsA + p] (A read in place, row by row). Each KC block's
// sum starts from zero and is added to C, as Eigen's GEMM does: long sums stay closer to TF's.
template<int R, int V, bool kAColumns>
void tile(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c, int64_t ldc, int,
          int cols, bool accumulate) {
    __m512 acc[R][V];
    __mmask16 masks[V];
#pragma GCC unroll 4
    for (int v = 0; v < V; ++v) {
        const int left = cols - v * kLanes;
        masks[v] = left >= kLanes ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << left) - 1u);
    }
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) acc[r][v] = _mm512_setzero_ps();
    for (int64_t p = 0; p < kc; ++p) {
        __m512 bv[V];
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) bv[v] = _mm512_loadu_ps(b + p * ldb + v * kLanes);
        const float* ap = kAColumns ? a + p * csA : a + p;
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) {
            const __m512 av = _mm512_set1_ps(ap[kAColumns ? r : r * rsA]);
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v) acc[r][v] = _mm512_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) {
            float* cp = c + r * ldc + v * kLanes;
            const __m512 sum = accumulate ? _mm512_add_ps(_mm512_maskz_loadu_ps(masks[v], cp), acc[r][v]) : acc[r][v];
            _mm512_mask_storeu_ps(cp, masks[v], sum);
        }
}

template<int V, bool kAColumns> TileFn tileFor(int rows) {
    switch (rows) {
    case 1:
        return &tile<1, V, kAColumns>;
    case 2:
        return &tile<2, V, kAColumns>;
    case 3:
        return &tile<3, V, kAColumns>;
    case 4:
        return &tile<4, V, kAColumns>;
    case 5:
        return &tile<5, V, kAColumns>;
    case 6:
        return &tile<6, V, kAColumns>;
    case 7:
        return &tile<7, V, kAColumns>;
    default:
        return &tile<kRows, V, kAColumns>;
    }
}

void anyTile(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c, int64_t ldc,
             int rows, int cols, bool accumulate) {
    const bool columns = csA != 1;
    const TileFn fn = cols > kLanes ? (columns ? tileFor<2, true>(rows) : tileFor<2, false>(rows))
                                    : (columns ? tileFor<1, true>(rows) : tileFor<1, false>(rows));
    fn(kc, a, rsA, csA, b, ldb, c, ldc, rows, cols, accumulate);
}

} // namespace

MicroKernel avx512MicroKernel() {
    return MicroKernel{ kRows, 2 * kLanes, &anyTile };
}

} // namespace graphlens::ops::gemm_detail

// The AVX2 + FMA micro-kernel: 6 rows × 16 columns, two ymm accumulators per row. This file is
// compiled with -mavx2 -mfma (core/ops/CMakeLists.txt); it includes no library header with
// inline or template functions and keeps everything in an anonymous namespace, so no function
// compiled for AVX2 can be picked by the linker for code that runs on other CPUs.
#include <immintrin.h>

#include "core/ops/gemm_kernels.h"

namespace graphlens::ops::gemm_detail {

namespace {

constexpr int kRows = 6;
constexpr int kLanes = 8;

// A tile of R rows and V vectors of columns. kAColumns: A(r,p) = a[p·csA + r] (a packed panel or
// a transposed A); otherwise A(r,p) = a[r·rsA + p] (A read in place, row by row). Each KC block's
// sum starts from zero and is added to C, as Eigen's GEMM does: long sums stay closer to TF's.
template<int R, int V, bool kAColumns>
void tile(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c, int64_t ldc, int,
          int cols, bool accumulate) {
    __m256 acc[R][V];
    // Only the last vector of a tile narrower than the panel needs masked loads and stores.
    const bool partial = cols < V * kLanes;
    const __m256i lastMask =
        _mm256_cmpgt_epi32(_mm256_set1_epi32(cols - (V - 1) * kLanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) acc[r][v] = _mm256_setzero_ps();
    for (int64_t p = 0; p < kc; ++p) {
        __m256 bv[V];
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) bv[v] = _mm256_loadu_ps(b + p * ldb + v * kLanes);
        const float* ap = kAColumns ? a + p * csA : a + p;
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) {
            const __m256 av = _mm256_broadcast_ss(ap + (kAColumns ? r : r * rsA));
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v) acc[r][v] = _mm256_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) {
            float* cp = c + r * ldc + v * kLanes;
            const bool masked = partial && v == V - 1;
            __m256 sum = acc[r][v];
            if (accumulate) sum = _mm256_add_ps(masked ? _mm256_maskload_ps(cp, lastMask) : _mm256_loadu_ps(cp), sum);
            if (masked) _mm256_maskstore_ps(cp, lastMask, sum);
            else _mm256_storeu_ps(cp, sum);
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

MicroKernel avx2MicroKernel() {
    return MicroKernel{ kRows, 2 * kLanes, &anyTile };
}

} // namespace graphlens::ops::gemm_detail

// The direct convolution with AVX2 and FMA (conv2d_direct_body.h). Compiled with -mavx2 -mfma
// alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where sgemm runs AVX2.
#include <immintrin.h>

namespace graphlens::ops::conv_direct_detail {
namespace {

struct Isa {
    using Vec = __m256;
    // AMD's masked moves are slow (microcoded stores): full vectors use the plain ones.
    struct Mask {
        __m256i lanes;
        bool full;
    };
    static constexpr int kLanes = 8;
    // Two vectors of channels per pass, so each broadcast feeds two FMAs: 6 x 2 accumulators, two
    // filter vectors and a broadcast within the 16 ymm registers (one vector: 12 pixels).
    static constexpr int kVectors = 2, kPixels = 6, kPixelsOneVector = 12;
    static Mask mask(int64_t lanes) {
        const int left = lanes >= kLanes ? static_cast<int>(kLanes) : lanes <= 0 ? 0 : static_cast<int>(lanes);
        return { _mm256_cmpgt_epi32(_mm256_set1_epi32(left), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
            left == kLanes };
    }
    static Vec zero() { return _mm256_setzero_ps(); }
    static Vec load(const float* p, Mask m) { return m.full ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, m.lanes); }
    static void store(float* p, Mask m, Vec v) {
        if (m.full)
            _mm256_storeu_ps(p, v);
        else
            _mm256_maskstore_ps(p, m.lanes, v);
    }
    // The operand order of sgemm's micro-kernel (gemm_avx2.cpp), so the bits are the same.
    static Vec broadcast(float x) { return _mm256_set1_ps(x); }
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    static Vec add(Vec stored, Vec sum) { return _mm256_add_ps(stored, sum); }
};

} // namespace
} // namespace graphlens::ops::conv_direct_detail

#include "core/ops/conv2d_direct_body.h"

namespace graphlens::ops::conv_direct_detail {

void directConvRowsAvx2(const DirectConvShape& s, const float* input, const float* filter, float* output,
    int64_t firstRow, int64_t endRow, float* scratch) {
    rows(s, input, filter, output, firstRow, endRow, scratch);
}

} // namespace graphlens::ops::conv_direct_detail

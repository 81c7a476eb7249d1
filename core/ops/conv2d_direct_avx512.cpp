// The direct convolution with AVX-512F (conv2d_direct_body.h). Compiled with -mavx512f -mfma
// alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where sgemm runs AVX-512.
#include <immintrin.h>

namespace graphlens::ops::conv_direct_detail {
namespace {

struct Isa {
    using Vec = __m512;
    using Mask = __mmask16;
    static constexpr int kLanes = 16;
    // 16 accumulators: 8 pixels x 2 vectors of channels (each broadcast feeds two FMAs), or 16
    // pixels x 1 vector for the last 16 channels or fewer. Measured on one Zen 4 thread: a 7x7
    // stride-2 RGB stem to 64 channels 10.3 ms (1 x 12: 11.7), B6's RGB layer 0.68 ms (12: 0.75).
    static constexpr int kVectors = 2, kPixels = 8, kPixelsOneVector = 16;
    static Mask mask(int64_t lanes) {
        if (lanes <= 0) return 0;
        return lanes >= kLanes ? static_cast<Mask>(0xFFFF) : static_cast<Mask>((1u << lanes) - 1u);
    }
    static Vec broadcast(float x) { return _mm512_set1_ps(x); }
    static Vec zero() { return _mm512_setzero_ps(); }
    static Vec load(const float* p, Mask m) { return _mm512_maskz_loadu_ps(m, p); }
    static void store(float* p, Mask m, Vec v) { _mm512_mask_storeu_ps(p, m, v); }
    // The operand order of sgemm's micro-kernel (gemm_avx512.cpp), so the bits are the same.
    static Vec fmadd(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    static Vec add(Vec stored, Vec sum) { return _mm512_add_ps(stored, sum); }
};

} // namespace
} // namespace graphlens::ops::conv_direct_detail

#include "core/ops/conv2d_direct_body.h"

namespace graphlens::ops::conv_direct_detail {

void directConvRowsAvx512(const DirectConvShape& s, const float* input, const float* filter, float* output,
    int64_t firstRow, int64_t endRow, float* scratch) {
    rows(s, input, filter, output, firstRow, endRow, scratch);
}

} // namespace graphlens::ops::conv_direct_detail

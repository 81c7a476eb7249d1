// The direct convolution with AVX-512F (conv2d_direct_body.h). Compiled with -mavx512f -mfma
// alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where sgemm runs AVX-512.
#include "core/ops/simd_avx512.h"

namespace graphlens::ops::conv_direct_detail {
namespace {

struct Isa : Avx512 {
    // 16 accumulators: 8 pixels x 2 vectors of channels (each broadcast feeds two FMAs), or 16
    // pixels x 1 vector for the last 16 channels or fewer. Measured on one Zen 4 thread: a 7x7
    // stride-2 RGB stem to 64 channels 10.3 ms (1 x 12: 11.7), B6's RGB layer 0.68 ms (12: 0.75).
    static constexpr int kVectors = 2, kPixels = 8, kPixelsOneVector = 16;
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

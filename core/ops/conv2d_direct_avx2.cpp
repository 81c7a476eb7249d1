// The direct convolution with AVX2 and FMA (conv2d_direct_body.h). Compiled with -mavx2 -mfma
// alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where sgemm runs AVX2.
#include "core/ops/simd_avx2.h"

namespace graphlens::ops::conv_direct_detail {
namespace {

struct Isa : Avx2 {
    // Two vectors of channels per pass, so each broadcast feeds two FMAs: 6 x 2 accumulators, two
    // filter vectors and a broadcast within the 16 ymm registers (one vector: 12 pixels).
    static constexpr int kVectors = 2, kPixels = 6, kPixelsOneVector = 12;
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

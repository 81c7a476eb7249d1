// Winograd F(4x4, 3x3)'s transforms with AVX2 and FMA (winograd_body.h). Compiled with -mavx2 -mfma
// -ffp-contract=off alone (core/ops/CMakeLists.txt); conv2d_forward.cpp calls it only where sgemm
// runs AVX2.
#include "core/ops/simd_avx2.h"

namespace graphlens::ops::winograd_detail {
namespace {

using Isa = Avx2;

} // namespace
} // namespace graphlens::ops::winograd_detail

#include "core/ops/winograd_body.h"
#include "core/ops/winograd_kernels.h"

namespace graphlens::ops::winograd_detail {

void inputTransform4x4Avx2(const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v,
                           int64_t pointStride) {
    inputTransform(image, H, W, C, y0, x0, v, pointStride);
}

void outputTransform4x4Avx2(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride, int64_t rows,
                            int64_t cols, const ConvChannelEpilogue* epilogue) {
    outputTransform(m, pointStride, K, out, rowStride, rows, cols, epilogue);
}

} // namespace graphlens::ops::winograd_detail

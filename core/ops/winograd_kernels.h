#pragma once
// Winograd F(4x4, 3x3)'s input and output transforms, one pair per instruction set
// (winograd_avx512.cpp, winograd_avx2.cpp, each compiled for its ISA alone); conv2d_forward.cpp
// calls a pair only where the CPU runs its ISA. Channels are the vector lanes; `pointStride` is
// the distance between the 36 transform points' rows.
#include <cstdint>

#include "core/ops/conv_epilogue.h"

namespace graphlens::ops::winograd_detail {

// v[point * pointStride + c] = (B^T d B)[point] for c < C, d the 6x6 window of the NHWC `image`
// (H x W x C) whose corner is (y0, x0), zero outside the image.
using InputTransformFn = void (*)(const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v,
                                  int64_t pointStride);

// out[r * rowStride + s * K + k] = (A^T m A)[r, s] for r < rows, s < cols (at most 4), k < K, m
// the 6x6 products m[point * pointStride + k]; with `epilogue`, what it makes of that value.
using OutputTransformFn = void (*)(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride,
                                   int64_t rows, int64_t cols, const ConvChannelEpilogue* epilogue);

void inputTransform4x4Avx512(const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v,
                             int64_t pointStride);
void outputTransform4x4Avx512(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride,
                              int64_t rows, int64_t cols, const ConvChannelEpilogue* epilogue);
void inputTransform4x4Avx2(const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v,
                           int64_t pointStride);
void outputTransform4x4Avx2(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride, int64_t rows,
                            int64_t cols, const ConvChannelEpilogue* epilogue);

} // namespace graphlens::ops::winograd_detail

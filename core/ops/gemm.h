#pragma once
// Single-precision matrix product for the contraction kernels (MatMul, BatchMatMul, the fused
// MatMul, convolutions and their gradients).
#include <cstdint>

namespace graphlens::ops {

// C[m×n] = op(A)[m×k] · op(B)[k×n], or C += that when `accumulate`. All three are row-major with
// leading dimensions lda, ldb, ldc (elements between rows as stored: A is k×m when transA).
// Deterministic: the same bits whatever the thread count.
void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
           int64_t ldb, float* c, int64_t ldc, bool accumulate = false);

} // namespace graphlens::ops

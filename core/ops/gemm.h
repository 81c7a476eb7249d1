#pragma once
// Single-precision matrix product for the contraction kernels (MatMul, BatchMatMul, the fused
// MatMul, convolutions and their gradients).
#include <cstdint>
#include <vector>

namespace graphlens::ops {

// C[m×n] = op(A)[m×k] · op(B)[k×n], or C += that when `accumulate`. All three are row-major with
// leading dimensions lda, ldb, ldc (elements between rows as stored: A is k×m when transA).
// Deterministic: the same bits whatever the thread count. Big products run on the intra-op pool.
void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
           int64_t ldb, float* c, int64_t ldc, bool accumulate = false);

// The implementations of sgemm: our packed GEMM with a micro-kernel per instruction set, and
// Eigen's GEMM (baseline ISA, one thread) as the reference peer.
enum class GemmIsa { Eigen, Generic, Avx2, Avx512 };

const char* gemmIsaName(GemmIsa isa); // "eigen", "generic", "avx2", "avx512"
// The variants this CPU runs (Eigen and Generic always), slowest first.
std::vector<GemmIsa> supportedGemmIsas();
// The variant sgemm uses: GRAPHLENS_GEMM_ISA=avx512|avx2|generic|eigen where this CPU runs it,
// otherwise the best the CPU runs.
GemmIsa activeGemmIsa();

// sgemm with a chosen variant (one this CPU runs); `threaded` false keeps it on the calling
// thread (callers that already spread their blocks over the pool, tests, benchmarks).
void sgemmUsing(GemmIsa isa, bool threaded, bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a,
                int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, bool accumulate = false);

// The depth of sgemm's KC blocks for a product k deep. Each block's sum starts from zero and is
// added to C, so code that must give sgemm's bits sums in blocks of this many.
int64_t gemmBlockDepth(int64_t k);

} // namespace graphlens::ops

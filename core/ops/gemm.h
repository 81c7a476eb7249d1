#pragma once
// Single-precision matrix product for the contraction kernels (MatMul, BatchMatMul, the fused
// MatMul, convolutions and their gradients).
#include <cstddef>
#include <cstdint>
#include <utility>
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

// C[m×n] = op(A)·op(B) with the k sums split and combined as TF 2.21's CPU MatMul splits them
// (Eigen's thread-pool contraction with TF's oneDNN sgemm kernel, TF_ENABLE_ONEDNN_OPTS=0): see
// tfMatMulDepthPlan. `tfThreads` is the thread count of the TF device being mimicked (the
// reference machine's 2; 1 for BatchMatMul's products that TF runs one per thread), never ours:
// the bits do not depend on our pool. MatMul, _FusedMatMul and BatchMatMulV2 use it.
void sgemmTfMatMul(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                   const float* b, int64_t ldb, float* c, int64_t ldc, int tfThreads = 0);
void sgemmTfMatMulUsing(GemmIsa isa, bool threaded, bool transA, bool transB, int64_t m, int64_t n, int64_t k,
                        const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc,
                        int tfThreads = 0);

// TF's split of a k-deep product [m,k]×[k,n]: `blocks` are [p0, p0 + kc) ranges in order, each
// summed from zero (one fused multiply-add chain per output) and added to its group's total left
// to right; `groupEnd` ends each group (partial buffer: Eigen's sharding by the inner dimension
// has one per thread), and the groups' totals are added in Eigen's tree (gemm.cpp). 0 threads:
// the reference machine's (kTfThreads in gemm.cpp).
struct GemmDepthPlan {
    std::vector<std::pair<int64_t, int64_t>> blocks; // (p0, kc)
    std::vector<size_t> groupEnd;                    // one past each group's last block
};
GemmDepthPlan tfMatMulDepthPlan(int64_t m, int64_t n, int64_t k, int tfThreads = 0);
// As tfThreads: the split of TF's oneDNN MatMul (TF_ENABLE_ONEDNN_OPTS on) instead.
constexpr int kOnednnMatMul = -1;

// The depth of sgemm's KC blocks for a product k deep. Each block's sum starts from zero and is
// added to C, so code that must give sgemm's bits sums in blocks of this many.
int64_t gemmBlockDepth(int64_t k);

} // namespace graphlens::ops

// sgemm on Eigen's GEMM (baseline ISA, one thread).
#include "core/ops/gemm.h"

#include <Eigen/Core>

namespace graphlens::ops {

namespace {

using Stride = Eigen::OuterStride<>;
using RowMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ColMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

template<class M> Eigen::Map<const M, 0, Stride> view(const float* p, int64_t rows, int64_t cols, int64_t ld) {
    return Eigen::Map<const M, 0, Stride>(p, rows, cols, Stride(ld));
}

template<class A, class B> void product(Eigen::Map<RowMat, 0, Stride>& c, const A& a, const B& b, bool accumulate) {
    if (accumulate) c.noalias() += a * b;
    else c.noalias() = a * b;
}

} // namespace

void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
           int64_t ldb, float* c, int64_t ldc, bool accumulate) {
    if (m <= 0 || n <= 0) return;
    Eigen::Map<RowMat, 0, Stride> cm(c, m, n, Stride(ldc));
    if (k <= 0) {
        if (!accumulate) cm.setZero();
        return;
    }
    // A transposed is its row-major k×m storage read as a column-major m×k matrix.
    if (!transA && !transB) product(cm, view<RowMat>(a, m, k, lda), view<RowMat>(b, k, n, ldb), accumulate);
    else if (transA && !transB) product(cm, view<ColMat>(a, m, k, lda), view<RowMat>(b, k, n, ldb), accumulate);
    else if (!transA && transB) product(cm, view<RowMat>(a, m, k, lda), view<ColMat>(b, k, n, ldb), accumulate);
    else product(cm, view<ColMat>(a, m, k, lda), view<ColMat>(b, k, n, ldb), accumulate);
}

} // namespace graphlens::ops

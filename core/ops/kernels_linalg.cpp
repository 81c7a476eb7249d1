// Qr (tf.linalg.qr): Householder QR of each matrix of a batch, as TF's kernel computes it with
// Eigen's HouseholderQR (Q from the Householder sequence applied to the identity, R the upper
// triangle). Keras's Orthogonal initializer (LSTM/GRU recurrent kernels) is built on it. Not
// bit-exact with TF beyond small matrices: TF's wheel runs Eigen with AVX packets and a newer
// Eigen's matrix-vector products, and an AVX build of Eigen here would share Eigen's inline code
// with the SSE files (gemm.cpp's rule); built with -mavx it matched R and the full Q everywhere
// tried, and the reduced Q of matrices with 48 columns or more.
#include <Eigen/Dense>

#include "core/ops/kernel_util.h"
#include "core/tensor/dispatch.h"
#include "core/util/interrupt.h"

namespace graphlens::ops {

namespace {

template<class T>
void qrMatricesImpl(const Tensor& x, Tensor& q, Tensor& r, int64_t m, int64_t n, int64_t qCols, bool fullMatrices) {
    using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const int64_t k = std::min(m, n);
    const int64_t rRows = fullMatrices ? m : k;
    const int64_t batch = m * n == 0 ? 0 : x.numElements() / (m * n);
    for (int64_t b = 0; b < batch; ++b) {
        util::checkInterrupt();
        const Eigen::Map<const Matrix> in(x.data<T>() + b * m * n, m, n);
        const Eigen::HouseholderQR<Matrix> qr(in);
        Eigen::Map<Matrix> qOut(q.data<T>() + b * m * qCols, m, qCols);
        // Matched against TF's results: a full Q, and a square one with fewer than 48 reflectors
        // (Eigen's block size), round as the identity shortcut forms them (each reflector on the
        // lower-right corner it touches); the others as the plain product with the identity.
        if (fullMatrices || (qCols == m && k < 48)) qOut = Matrix(qr.householderQ());
        else qOut = qr.householderQ() * Matrix::Identity(m, qCols);
        Eigen::Map<Matrix> rOut(r.data<T>() + b * rRows * n, rRows, n);
        rOut = qr.matrixQR().topRows(rRows).template triangularView<Eigen::Upper>();
    }
}

void qrKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    if (x.rank() < 2) invalidArgument("Input tensor 0 must have rank >= 2, got ", x.rank());
    const bool full = c.attrs().getBool("full_matrices");
    const int64_t m = x.dim(x.rank() - 2), n = x.dim(x.rank() - 1), k = std::min(m, n);
    TensorShape qShape = x.shape(), rShape = x.shape();
    qShape.setDim(x.rank() - 1, full ? m : k);
    rShape.setDim(x.rank() - 2, full ? m : k);
    Tensor& q = c.allocateOutput(0, x.dtype(), qShape);
    Tensor& r = c.allocateOutput(1, x.dtype(), rShape);
    if (x.dtype() != DType::Float32 && x.dtype() != DType::Float64) invalidArgument("Qr: unsupported dtype");
    if (x.dtype() == DType::Float32) qrMatricesImpl<float>(x, q, r, m, n, full ? m : k, full);
    else qrMatricesImpl<double>(x, q, r, m, n, full ? m : k, full);
}

void qrShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    if (!x.hasRank()) {
        c.setOutput(0, PartialShape::unknown());
        return c.setOutput(1, PartialShape::unknown());
    }
    if (x.rank() < 2) invalidArgument("Shape must be at least rank 2 but is rank ", x.rank());
    const bool full = c.attrs().getBool("full_matrices");
    std::vector<int64_t> q = x.dims(), r = x.dims();
    const int64_t m = q[q.size() - 2], n = q.back();
    const int64_t k = (m < 0 || n < 0) ? PartialShape::kUnknown : std::min(m, n);
    q.back() = full ? m : k;
    r[r.size() - 2] = full ? m : k;
    c.setOutput(0, PartialShape(q));
    c.setOutput(1, PartialShape(r));
}

} // namespace

void registerLinalgKernels() {
    defineOp("Qr").kernel(qrKernel, maskOf(DType::Float32, DType::Float64)).shape(qrShape);
}

} // namespace graphlens::ops

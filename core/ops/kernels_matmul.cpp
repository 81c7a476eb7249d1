// MatMul and BatchMatMulV2: float32 on sgemm (core/ops/gemm.h), the other types on Eigen's GEMM.
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <type_traits>

#include "core/ops/gemm.h"
#include "core/ops/kernel_util.h"
#include "core/ops/onednn.h"
#include "core/util/interrupt.h"
#include "core/util/thread_pool.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kMatMulTypes = maskOf(DType::Float32, DType::Float64, DType::Int32, DType::Int64);

template<class T> using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template<class T> using ColMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

// out[m,n] = op(a)[m,k] * op(b)[k,n]; a transposed is its row-major data read column-major.
// Float32 sums k as TF's MatMul does (sgemmTfMatMul) when `tfSplit`, else in sgemm's blocks.
template<class T>
void gemm(const T* a, const T* b, T* out, int64_t m, int64_t k, int64_t n, bool ta, bool tb, bool tfSplit) {
    if constexpr (std::is_same_v<T, float>) {
        if (tfSplit)
            sgemmTfMatMul(ta, tb, m, n, k, a, ta ? m : k, b, tb ? k : n, out, n, onednnEnabled() ? kOnednnMatMul : 0);
        else sgemm(ta, tb, m, n, k, a, ta ? m : k, b, tb ? k : n, out, n);
    } else {
        Eigen::Map<RowMat<T>> c(out, m, n);
        if (k == 0) {
            c.setZero();
            return;
        }
        // A big product runs in bands of rows with the script's limits checked between them
        // (Eigen's one call cannot be stopped); a small one stays one call, as it always was.
        constexpr int64_t kMacsPerBand = int64_t{ 1 } << 26;
        const int64_t band = m * k * n <= 2 * kMacsPerBand ? m : std::max<int64_t>(1, kMacsPerBand / (k * n));
        auto product = [&](const auto& x, const auto& y) {
            for (int64_t r = 0; r < m; r += band) {
                util::checkInterrupt();
                const int64_t rows = std::min(band, m - r);
                c.middleRows(r, rows).noalias() = x.middleRows(r, rows) * y;
            }
        };
        if (!ta && !tb) product(Eigen::Map<const RowMat<T>>(a, m, k), Eigen::Map<const RowMat<T>>(b, k, n));
        else if (ta && !tb) product(Eigen::Map<const ColMat<T>>(a, m, k), Eigen::Map<const RowMat<T>>(b, k, n));
        else if (!ta && tb) product(Eigen::Map<const RowMat<T>>(a, m, k), Eigen::Map<const ColMat<T>>(b, k, n));
        else product(Eigen::Map<const ColMat<T>>(a, m, k), Eigen::Map<const ColMat<T>>(b, k, n));
    }
}

// TF's SequentialMatMulKernel for float (BatchMatMul of small products, TF_ENABLE_ONEDNN_OPTS off)
// where Eigen's matrix product is coefficient-wise: in TF's AVX build without FMA, each output's k
// summed in order, a multiply and an add each rounded (one depth block: k < 20).
void sequentialProduct(const float* a, const float* b, float* out, int64_t m, int64_t k, int64_t n, bool ta, bool tb) {
    const int64_t aRow = ta ? 1 : k, aCol = ta ? m : 1; // a[i][p] = a[i * aRow + p * aCol]
    const int64_t bRow = tb ? 1 : n, bCol = tb ? k : 1; // b[p][j] = b[p * bRow + j * bCol]
    // With a's rows and b's columns both contiguous (b adjoint, a not) Eigen sums each dot as a
    // vectorised reduction: the first 8 products as one AVX packet, reduced as its predux adds
    // the lanes ((0+4)+(2+6))+((1+5)+(3+7)), then the rest in order (k < 16 here: one packet).
    const bool packetDot = !ta && tb && k >= 8;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            auto prod = [&](int64_t p) { return a[i * aRow + p * aCol] * b[p * bRow + j * bCol]; };
            volatile float acc = 0.0f; // no contraction into a fused multiply-add
            int64_t p = 0;
            if (packetDot) {
                float lane[8];
                for (int l = 0; l < 8; ++l) lane[l] = prod(l);
                const float b0 = lane[0] + lane[4], b1 = lane[1] + lane[5], b2 = lane[2] + lane[6],
                            b3 = lane[3] + lane[7];
                acc = (b0 + b2) + (b1 + b3);
                p = 8;
            }
            for (; p < k; ++p) {
                const float v = prod(p);
                acc = acc + v;
            }
            out[i * n + j] = acc;
        }
}

void matMulKernel(KernelContext& c) {
    const Tensor& a = c.input(0);
    const Tensor& b = c.input(1);
    const bool ta = c.attrs().getBool("transpose_a"), tb = c.attrs().getBool("transpose_b");
    if (a.rank() != 2) invalidArgument("In[0] is not a matrix. Instead it has shape ", a.shape().str());
    if (b.rank() != 2) invalidArgument("In[1] is not a matrix. Instead it has shape ", b.shape().str());
    const int64_t m = a.dim(ta ? 1 : 0), k = a.dim(ta ? 0 : 1);
    const int64_t k2 = b.dim(tb ? 1 : 0), n = b.dim(tb ? 0 : 1);
    if (k != k2) invalidArgument("Matrix size-incompatible: In[0]: ", a.shape().str(), ", In[1]: ", b.shape().str());
    if (tensor::isComplex(a.dtype())) {
        // a plain triple loop: the GEMM takes real numbers only
        tensor::visitComplex(a.dtype(), [&](auto tag) {
            using C = decltype(tag);
            Tensor& out = c.allocateOutput(0, a.dtype(), TensorShape{ m, n });
            const C* ap = a.data<C>();
            const C* bp = b.data<C>();
            C* op = out.data<C>();
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    C acc(0);
                    for (int64_t p = 0; p < k; ++p)
                        acc += ap[ta ? p * m + i : i * k + p] * bp[tb ? j * k + p : p * n + j];
                    op[i * n + j] = acc;
                }
        });
        return;
    }
    tensor::visitCommon(a.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, a.dtype(), TensorShape{ m, n });
        gemm<T>(a.data<T>(), b.data<T>(), out.data<T>(), m, k, n, ta, tb, true);
    });
}

void matMulShape(ShapeContext& c) {
    const PartialShape& a = c.inputShape(0);
    const PartialShape& b = c.inputShape(1);
    const bool ta = c.attrs().getBool("transpose_a"), tb = c.attrs().getBool("transpose_b");
    if ((a.hasRank() && a.rank() != 2) || (b.hasRank() && b.rank() != 2))
        invalidArgument("Shape must be rank 2 but is rank ", a.rank() != 2 ? a.rank() : b.rank());
    const int64_t m = a.hasRank() ? a.dim(ta ? 1 : 0) : -1, n = b.hasRank() ? b.dim(tb ? 0 : 1) : -1;
    const int64_t k = a.hasRank() ? a.dim(ta ? 0 : 1) : -1, k2 = b.hasRank() ? b.dim(tb ? 1 : 0) : -1;
    if (k >= 0 && k2 >= 0 && k != k2) invalidArgument("Dimensions must be equal, but are ", k, " and ", k2);
    c.setOutput(0, PartialShape{ m, n });
}

void batchMatMulKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    const bool ax = c.attrs().getBool("adj_x"), ay = c.attrs().getBool("adj_y");
    if (x.rank() < 2) invalidArgument("In[0] ndims must be >= 2: ", x.rank());
    if (y.rank() < 2) invalidArgument("In[1] ndims must be >= 2: ", y.rank());
    TensorShape xb(std::vector<int64_t>(x.shape().dims().begin(), x.shape().dims().end() - 2));
    TensorShape yb(std::vector<int64_t>(y.shape().dims().begin(), y.shape().dims().end() - 2));
    std::optional<Broadcast> bc;
    try {
        bc.emplace(xb, yb);
    } catch (const InvalidArgumentError&) {
        invalidArgument("In[0] and In[1] must have compatible batch dimensions: ", x.shape().str(), " vs. ",
                        y.shape().str());
    }
    const int64_t m = x.dim(x.rank() - (ax ? 1 : 2)), k = x.dim(x.rank() - (ax ? 2 : 1));
    const int64_t k2 = y.dim(y.rank() - (ay ? 1 : 2)), n = y.dim(y.rank() - (ay ? 2 : 1));
    if (k != k2) {
        // oneDNN's batch matmul kernel adds the adjoint flags to the message.
        const bool mkl = (x.dtype() == DType::Float32 || x.dtype() == DType::BFloat16) && onednnEnabled();
        invalidArgument("Matrix size-incompatible: In[0]: ", x.shape().str(), ", In[1]: ", y.shape().str(),
                        mkl ? (ax ? " 1" : " 0") : "", mkl ? (ay ? " 1" : " 0") : "");
    }
    TensorShape outShape = bc->outShape;
    outShape.addDim(m);
    outShape.addDim(n);
    tensor::visitCommon(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, x.dtype(), outShape);
        const int64_t xm = m * k, ym = k * n, om = m * n;
        // The batch's matrices, in output order.
        std::vector<std::array<int64_t, 3>> items;
        forEachBroadcastRun(*bc, [&](int64_t o, int64_t xo, int64_t yo, int64_t count, int64_t xs, int64_t ys) {
            for (int64_t i = 0; i < count; ++i)
                items.push_back({ (xo + i * xs) * xm, (yo + i * ys) * ym, (o + i) * om });
        });
        // How TF's float BatchMatMul sums (oneDNN off): products of more than 128 x 128 work, or a
        // batch of one, run as MatMul's contraction; smaller ones (none of m, k, n being 1) in
        // Eigen's matrix product, which for k + m + n < 20 is its coefficient-wise one: each sum
        // in order. Eigen's blocked kernel for the rest, oneDNN's and the matrix-vector products
        // are not reproduced (sgemm's blocks).
        const int64_t smallDim = std::min({ m, k, n });
        const bool tfFloat = std::is_same_v<T, float> && !onednnEnabled() && smallDim > 1;
        const bool contraction = tfFloat && (items.size() == 1 || m * k * n > 128 * 128);
        const bool sequential = tfFloat && !contraction && k + m + n < 20;
        auto run = [&](int64_t begin, int64_t end) {
            for (int64_t i = begin; i < end; ++i) {
                util::checkInterrupt(); // between the products of a batch
                const auto& [xoff, yoff, ooff] = items[static_cast<size_t>(i)];
                if constexpr (std::is_same_v<T, float>) {
                    if (sequential) {
                        sequentialProduct(x.data<T>() + xoff, y.data<T>() + yoff, out.data<T>() + ooff, m, k, n, ax,
                                          ay);
                        continue;
                    }
                }
                gemm<T>(x.data<T>() + xoff, y.data<T>() + yoff, out.data<T>() + ooff, m, k, n, ax, ay, contraction);
            }
        };
        // Many small float products share the pool, whole matrices per block (each output is one
        // product's, so the bits do not depend on the split); a big one splits itself in sgemm.
        constexpr int64_t kMacsPerBlock = int64_t(1) << 18;
        const int64_t macs = std::max<int64_t>(1, m * n * k);
        if (std::is_same_v<T, float> && items.size() > 1 && macs < kMacsPerBlock)
            util::intraOpPool().parallelFor(static_cast<int64_t>(items.size()), kMacsPerBlock / macs, run);
        else run(0, static_cast<int64_t>(items.size()));
    });
}

void batchMatMulShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const PartialShape& y = c.inputShape(1);
    if (!x.hasRank() || !y.hasRank()) {
        c.setOutput(0, PartialShape::unknown());
        return;
    }
    const bool ax = c.attrs().getBool("adj_x"), ay = c.attrs().getBool("adj_y");
    PartialShape xb(std::vector<int64_t>(x.dims().begin(), x.dims().end() - 2));
    PartialShape yb(std::vector<int64_t>(y.dims().begin(), y.dims().end() - 2));
    std::vector<int64_t> out = broadcastPartial(xb, yb).dims();
    out.push_back(x.dim(x.rank() - (ax ? 1 : 2)));
    out.push_back(y.dim(y.rank() - (ay ? 2 : 1)));
    c.setOutput(0, PartialShape(out));
}

} // namespace

void registerMatMulKernels() {
    defineOp("MatMul").kernel(matMulKernel, kMatMulTypes | tensor::kComplexTypes).viaFloat().shape(matMulShape);
    defineOp("BatchMatMulV2").kernel(batchMatMulKernel, kMatMulTypes).viaFloat().shape(batchMatMulShape);
}

} // namespace graphlens::ops

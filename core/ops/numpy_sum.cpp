#include "core/ops/numpy_sum.h"

#include <algorithm>
#include <string>

#include "core/tensor/errors.h"

namespace graphlens::ops {
namespace {

using tensor::Tensor;
using tensor::TensorShape;

// numpy's pairwise_sum: under 8 values in order; up to 128 with eight accumulators combined as a
// tree, then the rest in order; longer runs split at a multiple of 8 below the half.
template<class T> T pairwiseSum(const T* p, int64_t n) {
    if (n < 8) {
        T r = T(-0.0);
        for (int64_t i = 0; i < n; ++i) r += p[i];
        return r;
    }
    if (n <= 128) {
        T r[8];
        for (int k = 0; k < 8; ++k) r[k] = p[k];
        int64_t i = 8;
        for (; i < n - n % 8; i += 8)
            for (int k = 0; k < 8; ++k) r[k] += p[i + k];
        T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += p[i];
        return res;
    }
    int64_t half = n / 2;
    half -= half % 8;
    return pairwiseSum(p, half) + pairwiseSum(p + half, n - half);
}

// numpy's iterator coalesces adjacent dims that are both reduced or both kept (size-1 dims drop
// out) and walks them in C order; when the innermost run is reduced each of its rows is added to
// its output as one pairwise sum, when it is kept the outputs add the rows element by element.
template<class T>
void sumInto(const T* x, T* y, const std::vector<int64_t>& dims, const std::vector<bool>& reduced, int64_t kept) {
    std::fill(y, y + kept, T(0));
    if (dims.empty()) {
        y[0] = T(0) + x[0];
        return;
    }
    const size_t nd = dims.size();
    const int64_t inner = dims.back();
    int64_t outerCount = 1;
    for (size_t i = 0; i + 1 < nd; ++i) outerCount *= dims[i];
    std::vector<int64_t> idx(nd - 1, 0);
    for (int64_t o = 0; o < outerCount; ++o) {
        int64_t out = 0;
        for (size_t k = 0; k + 1 < nd; ++k)
            if (!reduced[k]) out = out * dims[k] + idx[k];
        const T* row = x + o * inner;
        if (reduced.back()) {
            y[out] += pairwiseSum(row, inner);
        } else {
            T* dst = y + out * inner;
            for (int64_t j = 0; j < inner; ++j) dst[j] += row[j];
        }
        for (size_t k = nd - 1; k-- > 0;) {
            if (++idx[k] < dims[k]) break;
            idx[k] = 0;
        }
    }
}

} // namespace

Tensor numpySum(const Tensor& x, const std::vector<int64_t>& axes, bool keepDims) {
    const auto rank = static_cast<size_t>(x.rank());
    std::vector<bool> isReduced(rank, false);
    for (const int64_t a : axes) isReduced[static_cast<size_t>(a)] = true;
    std::vector<int64_t> outDims, runs;
    std::vector<bool> runReduced;
    int64_t kept = 1;
    for (size_t i = 0; i < rank; ++i) {
        const int64_t d = x.shape().dim(static_cast<int>(i));
        if (!isReduced[i]) {
            outDims.push_back(d);
            kept *= d;
        } else if (keepDims) {
            outDims.push_back(1);
        }
        if (d == 1) continue;
        if (!runs.empty() && runReduced.back() == isReduced[i]) runs.back() *= d;
        else {
            runs.push_back(d);
            runReduced.push_back(isReduced[i]);
        }
    }
    Tensor y(x.dtype(), TensorShape(outDims));
    if (x.numElements() == 0) {
        if (x.dtype() == tensor::DType::Float32) std::fill_n(y.data<float>(), kept, 0.0f);
        else std::fill_n(y.data<double>(), kept, 0.0);
        return y;
    }
    if (x.dtype() == tensor::DType::Float32) sumInto(x.data<float>(), y.data<float>(), runs, runReduced, kept);
    else if (x.dtype() == tensor::DType::Float64) sumInto(x.data<double>(), y.data<double>(), runs, runReduced, kept);
    else
        throw tensor::InvalidArgumentError("numpySum takes float32 or float64, not " +
                                           std::string(tensor::dtypeName(x.dtype())));
    return y;
}

} // namespace graphlens::ops

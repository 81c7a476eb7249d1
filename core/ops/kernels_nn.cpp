// BiasAdd(Grad), Softmax, LogSoftmax and the two softmax cross-entropy ops.
#include <cmath>

#include "core/ops/execute.h"
#include "core/ops/kernel_util.h"
#include "core/ops/tf_math.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kNativeFloat = maskOf(DType::Float32, DType::Float64);
constexpr DTypeMask kNative = tensor::kIntTypes | kNativeFloat;

// [outer, channels, inner] view of a tensor for a channel axis given by data_format.
struct ChannelView {
    int64_t outer = 1, channels = 1, inner = 1;
};
ChannelView channelView(const TensorShape& s, bool nchw) {
    ChannelView v;
    const int axis = nchw && s.rank() >= 3 ? 1 : s.rank() - 1;
    for (int i = 0; i < axis; ++i) v.outer *= s.dim(i);
    v.channels = s.dim(axis);
    for (int i = axis + 1; i < s.rank(); ++i) v.inner *= s.dim(i);
    return v;
}

void biasAddKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& bias = c.input(1);
    const bool nchw = c.attrs().getString("data_format") == "NCHW";
    if (x.rank() < 2) invalidArgument("Input tensor must be at least 2D: ", x.shape().str());
    if (bias.rank() != 1) invalidArgument("Biases must be 1D: ", bias.shape().str());
    const ChannelView v = channelView(x.shape(), nchw);
    if (bias.dim(0) != v.channels)
        invalidArgument("Must provide as many biases as the ", nchw ? "channel" : "last",
                        " dimension of the input tensor: ", bias.shape().str(), " vs. ", x.shape().str());
    tensor::visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = reuseOrAllocateOutput(c, 0, 0, x.dtype(), x.shape());
        const T* xp = x.data<T>();
        const T* b = bias.data<T>();
        T* o = out.data<T>();
        if (v.inner == 1) {
            // Channels last: a row per position, added as one vectorisable loop.
            for (int64_t a = 0; a < v.outer; ++a) {
                const T* row = xp + a * v.channels;
                T* dst = o + a * v.channels;
                for (int64_t ch = 0; ch < v.channels; ++ch) dst[ch] = static_cast<T>(row[ch] + b[ch]);
            }
            return;
        }
        for (int64_t a = 0, i = 0; a < v.outer; ++a)
            for (int64_t ch = 0; ch < v.channels; ++ch)
                for (int64_t n = 0; n < v.inner; ++n, ++i) o[i] = static_cast<T>(xp[i] + b[ch]);
    });
}

// TF's NHWC bias gradient adds the rows in order into a zeroed row of T (measured against TF 2.21
// for 5 to 1000 rows of 3 to 200 channels: no blocks, no wider accumulator).
template<class T> void reduceOuterDimensions(const T* in, T* out, int64_t outer, int64_t inner) {
    std::fill(out, out + inner, T(0));
    for (int64_t i = 0; i < outer; ++i)
        for (int64_t j = 0; j < inner; ++j) out[j] += in[i * inner + j];
}

void biasAddGradKernel(KernelContext& c) {
    const Tensor& g = c.input(0);
    const bool nchw = c.attrs().getString("data_format") == "NCHW";
    if (g.rank() < 2) invalidArgument("Input tensor must be at least 2D: ", g.shape().str());
    const ChannelView v = channelView(g.shape(), nchw);
    if (v.inner == 1 && (g.dtype() == DType::Float32 || g.dtype() == DType::Float64)) {
        tensor::visitFloat(g.dtype(), [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
                Tensor& out = c.allocateOutput(0, g.dtype(), TensorShape{ v.channels });
                reduceOuterDimensions(g.data<T>(), out.data<T>(), v.outer, v.channels);
            }
        });
        return;
    }
    if (g.dtype() == DType::Float32 || g.dtype() == DType::Float64) {
        // NCHW: TF's middle-dimension reduction; its Sum over [N, C, HW] is the nearest order here.
        const Tensor shaped = g.reshaped(TensorShape{ v.outer, v.channels, v.inner });
        c.setOutput(0, execute("Sum", { shaped, Tensor::fromVector(std::vector<int32_t>{ 0, 2 }) }, AttrMap{}).at(0));
        return;
    }
    tensor::visitNative(g.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::vector<double> acc(static_cast<size_t>(v.channels), 0.0);
        const T* gp = g.data<T>();
        if (v.inner == 1) {
            // Channels last (NHWC, a matrix): the channel loop is the inner one, so it vectorises;
            // each channel's sum runs over the rows in the same order (the MLP's [256, 64] took
            // 10.5 us with a one-element inner loop).
            double* sums = acc.data();
            for (int64_t a = 0; a < v.outer; ++a) {
                const T* row = gp + a * v.channels;
                for (int64_t ch = 0; ch < v.channels; ++ch) sums[ch] += static_cast<double>(row[ch]);
            }
        } else {
            for (int64_t a = 0, i = 0; a < v.outer; ++a)
                for (int64_t ch = 0; ch < v.channels; ++ch)
                    for (int64_t n = 0; n < v.inner; ++n, ++i)
                        acc[static_cast<size_t>(ch)] += static_cast<double>(gp[i]);
        }
        Tensor& out = c.allocateOutput(0, g.dtype(), TensorShape{ v.channels });
        for (int64_t ch = 0; ch < v.channels; ++ch) out.data<T>()[ch] = static_cast<T>(acc[static_cast<size_t>(ch)]);
    });
}
void biasAddGradShape(ShapeContext& c) {
    const PartialShape& g = c.inputShape(0);
    if (!g.hasRank()) return c.setOutput(0, PartialShape{ -1 });
    const bool nchw = c.attrs().getString("data_format") == "NCHW";
    c.setOutput(0, PartialShape{ g.dim(nchw && g.rank() >= 3 ? 1 : g.rank() - 1) });
}

// Row-wise softmax (or log-softmax) of [rows, n], the cross-entropy ops' own.
template<class T> void softmaxRows(const T* in, T* out, int64_t rows, int64_t n, bool logSoftmax) {
    for (int64_t r = 0; r < rows; ++r) {
        const T* x = in + r * n;
        T* y = out + r * n;
        T mx = x[0];
        for (int64_t i = 1; i < n; ++i) mx = std::max(mx, x[i]);
        double sum = 0;
        for (int64_t i = 0; i < n; ++i) sum += std::exp(static_cast<double>(x[i] - mx));
        if (logSoftmax) {
            const double ls = tfmath::logScalar(sum);
            for (int64_t i = 0; i < n; ++i) y[i] = static_cast<T>(static_cast<double>(x[i] - mx) - ls);
        } else {
            for (int64_t i = 0; i < n; ++i) y[i] = static_cast<T>(std::exp(static_cast<double>(x[i] - mx)) / sum);
        }
    }
}

template<bool kLog> void softmaxKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    // oneDNN's Softmax (float32, bfloat16) checks the rank itself, with its own code and words.
    if (!kLog && (x.dtype() == DType::Float32 || x.dtype() == DType::BFloat16) && (x.rank() < 1 || x.rank() > 5) &&
        onednnEnabled())
        throw tensor::AbortedError("Input dims must be <= 5 and >=1");
    if (x.rank() < 1) invalidArgument("logits must have >= 1 dimension, got ", x.shape().str());
    const int64_t n = x.dim(x.rank() - 1);
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, x.dtype(), x.shape());
        if (n == 0) return;
        // TF hands float Softmax (not LogSoftmax) to oneDNN when its oneDNN kernels are on.
        if constexpr (std::is_same_v<T, float>)
            if (!kLog && onednnEnabled())
                return tfmath::onednnSoftmaxRows(x.data<T>(), out.data<T>(), x.numElements() / n, n);
        tfmath::softmaxRows<T>(x.data<T>(), out.data<T>(), x.numElements() / n, n, kLog);
    });
}

// The steps TF's SparseXentFunctor and XentEigenImpl share, on a [batch, n] matrix g: g = logit -
// row max, and each row's sum of exp(g), the exp applied as Eigen's reduction loads it.
template<class T, class Logit> std::vector<T> shiftedRowExpSums(T* g, int64_t batch, int64_t n, const Logit& logit) {
    for (int64_t b = 0; b < batch; ++b) {
        T mx = logit(b, 0);
        for (int64_t i = 1; i < n; ++i) mx = tfmath::pmax(logit(b, i), mx);
        for (int64_t i = 0; i < n; ++i) g[b * n + i] = logit(b, i) - mx;
    }
    std::vector<T> sums(static_cast<size_t>(batch));
    for (int64_t b = 0; b < batch; ++b)
        sums[static_cast<size_t>(b)] = tfmath::sumRange<T>(
            b * n, n, [g](int64_t j) { return tfmath::expLane(g[j]); }, [g](int64_t j) { return std::exp(g[j]); });
    return sums;
}
// Then the softmax: exp(g) (Eigen's packets, then a scalar tail of the whole matrix) / row sum.
template<class T> void expOverRowSums(T* g, const std::vector<T>& sums, int64_t batch, int64_t n) {
    const int64_t total = batch * n, body = total - total % tfmath::kPacket<T>;
    for (int64_t i = 0; i < total; ++i) g[i] = i < body ? tfmath::expLane(g[i]) : std::exp(g[i]);
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t i = 0; i < n; ++i) g[b * n + i] = g[b * n + i] / sums[static_cast<size_t>(b)];
}
// float or double (half and bfloat16 reach the kernels as float: viaFloat)
template<class F> void visitFloatOrDouble(DType dt, F&& f) {
    if (dt == DType::Float64) f(double{});
    else f(float{});
}

void sparseXentKernel(KernelContext& c) {
    const Tensor& logits = c.input(0);
    const Tensor& labels = c.input(1);
    if (logits.rank() != 2) invalidArgument("logits must be 2-D, but got shape ", logits.shape().str());
    if (labels.rank() != 1) invalidArgument("labels must be 1-D, but got shape ", labels.shape().str());
    if (logits.dim(0) != labels.dim(0))
        invalidArgument("logits and labels must have the same first dimension, got logits shape ", logits.shape().str(),
                        " and labels shape ", labels.shape().str());
    const int64_t batch = logits.dim(0), n = logits.dim(1);
    const auto lab = labels.toInt64Vector();
    for (int64_t v : lab)
        if (v < 0 || v >= n) {
            std::string all;
            for (int64_t l : lab) all += (all.empty() ? "" : " ") + std::to_string(l);
            invalidArgument("Received a label value of ", v, " which is outside the valid range of [0, ", n,
                            ").  Label values: ", all);
        }
    visitFloatOrDouble(logits.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& loss = c.allocateOutput(0, logits.dtype(), TensorShape{ batch });
        Tensor& back = c.allocateOutput(1, logits.dtype(), logits.shape());
        if (n == 0) return;
        // TF's SparseXentFunctor: loss = log(sum) - shifted at the label (a scalar log); backprop =
        // the softmax - one at the label.
        const T* x = logits.data<T>();
        T* g = back.data<T>();
        const std::vector<T> sums =
            shiftedRowExpSums(g, batch, n, [x, n](int64_t b, int64_t i) { return x[b * n + i]; });
        for (int64_t b = 0; b < batch; ++b)
            loss.data<T>()[b] =
                tfmath::logScalar(sums[static_cast<size_t>(b)]) - g[b * n + lab[static_cast<size_t>(b)]];
        expOverRowSums(g, sums, batch, n);
        for (int64_t b = 0; b < batch; ++b) g[b * n + lab[static_cast<size_t>(b)]] -= T(1);
    });
}
void sparseXentShape(ShapeContext& c) {
    const PartialShape& l = c.inputShape(0);
    c.setOutput(0, l.hasRank() ? PartialShape{ l.dim(0) } : PartialShape{ -1 });
    c.setOutput(1, l.hasRank() ? l : PartialShape::unknownOfRank(2));
}

void xentShape(ShapeContext& c) {
    const PartialShape& a = c.inputShape(0);
    const PartialShape& b = c.inputShape(1);
    PartialShape out = PartialShape::unknownOfRank(2);
    if (a.rank() == 2 && b.rank() == 2) {
        const auto dim = [](int64_t x, int64_t y) { return x == 1 ? y : (y == 1 ? x : (x < 0 ? y : x)); };
        out = PartialShape{ dim(a.dim(0), b.dim(0)), dim(a.dim(1), b.dim(1)) };
    }
    c.setOutput(0, PartialShape{ out.dim(0) });
    c.setOutput(1, out);
}

void xentKernel(KernelContext& c) {
    const Tensor& logits = c.input(0);
    const Tensor& labels = c.input(1);
    // TF broadcasts labels and logits against each other (BCast), then wants a matrix.
    const auto broadcastDim = [](int64_t a, int64_t b) { return a == b ? a : (a == 1 ? b : (b == 1 ? a : -1)); };
    bool valid = logits.rank() == labels.rank();
    for (int64_t d = 0; valid && d < logits.rank(); ++d) valid = broadcastDim(logits.dim(d), labels.dim(d)) >= 0;
    if (!valid)
        invalidArgument("logits and labels must be broadcastable: logits_size=", logits.shape().str(),
                        " labels_size=", labels.shape().str());
    if (logits.rank() != 2)
        invalidArgument("logits and labels must be either 2-dimensional, or broadcasted to be 2-dimensional");
    const int64_t batch = broadcastDim(logits.dim(0), labels.dim(0));
    const int64_t n = broadcastDim(logits.dim(1), labels.dim(1));
    visitFloatOrDouble(logits.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& loss = c.allocateOutput(0, logits.dtype(), TensorShape{ batch });
        Tensor& back = c.allocateOutput(1, logits.dtype(), TensorShape{ batch, n });
        if (batch == 0 || n == 0) return;
        const auto at = [](const Tensor& t, int64_t b, int64_t i) {
            return t.data<T>()[(t.dim(0) == 1 ? 0 : b) * t.dim(1) + (t.dim(1) == 1 ? 0 : i)];
        };
        // TF's XentEigenImpl: the loss is the row sum of labels * (log(sum) - shifted), the log
        // vectorised over the batch (Eigen's packets, then scalars); backprop = the softmax -
        // labels. No reciprocal estimate, so the result is the same on every CPU.
        T* g = back.data<T>();
        const std::vector<T> sums =
            shiftedRowExpSums(g, batch, n, [&](int64_t b, int64_t i) { return at(logits, b, i); });
        std::vector<T> logSums(static_cast<size_t>(batch));
        tfmath::forEach(
            sums.data(), logSums.data(), batch, [](T v) { return tfmath::logLane(v); },
            [](T v) { return tfmath::logScalar(v); });
        std::vector<T> terms(static_cast<size_t>(batch * n));
        for (int64_t b = 0; b < batch; ++b)
            for (int64_t i = 0; i < n; ++i)
                terms[static_cast<size_t>(b * n + i)] =
                    at(labels, b, i) * (logSums[static_cast<size_t>(b)] - g[b * n + i]);
        const auto term = [&terms](int64_t j) { return terms[static_cast<size_t>(j)]; };
        for (int64_t b = 0; b < batch; ++b) loss.data<T>()[b] = tfmath::sumRange<T>(b * n, n, term, term);
        expOverRowSums(g, sums, batch, n);
        for (int64_t b = 0; b < batch; ++b)
            for (int64_t i = 0; i < n; ++i) g[b * n + i] -= at(labels, b, i);
    });
}

} // namespace

void registerNnKernels() {
    defineOp("BiasAdd").kernel(biasAddKernel, kNative).viaFloat().shape(shapeUnchanged);
    defineOp("BiasAddGrad").kernel(biasAddGradKernel, kNative).viaFloat().shape(biasAddGradShape);
    defineOp("Softmax").kernel(softmaxKernel<false>, kNativeFloat).viaFloat().shape(shapeUnchanged);
    defineOp("LogSoftmax").kernel(softmaxKernel<true>, kNativeFloat).viaFloat().shape(shapeUnchanged);
    defineOp("SparseSoftmaxCrossEntropyWithLogits")
        .kernel(sparseXentKernel, kNativeFloat)
        .viaFloat()
        .shape(sparseXentShape);
    defineOp("SoftmaxCrossEntropyWithLogits").kernel(xentKernel, kNativeFloat).viaFloat().shape(xentShape);
}

} // namespace graphlens::ops

// MaxPool, AvgPool and their gradients (NHWC); FusedBatchNormV3 and its gradient.
#include <cmath>
#include <limits>

#include "core/ops/conv_geometry.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kFloat = maskOf(DType::Float32, DType::Float64);

Window2D poolGeometry(const ResolvedAttrs& a, const TensorShape& in, bool average = false) {
    // TF's PoolParameters (Eigen kernels): the rank and the data format's enum (NHWC = 0).
    if (in.rank() != 4)
        invalidArgument("tensor_in_shape must have 2 spatial dimensions. ", in.rank(), " ",
                        a.getString("data_format") == "NHWC" ? 0 : 1);
    if (a.getString("data_format") != "NHWC")
        throw tensor::UnimplementedError("Default MaxPoolingOp only supports NHWC on device type CPU");
    const auto& k = a.getInts("ksize");
    const auto& s = a.getInts("strides");
    if (k.size() != 4 || s.size() != 4) invalidArgument("Sliding window ksize field must specify 4 dimensions");
    if (k[0] != 1 || k[3] != 1 || s[0] != 1 || s[3] != 1)
        throw tensor::UnimplementedError("Pooling is not yet supported on the batch nor depth dimensions.");
    // TF's words differ between its two kernels.
    for (int64_t v : k)
        if (v <= 0) {
            if (average) invalidArgument("ksize must be a positive int32 value, got:", v);
            std::string list;
            for (int64_t d : k) list += (list.empty() ? "" : ",") + std::to_string(d);
            invalidArgument("Sliding window ksize must be positive. The specified or inferred ksize is: ", list);
        }
    Window2D w;
    w.batch = in.dim(0);
    w.channels = in.dim(3);
    w.h = window1D(in.dim(1), k[1], s[1], 1, a.getString("padding"));
    w.w = window1D(in.dim(2), k[2], s[2], 1, a.getString("padding"));
    return w;
}

// Calls f(outIndex, inIndex) for every input element in every window, window by window;
// begin(outIndex) before each window and end(outIndex, count) after it.
template<class Begin, class Each, class End> void forEachWindow(const Window2D& w, Begin begin, Each each, End end) {
    const int64_t C = w.channels;
    for (int64_t n = 0; n < w.batch; ++n)
        for (int64_t oy = 0; oy < w.h.out; ++oy)
            for (int64_t ox = 0; ox < w.w.out; ++ox)
                for (int64_t ch = 0; ch < C; ++ch) {
                    const int64_t o = ((n * w.h.out + oy) * w.w.out + ox) * C + ch;
                    begin(o);
                    int64_t count = 0;
                    const int64_t y0 = oy * w.h.stride - w.h.padBefore, x0 = ox * w.w.stride - w.w.padBefore;
                    for (int64_t y = std::max<int64_t>(y0, 0); y < std::min(y0 + w.h.k, w.h.in); ++y)
                        for (int64_t x = std::max<int64_t>(x0, 0); x < std::min(x0 + w.w.k, w.w.in); ++x, ++count)
                            each(o, ((n * w.h.in + y) * w.w.in + x) * C + ch);
                    end(o, count);
                }
}

TensorShape pooledShape(const Window2D& w) {
    return TensorShape{ w.batch, w.h.out, w.w.out, w.channels };
}

void maxPoolKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Window2D w = poolGeometry(c.attrs(), x.shape());
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, x.dtype(), pooledShape(w));
        const T* xp = x.data<T>();
        T* o = out.data<T>();
        forEachWindow(
            w, [&](int64_t i) { o[i] = std::numeric_limits<T>::lowest(); },
            [&](int64_t i, int64_t j) { o[i] = std::max(o[i], xp[j]); }, [](int64_t, int64_t) {});
    });
}

// MaxPoolGrad(orig_input, orig_output, grad): each window's gradient goes to its first maximum.
void maxPoolGradKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& g = c.input(2);
    const Window2D w = poolGeometry(c.attrs(), x.shape());
    if (g.shape() != pooledShape(w))
        invalidArgument("Expected grad shape to be ", pooledShape(w).str(), ", but got ", g.shape().str());
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor dx = Tensor::zeros(x.dtype(), x.shape(), c.device()->allocator());
        const T* xp = x.data<T>();
        T best{};
        int64_t bestAt = -1;
        forEachWindow(
            w, [&](int64_t) { bestAt = -1; },
            [&](int64_t, int64_t j) {
                if (bestAt < 0 || xp[j] > best) {
                    best = xp[j];
                    bestAt = j;
                }
            },
            [&](int64_t o, int64_t) {
                if (bestAt >= 0) dx.data<T>()[bestAt] += g.data<T>()[o];
            });
        c.setOutput(0, dx);
    });
}

void avgPoolKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Window2D w = poolGeometry(c.attrs(), x.shape(), true);
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, x.dtype(), pooledShape(w));
        const T* xp = x.data<T>();
        T* o = out.data<T>();
        forEachWindow(
            w, [&](int64_t i) { o[i] = T(0); }, [&](int64_t i, int64_t j) { o[i] += xp[j]; },
            [&](int64_t i, int64_t count) { o[i] = count ? o[i] / static_cast<T>(count) : T(0); });
    });
}

// AvgPoolGrad(orig_input_shape, grad): each window's gradient spread evenly over its inputs.
void avgPoolGradKernel(KernelContext& c) {
    const TensorShape inShape = shapeFromTensor(c.input(0));
    const Tensor& g = c.input(1);
    const Window2D w = poolGeometry(c.attrs(), inShape);
    tensor::visitFloat(g.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor dx = Tensor::zeros(g.dtype(), inShape, c.device()->allocator());
        std::vector<int64_t> members;
        forEachWindow(
            w, [&](int64_t) { members.clear(); }, [&](int64_t, int64_t j) { members.push_back(j); },
            [&](int64_t o, int64_t count) {
                for (int64_t j : members) dx.data<T>()[j] += g.data<T>()[o] / static_cast<T>(count);
            });
        c.setOutput(0, dx);
    });
}

void poolShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    if (!x.isFullyDefined()) return c.setOutput(0, PartialShape::unknownOfRank(4));
    const Window2D w = poolGeometry(c.attrs(), x.toShape());
    checkWindowForShapeInference(w.h, c.attrs().getString("padding"));
    checkWindowForShapeInference(w.w, c.attrs().getString("padding"));
    c.setOutput(0, pooledShape(w));
}
void input0Shape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
}
void shapeFromInput0(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}

// [rest, channels] view for NHWC.
struct BnView {
    int64_t rest = 0, channels = 0;
};
BnView bnView(const ResolvedAttrs& a, const Tensor& x) {
    if (x.rank() != 4) invalidArgument("input must be 4-dimensional", x.shape().str());
    if (a.getString("data_format") != "NHWC")
        throw tensor::UnimplementedError("FusedBatchNorm only supports NHWC on CPU in GraphLens for now");
    return { x.numElements() / std::max<int64_t>(x.dim(3), 1), x.dim(3) };
}

void checkChannels(const char* what, const Tensor& t, int64_t channels) {
    if (t.numElements() != channels)
        invalidArgument(what, " must have the same number of elements as the channels of x, got ", t.numElements(),
                        " and ", channels);
}

// FusedBatchNormV3(x, scale, offset, mean, variance) → y, batch_mean, batch_variance, reserve 1-3.
void fusedBatchNormKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const BnView v = bnView(c.attrs(), x);
    const bool training = c.attrs().getBool("is_training");
    const float eps = c.attrs().getFloat("epsilon");
    const float factor = c.attrs().getFloat("exponential_avg_factor");
    checkChannels("scale", c.input(1), v.channels);
    checkChannels("offset", c.input(2), v.channels);
    if (!training || factor != 1.0f) {
        checkChannels("mean", c.input(3), v.channels);
        checkChannels("variance", c.input(4), v.channels);
    }
    const float* scale = c.input(1).data<float>();
    const float* offset = c.input(2).data<float>();
    const auto C = static_cast<size_t>(v.channels);
    std::vector<double> mean(C, 0.0), var(C, 0.0);
    const float* xp = x.data<float>();
    if (training) {
        for (int64_t r = 0; r < v.rest; ++r)
            for (size_t ch = 0; ch < C; ++ch) mean[ch] += xp[static_cast<size_t>(r) * C + ch];
        for (auto& m : mean) m /= static_cast<double>(std::max<int64_t>(v.rest, 1));
        for (int64_t r = 0; r < v.rest; ++r)
            for (size_t ch = 0; ch < C; ++ch) {
                const double d = xp[static_cast<size_t>(r) * C + ch] - mean[ch];
                var[ch] += d * d;
            }
        for (auto& s : var) s /= static_cast<double>(std::max<int64_t>(v.rest, 1));
    } else {
        for (size_t ch = 0; ch < C; ++ch) {
            mean[ch] = c.input(3).data<float>()[ch];
            var[ch] = c.input(4).data<float>()[ch];
        }
    }
    Tensor& y = c.allocateOutput(0, DType::Float32, x.shape());
    for (int64_t r = 0; r < v.rest; ++r)
        for (size_t ch = 0; ch < C; ++ch) {
            const size_t i = static_cast<size_t>(r) * C + ch;
            y.data<float>()[i] =
                static_cast<float>((xp[i] - mean[ch]) / std::sqrt(var[ch] + eps) * scale[ch] + offset[ch]);
        }
    Tensor& bm = c.allocateOutput(1, DType::Float32, TensorShape{ v.channels });
    Tensor& bv = c.allocateOutput(2, DType::Float32, TensorShape{ v.channels });
    Tensor& r1 = c.allocateOutput(3, DType::Float32, TensorShape{ v.channels });
    Tensor& r2 = c.allocateOutput(4, DType::Float32, TensorShape{ v.channels });
    c.allocateOutput(5, DType::Float32, TensorShape{ 0 });
    const double correction = v.rest > 1 ? static_cast<double>(v.rest) / static_cast<double>(v.rest - 1) : 1.0;
    for (size_t ch = 0; ch < C; ++ch) {
        double m = mean[ch], s = training ? var[ch] * correction : var[ch];
        if (training && factor != 1.0f) {
            m = (1.0 - factor) * c.input(3).data<float>()[ch] + factor * m;
            s = (1.0 - factor) * c.input(4).data<float>()[ch] + factor * s;
        }
        bm.data<float>()[ch] = static_cast<float>(m);
        bv.data<float>()[ch] = static_cast<float>(s);
        r1.data<float>()[ch] = static_cast<float>(mean[ch]);
        r2.data<float>()[ch] = static_cast<float>(var[ch]);
    }
}
void fusedBatchNormShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
    const int64_t ch = c.inputShape(0).hasRank() ? c.inputShape(0).dim(3) : -1;
    for (int i = 1; i < 5; ++i) c.setOutput(i, PartialShape{ ch });
    c.setOutput(5, PartialShape{ 0 });
}

// FusedBatchNormGradV3(dy, x, scale, reserve_1 (mean), reserve_2 (variance), reserve_3).
void fusedBatchNormGradKernel(KernelContext& c) {
    const Tensor& dy = c.input(0);
    const Tensor& x = c.input(1);
    const BnView v = bnView(c.attrs(), x);
    const bool training = c.attrs().getBool("is_training");
    const float eps = c.attrs().getFloat("epsilon");
    const auto C = static_cast<size_t>(v.channels);
    const float* scale = c.input(2).data<float>();
    const float* mean = c.input(3).data<float>();
    const float* var = c.input(4).data<float>();
    std::vector<double> sumDy(C, 0.0), sumDyXhat(C, 0.0), rstd(C);
    for (size_t ch = 0; ch < C; ++ch) rstd[ch] = 1.0 / std::sqrt(static_cast<double>(var[ch]) + eps);
    const float* xp = x.data<float>();
    const float* dp = dy.data<float>();
    for (int64_t r = 0; r < v.rest; ++r)
        for (size_t ch = 0; ch < C; ++ch) {
            const size_t i = static_cast<size_t>(r) * C + ch;
            sumDy[ch] += dp[i];
            sumDyXhat[ch] += dp[i] * (xp[i] - mean[ch]) * rstd[ch];
        }
    Tensor& dx = c.allocateOutput(0, DType::Float32, x.shape());
    const auto n = static_cast<double>(std::max<int64_t>(v.rest, 1));
    for (int64_t r = 0; r < v.rest; ++r)
        for (size_t ch = 0; ch < C; ++ch) {
            const size_t i = static_cast<size_t>(r) * C + ch;
            double g = dp[i];
            if (training) g -= sumDy[ch] / n + (xp[i] - mean[ch]) * rstd[ch] * sumDyXhat[ch] / n;
            dx.data<float>()[i] = static_cast<float>(scale[ch] * rstd[ch] * g);
        }
    Tensor& ds = c.allocateOutput(1, DType::Float32, TensorShape{ v.channels });
    Tensor& dof = c.allocateOutput(2, DType::Float32, TensorShape{ v.channels });
    for (size_t ch = 0; ch < C; ++ch) {
        ds.data<float>()[ch] = static_cast<float>(sumDyXhat[ch]);
        dof.data<float>()[ch] = static_cast<float>(sumDy[ch]);
    }
    c.allocateOutput(3, DType::Float32, TensorShape{ 0 });
    c.allocateOutput(4, DType::Float32, TensorShape{ 0 });
}
void fusedBatchNormGradShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(1));
    const int64_t ch = c.inputShape(1).hasRank() ? c.inputShape(1).dim(3) : -1;
    c.setOutput(1, PartialShape{ ch });
    c.setOutput(2, PartialShape{ ch });
    c.setOutput(3, PartialShape{ 0 });
    c.setOutput(4, PartialShape{ 0 });
}

} // namespace

void registerPoolKernels() {
    defineOp("MaxPool").kernel(maxPoolKernel, kFloat).viaFloat().shape(poolShape);
    defineOp("MaxPoolGrad").kernel(maxPoolGradKernel, kFloat).viaFloat().shape(input0Shape);
    defineOp("AvgPool").kernel(avgPoolKernel, kFloat).viaFloat().shape(poolShape);
    defineOp("AvgPoolGrad").kernel(avgPoolGradKernel, kFloat).viaFloat().shape(shapeFromInput0);
}

void registerBatchNormKernels() {
    defineOp("FusedBatchNormV3").kernel(fusedBatchNormKernel, maskOf(DType::Float32)).shape(fusedBatchNormShape);
    defineOp("FusedBatchNormGradV3")
        .kernel(fusedBatchNormGradKernel, maskOf(DType::Float32))
        .shape(fusedBatchNormGradShape);
}

} // namespace graphlens::ops

// Conv2D and its two backprops (NHWC). Conv2D in float32 runs conv2d_forward.h (tiled, Winograd,
// threads); the rest is im2col and one GEMM per image.
#include <Eigen/Core>
#include <algorithm>

#include "core/ops/conv2d_forward.h"
#include "core/ops/conv_geometry.h"
#include "core/ops/gemm.h"
#include "core/ops/onednn.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kConvTypes = maskOf(DType::Float32, DType::Float64);
template<class T> using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct ConvGeometry {
    Window2D win;
    int64_t outChannels = 0, kh = 0, kw = 0;
    int64_t patch() const { return kh * kw * win.channels; }
    int64_t pixels() const { return win.h.out * win.w.out; }
};

ConvGeometry convGeometry(const ResolvedAttrs& a, const TensorShape& input, const TensorShape& filter) {
    if (a.getString("data_format") != "NHWC")
        throw tensor::UnimplementedError("The Conv2D op currently only supports the NHWC tensor format on the CPU.");
    checkConvolutionRanksAndStrides(a, input, filter);
    const auto& strides = a.getInts("strides");
    const auto& dil = a.getInts("dilations");
    if (strides[1] <= 0 || strides[2] <= 0) invalidArgument("Row and column strides should be larger than 0.");
    if (dil.size() == 4 && (dil[1] <= 0 || dil[2] <= 0)) invalidArgument("Dilated rates should be larger than 0.");
    if (filter.dim(2) <= 0) invalidArgument("filter depth must be stricly positive, got ", filter.dim(2)); // TF's words
    if (input.dim(3) % filter.dim(2) != 0)
        invalidArgument("input depth must be evenly divisible by filter depth: ", input.dim(3), " vs ", filter.dim(2));
    if (input.dim(3) != filter.dim(2)) throw tensor::UnimplementedError("Grouped convolutions are not supported yet");
    ConvGeometry g;
    g.kh = filter.dim(0);
    g.kw = filter.dim(1);
    g.outChannels = filter.dim(3);
    g.win = convolutionWindows(a, input, g.kh, g.kw);
    return g;
}

// col[pixel, (ky, kx, c)] = image[y, x, c] (0 outside); or, scattering, image += col.
template<class T, bool kToImage> void im2col(T* image, T* col, const ConvGeometry& g) {
    const int64_t C = g.win.channels, H = g.win.h.in, W = g.win.w.in;
    int64_t row = 0;
    for (int64_t oy = 0; oy < g.win.h.out; ++oy)
        for (int64_t ox = 0; ox < g.win.w.out; ++ox, ++row) {
            T* dst = col + row * g.patch();
            for (int64_t ky = 0; ky < g.kh; ++ky) {
                const int64_t y = oy * g.win.h.stride - g.win.h.padBefore + ky * g.win.h.dilation;
                for (int64_t kx = 0; kx < g.kw; ++kx, dst += C) {
                    const int64_t x = ox * g.win.w.stride - g.win.w.padBefore + kx * g.win.w.dilation;
                    const bool inside = y >= 0 && y < H && x >= 0 && x < W;
                    T* src = image + (y * W + x) * C;
                    if constexpr (kToImage) {
                        if (inside)
                            for (int64_t c = 0; c < C; ++c) src[c] += dst[c];
                    } else {
                        for (int64_t c = 0; c < C; ++c) dst[c] = inside ? src[c] : T(0);
                    }
                }
            }
        }
}

Conv2DParams paramsOf(const ConvGeometry& g) {
    return Conv2DParams{ .batch = g.win.batch,
                         .inH = g.win.h.in,
                         .inW = g.win.w.in,
                         .inChannels = g.win.channels,
                         .outH = g.win.h.out,
                         .outW = g.win.w.out,
                         .outChannels = g.outChannels,
                         .kh = g.kh,
                         .kw = g.kw,
                         .strideH = g.win.h.stride,
                         .strideW = g.win.w.stride,
                         .dilationH = g.win.h.dilation,
                         .dilationW = g.win.w.dilation,
                         .padTop = g.win.h.padBefore,
                         .padLeft = g.win.w.padBefore };
}

// float32 runs conv2DForward (tiled, Winograd, threads); float64 stays on this reference path.
void conv2DKernel(KernelContext& c) {
    const Tensor& input = c.input(0);
    const Tensor& filter = c.input(1);
    const ConvGeometry g = convGeometry(c.attrs(), input.shape(), filter.shape());
    const Conv2DParams p = paramsOf(g);
    if (input.dtype() == DType::Float32) {
        Tensor& out =
            c.allocateOutput(0, input.dtype(), TensorShape{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels });
        conv2DForward(p, input.data<float>(), filter.data<float>(), out.data<float>());
        return;
    }
    // The input is the im2col matrix itself only when the output is the input's size (explicit
    // padding after the image makes it larger).
    const bool pointwise = conv2DApplies(p, Conv2DAlgorithm::Pointwise);
    tensor::visitFloat(input.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out =
            c.allocateOutput(0, input.dtype(), TensorShape{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels });
        Eigen::Map<const RowMat<T>> f(filter.data<T>(), g.patch(), g.outChannels);
        std::vector<T> col(pointwise ? 0 : static_cast<size_t>(g.pixels() * g.patch()));
        const int64_t imageSize = g.win.h.in * g.win.w.in * g.win.channels;
        for (int64_t n = 0; n < g.win.batch; ++n) {
            T* image = const_cast<T*>(input.data<T>()) + n * imageSize; // NOLINT: im2col only reads here
            const T* cols = image;
            if (!pointwise) {
                im2col<T, false>(image, col.data(), g);
                cols = col.data();
            }
            Eigen::Map<RowMat<T>> o(out.data<T>() + n * g.pixels() * g.outChannels, g.pixels(), g.outChannels);
            o.noalias() = Eigen::Map<const RowMat<T>>(cols, g.pixels(), g.patch()) * f;
        }
    });
}
void conv2DShape(ShapeContext& c) {
    const PartialShape& in = c.inputShape(0);
    const PartialShape& f = c.inputShape(1);
    // TF's shape function checks the depths in its own words (the kernel's differ).
    const int channelDim = c.attrs().getString("data_format") == "NCHW" ? 1 : 3;
    if (in.rank() == 4 && f.rank() == 4 && in.dim(channelDim) >= 0 && f.dim(2) >= 0) {
        if (f.dim(2) == 0) invalidArgument("Depth of filter must not be 0");
        if (in.dim(channelDim) % f.dim(2) != 0)
            invalidArgument("Depth of input (", in.dim(channelDim), ") is not a multiple of input depth of filter (",
                            f.dim(2), ")");
    }
    if (!in.isFullyDefined() || !f.isFullyDefined()) {
        const int64_t n = in.hasRank() ? in.dim(0) : -1, co = f.hasRank() ? f.dim(3) : -1;
        return c.setOutput(0, PartialShape{ n, -1, -1, co });
    }
    const ConvGeometry g = convGeometry(c.attrs(), in.toShape(), f.toShape());
    checkWindowForShapeInference(g.win.h, c.attrs().getString("padding"));
    checkWindowForShapeInference(g.win.w, c.attrs().getString("padding"));
    c.setOutput(0, PartialShape{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels });
}

// TF's Eigen backprop kernels refuse dilations when they are made; oneDNN's (float32 and
// bfloat16, when TF runs oneDNN) take them.
void checkBackpropDilations(KernelContext& c, DType dtype) {
    const auto& dil = c.attrs().getInts("dilations");
    if (std::all_of(dil.begin(), dil.end(), [](int64_t d) { return d == 1; })) return;
    if ((dtype == DType::Float32 || dtype == DType::BFloat16) && onednnEnabled()) return;
    invalidArgument("Current CPU implementations do not yet support dilation rates larger than 1.");
}

void conv2DBackpropInputKernel(KernelContext& c) {
    const TensorShape inShape = shapeFromTensor(c.input(0));
    const Tensor& filter = c.input(1);
    const Tensor& dout = c.input(2);
    checkBackpropDilations(c, filter.dtype());
    const ConvGeometry g = convGeometry(c.attrs(), inShape, filter.shape());
    const TensorShape expected{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels };
    if (dout.shape() != expected)
        invalidArgument("Conv2DBackpropInput: Computed output size would be ", expected.str(),
                        " but out_backprop has shape ", dout.shape().str());
    tensor::visitFloat(filter.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor din = Tensor::zeros(filter.dtype(), inShape, c.device()->allocator());
        Eigen::Map<const RowMat<T>> f(filter.data<T>(), g.patch(), g.outChannels);
        RowMat<T> col(g.pixels(), g.patch());
        const int64_t imageSize = g.win.h.in * g.win.w.in * g.win.channels;
        for (int64_t n = 0; n < g.win.batch; ++n) {
            const T* dn = dout.data<T>() + n * g.pixels() * g.outChannels;
            if constexpr (std::is_same_v<T, float>) {
                sgemm(false, true, g.pixels(), g.patch(), g.outChannels, dn, g.outChannels, filter.data<T>(),
                      g.outChannels, col.data(), g.patch());
            } else {
                col.noalias() = Eigen::Map<const RowMat<T>>(dn, g.pixels(), g.outChannels) * f.transpose();
            }
            im2col<T, true>(din.data<T>() + n * imageSize, col.data(), g);
        }
        c.setOutput(0, din);
    });
}
void conv2DBackpropInputShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}

void conv2DBackpropFilterKernel(KernelContext& c) {
    const Tensor& input = c.input(0);
    const TensorShape fShape = shapeFromTensor(c.input(1));
    const Tensor& dout = c.input(2);
    checkBackpropDilations(c, input.dtype());
    const ConvGeometry g = convGeometry(c.attrs(), input.shape(), fShape);
    const TensorShape expected{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels };
    if (dout.shape() != expected)
        invalidArgument("Conv2DBackpropFilter: Computed output size would be ", expected.str(),
                        " but out_backprop has shape ", dout.shape().str());
    tensor::visitFloat(input.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& df = c.allocateOutput(0, input.dtype(), fShape);
        Eigen::Map<RowMat<T>> f(df.data<T>(), g.patch(), g.outChannels);
        f.setZero();
        std::vector<T> col(static_cast<size_t>(g.pixels() * g.patch()));
        const int64_t imageSize = g.win.h.in * g.win.w.in * g.win.channels;
        for (int64_t n = 0; n < g.win.batch; ++n) {
            im2col<T, false>(const_cast<T*>(input.data<T>()) + n * imageSize, col.data(), g); // NOLINT: reads only
            const T* dn = dout.data<T>() + n * g.pixels() * g.outChannels;
            if constexpr (std::is_same_v<T, float>) {
                sgemm(true, false, g.patch(), g.outChannels, g.pixels(), col.data(), g.patch(), dn, g.outChannels,
                      df.data<T>(), g.outChannels, true);
            } else {
                Eigen::Map<const RowMat<T>> d(dn, g.pixels(), g.outChannels);
                f.noalias() += Eigen::Map<const RowMat<T>>(col.data(), g.pixels(), g.patch()).transpose() * d;
            }
        }
    });
}
void conv2DBackpropFilterShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(1));
}

} // namespace

Conv2DParams conv2DParams(const ResolvedAttrs& attrs, const TensorShape& input, const TensorShape& filter) {
    return paramsOf(convGeometry(attrs, input, filter));
}

void registerConvKernels() {
    defineOp("Conv2D").kernel(conv2DKernel, kConvTypes).viaFloat().shape(conv2DShape);
    defineOp("Conv2DBackpropInput")
        .kernel(conv2DBackpropInputKernel, kConvTypes)
        .viaFloat()
        .shape(conv2DBackpropInputShape);
    defineOp("Conv2DBackpropFilter")
        .kernel(conv2DBackpropFilterKernel, kConvTypes)
        .viaFloat()
        .shape(conv2DBackpropFilterShape);
}

} // namespace graphlens::ops

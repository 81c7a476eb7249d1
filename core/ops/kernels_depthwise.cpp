// DepthwiseConv2dNative (tf.nn.depthwise_conv2d, Keras' DepthwiseConv2D, MobileNets) and its two
// backprops, NHWC on the CPU: each input channel has its own `multiplier` filters, output channel
// c * multiplier + m. Plain loops over the window: these convolutions are light (no reduction over
// channels), so the work is memory traffic rather than arithmetic.
#include "core/ops/conv_geometry.h"
#include "core/ops/gradient.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

namespace {

struct DepthwiseGeometry {
    Window2D win;
    int64_t kh = 0, kw = 0, multiplier = 1;
    int64_t outChannels() const { return win.channels * multiplier; }
};

DepthwiseGeometry depthwiseGeometry(const ResolvedAttrs& a, const TensorShape& input, const TensorShape& filter) {
    if (a.getString("data_format") != "NHWC")
        throw tensor::UnimplementedError("DepthwiseConv2dNative supports only the NHWC format on the CPU.");
    checkConvolutionRanksAndStrides(a, input, filter);
    const auto& strides = a.getInts("strides");
    if (strides[1] != strides[2])
        invalidArgument("Current implementation only supports equal length strides in the row and column dimensions.");
    if (input.dim(3) != filter.dim(2))
        invalidArgument("input and filter must have the same depth: ", input.dim(3), " vs ", filter.dim(2));
    DepthwiseGeometry g;
    g.kh = filter.dim(0);
    g.kw = filter.dim(1);
    g.multiplier = filter.dim(3);
    g.win = convolutionWindows(a, input, g.kh, g.kw);
    return g;
}

// Calls f(inputOffset, outputOffset, filterOffset) for every (output pixel, filter tap) whose tap
// falls inside the input; offsets are those of channel 0 (NHWC, HWCM).
template<class F> void forEachTap(const DepthwiseGeometry& g, F&& f) {
    const int64_t C = g.win.channels, H = g.win.h.in, W = g.win.w.in, OC = g.outChannels();
    for (int64_t n = 0; n < g.win.batch; ++n)
        for (int64_t oy = 0; oy < g.win.h.out; ++oy)
            for (int64_t ox = 0; ox < g.win.w.out; ++ox) {
                const int64_t out = ((n * g.win.h.out + oy) * g.win.w.out + ox) * OC;
                for (int64_t ky = 0; ky < g.kh; ++ky) {
                    const int64_t iy = oy * g.win.h.stride + ky * g.win.h.dilation - g.win.h.padBefore;
                    if (iy < 0 || iy >= H) continue;
                    for (int64_t kx = 0; kx < g.kw; ++kx) {
                        const int64_t ix = ox * g.win.w.stride + kx * g.win.w.dilation - g.win.w.padBefore;
                        if (ix < 0 || ix >= W) continue;
                        f(((n * H + iy) * W + ix) * C, out, (ky * g.kw + kx) * C * g.multiplier);
                    }
                }
            }
}

void depthwiseKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& filter = c.input(1);
    const DepthwiseGeometry g = depthwiseGeometry(c.attrs(), x.shape(), filter.shape());
    Tensor& out = c.allocateOutput(0, x.dtype(), TensorShape{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels() });
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* o = out.data<T>();
        std::fill_n(o, out.numElements(), T{});
        const T* in = x.data<T>();
        const T* f = filter.data<T>();
        const int64_t C = g.win.channels, M = g.multiplier;
        forEachTap(g, [&](int64_t i, int64_t oo, int64_t fo) {
            for (int64_t ch = 0; ch < C; ++ch) {
                const T v = in[i + ch];
                for (int64_t m = 0; m < M; ++m) o[oo + ch * M + m] += v * f[fo + ch * M + m];
            }
        });
    });
}

void depthwiseBackpropInputKernel(KernelContext& c) {
    const TensorShape inShape = shapeFromTensor(c.input(0));
    const Tensor& filter = c.input(1);
    const Tensor& dout = c.input(2);
    const DepthwiseGeometry g = depthwiseGeometry(c.attrs(), inShape, filter.shape());
    const TensorShape expected{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels() };
    if (dout.shape() != expected)
        invalidArgument("DepthwiseConv2DBackpropInput: Computed output size would be ", expected.str(),
                        " but out_backprop has shape ", dout.shape().str());
    Tensor& din = c.allocateOutput(0, filter.dtype(), inShape);
    tensor::visitFloat(filter.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* di = din.data<T>();
        std::fill_n(di, din.numElements(), T{});
        const T* f = filter.data<T>();
        const T* d = dout.data<T>();
        const int64_t C = g.win.channels, M = g.multiplier;
        forEachTap(g, [&](int64_t i, int64_t oo, int64_t fo) {
            for (int64_t ch = 0; ch < C; ++ch) {
                T sum{};
                for (int64_t m = 0; m < M; ++m) sum += d[oo + ch * M + m] * f[fo + ch * M + m];
                di[i + ch] += sum;
            }
        });
    });
}

void depthwiseBackpropFilterKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const TensorShape filterShape = shapeFromTensor(c.input(1));
    const Tensor& dout = c.input(2);
    const DepthwiseGeometry g = depthwiseGeometry(c.attrs(), x.shape(), filterShape);
    const TensorShape expected{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels() };
    if (dout.shape() != expected)
        invalidArgument("DepthwiseConv2DBackpropFilter: Computed output size would be ", expected.str(),
                        " but out_backprop has shape ", dout.shape().str());
    Tensor& df = c.allocateOutput(0, x.dtype(), filterShape);
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* f = df.data<T>();
        std::fill_n(f, df.numElements(), T{});
        const T* in = x.data<T>();
        const T* d = dout.data<T>();
        const int64_t C = g.win.channels, M = g.multiplier;
        forEachTap(g, [&](int64_t i, int64_t oo, int64_t fo) {
            for (int64_t ch = 0; ch < C; ++ch) {
                const T v = in[i + ch];
                for (int64_t m = 0; m < M; ++m) f[fo + ch * M + m] += v * d[oo + ch * M + m];
            }
        });
    });
}

void depthwiseShape(ShapeContext& c) {
    const PartialShape& in = c.inputShape(0);
    const PartialShape& f = c.inputShape(1);
    if (in.hasRank() && in.rank() != 4) invalidArgument("Shape must be rank 4 but is rank ", in.rank());
    if (f.hasRank() && f.rank() != 4) invalidArgument("Shape must be rank 4 but is rank ", f.rank());
    if (in.hasRank() && f.hasRank() && in.dim(3) >= 0 && f.dim(2) >= 0 && in.dim(3) != f.dim(2))
        invalidArgument("Dimensions must be equal, but are ", in.dim(3), " and ", f.dim(2));
    if (!in.isFullyDefined() || !f.isFullyDefined()) {
        const int64_t n = in.hasRank() ? in.dim(0) : -1;
        const int64_t oc = f.hasRank() && f.dim(2) >= 0 && f.dim(3) >= 0 ? f.dim(2) * f.dim(3) : -1;
        return c.setOutput(0, PartialShape{ n, -1, -1, oc });
    }
    const DepthwiseGeometry g = depthwiseGeometry(c.attrs(), in.toShape(), f.toShape());
    checkWindowForShapeInference(g.win.h, c.attrs().getString("padding"));
    checkWindowForShapeInference(g.win.w, c.attrs().getString("padding"));
    c.setOutput(0, PartialShape{ g.win.batch, g.win.h.out, g.win.w.out, g.outChannels() });
}

void depthwiseBackpropInputShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}
void depthwiseBackpropFilterShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(1));
}

// TF's _DepthwiseConv2dNativeGrad: both backprops with the forward op's window attrs.
std::vector<Sym> depthwiseGrad(GradBuilder& b, const GradContext& c) {
    AttrMap attrs;
    for (const char* name : { "strides", "padding", "explicit_paddings", "data_format", "dilations" })
        if (const AttrValue* v = c.attrs->find(name)) attrs.set(name, *v);
    const Sym dInput =
        b.op1("DepthwiseConv2dNativeBackpropInput", { grad::shapeOf(b, c.input(0)), c.input(1), c.grad(0) }, attrs);
    const Sym dFilter =
        b.op1("DepthwiseConv2dNativeBackpropFilter", { c.input(0), grad::shapeOf(b, c.input(1)), c.grad(0) }, attrs);
    return { dInput, dFilter };
}

} // namespace

void registerDepthwiseKernels() {
    const DTypeMask floats = maskOf(DType::Float32, DType::Float64);
    defineOp("DepthwiseConv2dNative")
        .kernel(depthwiseKernel, floats)
        .viaFloat()
        .shape(depthwiseShape)
        .grad(depthwiseGrad);
    defineOp("DepthwiseConv2dNativeBackpropInput")
        .kernel(depthwiseBackpropInputKernel, floats)
        .viaFloat()
        .shape(depthwiseBackpropInputShape);
    defineOp("DepthwiseConv2dNativeBackpropFilter")
        .kernel(depthwiseBackpropFilterKernel, floats)
        .viaFloat()
        .shape(depthwiseBackpropFilterShape);
}

} // namespace graphlens::ops

// Image resizing (NHWC): ResizeBilinear and ResizeNearestNeighbor, with TF's coordinate rules
// (align_corners, half_pixel_centers) computed in float as TF's CPU kernels do, so that the
// sample positions and interpolation weights round the same way.
#include <algorithm>
#include <cmath>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

struct ResizeGeometry {
    int64_t batch = 0, inH = 0, inW = 0, channels = 0, outH = 0, outW = 0;
    float scaleH = 0, scaleW = 0;
};

// TF's CalculateResizeScale: with align_corners the corner pixels of input and output coincide.
float resizeScale(int64_t in, int64_t out, bool alignCorners) {
    return alignCorners && out > 1 ? static_cast<float>(in - 1) / static_cast<float>(out - 1)
                                   : static_cast<float>(in) / static_cast<float>(out);
}

ResizeGeometry resizeGeometry(const KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& size = c.input(1);
    if (x.rank() != 4) invalidArgument("input must be 4-dimensional", x.shape().str());
    if (size.rank() != 1 || size.numElements() != 2)
        invalidArgument("shape_t must have two elements", size.shape().str());
    const auto hw = size.toInt64Vector();
    const bool alignCorners = c.attrs().getBool("align_corners");
    if (alignCorners && c.attrs().getBool("half_pixel_centers"))
        invalidArgument("If half_pixel_centers is True, align_corners must be False.");
    ResizeGeometry g;
    g.batch = x.dim(0);
    g.inH = x.dim(1);
    g.inW = x.dim(2);
    g.channels = x.dim(3);
    g.outH = hw[0];
    g.outW = hw[1];
    // TF's checks in its order (an empty batch is fine; an empty row or column is not, and once
    // read past the input).
    if (g.channels <= 0) invalidArgument("image must have at least one channel");
    if (g.inH <= 0 || g.inW <= 0) invalidArgument("input image must be of non-zero size");
    if (g.outH <= 0 || g.outW <= 0) invalidArgument("output dimensions must be positive");
    g.scaleH = resizeScale(g.inH, g.outH, alignCorners);
    g.scaleW = resizeScale(g.inW, g.outW, alignCorners);
    return g;
}

// One output coordinate of a bilinear resize: the two input rows (or columns) and the weight of
// the second.
struct BilinearTap {
    int64_t lower = 0, upper = 0;
    float lerp = 0;
};

std::vector<BilinearTap> bilinearTaps(int64_t outSize, int64_t inSize, float scale, bool halfPixel) {
    std::vector<BilinearTap> taps(static_cast<size_t>(outSize));
    for (int64_t i = 0; i < outSize; ++i) {
        const float in = halfPixel ? (static_cast<float>(i) + 0.5f) * scale - 0.5f : static_cast<float>(i) * scale;
        const float inFloor = std::floor(in);
        BilinearTap& t = taps[static_cast<size_t>(i)];
        t.lower = std::max(static_cast<int64_t>(inFloor), int64_t{ 0 });
        t.upper = std::min(static_cast<int64_t>(std::ceil(in)), inSize - 1);
        t.lerp = in - inFloor;
    }
    return taps;
}

void resizeBilinearKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const ResizeGeometry g = resizeGeometry(c);
    const bool halfPixel = c.attrs().getBool("half_pixel_centers");
    Tensor& out = c.allocateOutput(0, DType::Float32, TensorShape{ g.batch, g.outH, g.outW, g.channels });
    if (out.numElements() == 0) return;
    const auto ys = bilinearTaps(g.outH, g.inH, g.scaleH, halfPixel);
    const auto xs = bilinearTaps(g.outW, g.inW, g.scaleW, halfPixel);
    const std::vector<double> in = x.toDoubleVector();
    float* o = out.data<float>();
    const int64_t C = g.channels;
    auto at = [&](int64_t n, int64_t y, int64_t xx, int64_t ch) {
        return static_cast<float>(in[static_cast<size_t>(((n * g.inH + y) * g.inW + xx) * C + ch)]);
    };
    for (int64_t n = 0; n < g.batch; ++n)
        for (const BilinearTap& ty : ys)
            for (const BilinearTap& tx : xs)
                for (int64_t ch = 0; ch < C; ++ch) {
                    const float tl = at(n, ty.lower, tx.lower, ch), tr = at(n, ty.lower, tx.upper, ch);
                    const float bl = at(n, ty.upper, tx.lower, ch), br = at(n, ty.upper, tx.upper, ch);
                    const float top = tl + (tr - tl) * tx.lerp;
                    const float bottom = bl + (br - bl) * tx.lerp;
                    *o++ = top + (bottom - top) * ty.lerp;
                }
}

// The input row (or column) an output one copies: half-pixel centers sample at (i + 0.5) * scale,
// align_corners rounds instead of flooring.
std::vector<int64_t> nearestIndices(int64_t outSize, int64_t inSize, float scale, bool alignCorners, bool halfPixel) {
    std::vector<int64_t> idx(static_cast<size_t>(outSize));
    for (int64_t i = 0; i < outSize; ++i) {
        const float in = halfPixel ? (static_cast<float>(i) + 0.5f) * scale : static_cast<float>(i) * scale;
        int64_t k = std::min(static_cast<int64_t>(alignCorners ? std::round(in) : std::floor(in)), inSize - 1);
        if (halfPixel) k = std::max(k, int64_t{ 0 });
        idx[static_cast<size_t>(i)] = k;
    }
    return idx;
}

void resizeNearestKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const ResizeGeometry g = resizeGeometry(c);
    const bool alignCorners = c.attrs().getBool("align_corners");
    const bool halfPixel = c.attrs().getBool("half_pixel_centers");
    Tensor& out = c.allocateOutput(0, x.dtype(), TensorShape{ g.batch, g.outH, g.outW, g.channels });
    if (out.numElements() == 0) return;
    const auto ys = nearestIndices(g.outH, g.inH, g.scaleH, alignCorners, halfPixel);
    const auto xs = nearestIndices(g.outW, g.inW, g.scaleW, alignCorners, halfPixel);
    const int64_t C = g.channels;
    int64_t o = 0;
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t y : ys)
            for (int64_t xx : xs) {
                copyElements(x, ((n * g.inH + y) * g.inW + xx) * C, out, o, C);
                o += C;
            }
}

void resizeShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const Tensor* size = c.inputValue(1);
    const bool known = x.hasRank() && x.rank() == 4;
    std::vector<int64_t> hw = size && size->numElements() == 2 ? size->toInt64Vector() : std::vector<int64_t>{ -1, -1 };
    c.setOutput(0, PartialShape{ known ? x.dim(0) : -1, hw[0], hw[1], known ? x.dim(3) : -1 });
}

} // namespace

void registerImageKernels() {
    const DTypeMask real = tensor::kRealTypes;
    defineOp("ResizeBilinear").kernel(resizeBilinearKernel, real).shape(resizeShape).notDifferentiable();
    defineOp("ResizeNearestNeighbor").kernel(resizeNearestKernel, real).shape(resizeShape).notDifferentiable();
}

} // namespace graphlens::ops

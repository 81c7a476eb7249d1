// Pad, PadV2, MirrorPad and MirrorPadGrad: tf.pad's CONSTANT, REFLECT and SYMMETRIC modes and
// MirrorPad's gradient, with TF's shape functions, error words and gradients (array_grad.py).
#include <algorithm>

#include "core/ops/gradient.h"
#include "core/ops/kernel_util.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

namespace {

struct Paddings {
    std::vector<int64_t> before, after;
};

Paddings readPaddings(const TensorShape& input, const Tensor& paddings) {
    if (paddings.rank() != 2 || paddings.dim(1) != 2)
        invalidArgument("paddings must be a matrix with 2 columns: ", paddings.shape().str());
    if (paddings.dim(0) != input.rank())
        invalidArgument("The first dimension of paddings must be the rank of inputs", paddings.shape().str(), " ",
                        input.str());
    const std::vector<int64_t> v = paddings.toInt64Vector();
    Paddings p;
    for (size_t d = 0; d < static_cast<size_t>(input.rank()); ++d) {
        p.before.push_back(v[2 * d]);
        p.after.push_back(v[2 * d + 1]);
    }
    return p;
}

// REFLECT leaves the edge out of the mirror (offset 1), SYMMETRIC repeats it (offset 0).
int64_t mirrorOffset(const ResolvedAttrs& attrs) {
    const std::string& mode = attrs.getString("mode");
    if (mode == "REFLECT") return 1;
    if (mode == "SYMMETRIC") return 0;
    invalidArgument("mode must be either REFLECT or SYMMETRIC.");
}

// For each output index along a dimension, the input index it reads: inside, or mirrored.
std::vector<int64_t> mirrorMap(int64_t size, int64_t before, int64_t after, int64_t offset) {
    std::vector<int64_t> map(static_cast<size_t>(size + before + after));
    for (int64_t o = 0; o < static_cast<int64_t>(map.size()); ++o) {
        int64_t i = o - before;
        if (i < 0) i = -i - 1 + offset;
        else if (i >= size) i = 2 * size - i - 1 - offset;
        map[static_cast<size_t>(o)] = i;
    }
    return map;
}

// Calls f(outOffset, inOffset) for every output element, the input element given per dimension
// by maps[d] (row-major over the output).
template<class F> void forEachMapped(const std::vector<std::vector<int64_t>>& maps, const TensorShape& in, F&& f) {
    const int rank = static_cast<int>(maps.size());
    int64_t total = 1;
    for (const auto& m : maps) total *= static_cast<int64_t>(m.size());
    if (total == 0) return;
    if (rank == 0) return f(0, 0);
    const std::vector<int64_t> strides = stridesOf(in);
    std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
    const auto& last = maps.back();
    for (int64_t out = 0; out < total;) {
        int64_t base = 0;
        for (int d = 0; d + 1 < rank; ++d)
            base += maps[static_cast<size_t>(d)][static_cast<size_t>(idx[static_cast<size_t>(d)])] *
                strides[static_cast<size_t>(d)];
        for (size_t k = 0; k < last.size(); ++k) f(out++, base + last[k]);
        for (int d = rank - 2; d >= 0; --d) {
            if (++idx[static_cast<size_t>(d)] < static_cast<int64_t>(maps[static_cast<size_t>(d)].size())) break;
            idx[static_cast<size_t>(d)] = 0;
        }
    }
}

void padWith(KernelContext& c, const Tensor* constant) {
    const Tensor& x = c.input(0);
    const Paddings p = readPaddings(x.shape(), c.input(1));
    TensorShape out;
    for (int d = 0; d < x.rank(); ++d) {
        const int64_t b = p.before[static_cast<size_t>(d)], a = p.after[static_cast<size_t>(d)];
        if (b < 0 || a < 0) invalidArgument("Paddings must be non-negative: ", b, " ", a);
        out.addDim(x.dim(d) + b + a);
    }
    Tensor& o = c.allocateOutput(0, x.dtype(), out);
    tensor::visitAll(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::fill_n(o.data<T>(), o.numElements(), constant ? constant->data<T>()[0] : T{});
    });
    if (x.numElements() == 0) return;
    const std::vector<int64_t> strides = stridesOf(out);
    int64_t base = 0;
    for (int d = 0; d < x.rank(); ++d) base += p.before[static_cast<size_t>(d)] * strides[static_cast<size_t>(d)];
    stridedScatter(x, o, base, strides);
}

void padKernel(KernelContext& c) {
    padWith(c, nullptr);
}

void padV2Kernel(KernelContext& c) {
    const Tensor& constant = c.input(2);
    if (constant.rank() != 0) invalidArgument("constant_values must be a scalar. Found: ", constant.shape().str());
    padWith(c, &constant);
}

void mirrorPadKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Paddings p = readPaddings(x.shape(), c.input(1));
    const int64_t offset = mirrorOffset(c.attrs());
    TensorShape out;
    std::vector<std::vector<int64_t>> maps;
    for (int d = 0; d < x.rank(); ++d) {
        const int64_t b = p.before[static_cast<size_t>(d)], a = p.after[static_cast<size_t>(d)], size = x.dim(d);
        if (b < 0 || a < 0) invalidArgument("paddings must be non-negative: ", b, " ", a);
        if (offset == 0 && (b > size || a > size))
            invalidArgument("paddings must be no greater than the dimension size: ", b, ", ", a, " greater than ",
                            size);
        if (offset == 1 && (b >= size || a >= size))
            invalidArgument("paddings must be less than the dimension size: ", b, ", ", a, " not less than ", size);
        out.addDim(size + b + a);
        maps.push_back(mirrorMap(size, b, a, offset));
    }
    Tensor& o = c.allocateOutput(0, x.dtype(), out);
    tensor::visitAll(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T* in = x.data<T>();
        T* dst = o.data<T>();
        forEachMapped(maps, x.shape(), [&](int64_t to, int64_t from) { dst[to] = in[from]; });
    });
}

// The gradient of MirrorPad: each input element gets the sum of the output gradients that read it.
void mirrorPadGradKernel(KernelContext& c) {
    const Tensor& g = c.input(0);
    const Paddings p = readPaddings(g.shape(), c.input(1));
    const int64_t offset = mirrorOffset(c.attrs());
    TensorShape out;
    std::vector<std::vector<int64_t>> maps;
    for (int d = 0; d < g.rank(); ++d) {
        const int64_t b = p.before[static_cast<size_t>(d)], a = p.after[static_cast<size_t>(d)];
        if (b < 0 || a < 0) invalidArgument("Paddings must be non-negative: ", b, ", ", a);
        const int64_t size = g.dim(d) - b - a;
        if (offset == 0 && (b > size || a > size))
            invalidArgument("paddings must be no greater than the output dimension size: ", b, ", ", a,
                            " greater than ", size);
        if (offset == 1 && (b >= size || a >= size))
            invalidArgument("paddings must be less than the output dimension size: ", b, ", ", a, " not less than ",
                            size);
        out.addDim(size);
        maps.push_back(mirrorMap(size, b, a, offset));
    }
    Tensor& o = c.allocateOutput(0, g.dtype(), out);
    tensor::visitNative(g.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* dst = o.data<T>();
        std::fill_n(dst, o.numElements(), T{});
        const T* src = g.data<T>();
        forEachMapped(maps, out, [&](int64_t from, int64_t to) { dst[to] = static_cast<T>(dst[to] + src[from]); });
    });
}

// TF's PadShapeFn (Pad, PadV2, MirrorPad): paddings is [rank, 2]; known paddings add to the dims.
void padShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const PartialShape& paddings = c.inputShape(1);
    if (paddings.hasRank() && paddings.rank() != 2)
        invalidArgument("Shape must be rank 2 but is rank ", paddings.rank());
    if (paddings.hasRank() && paddings.dim(1) >= 0 && paddings.dim(1) != 2)
        invalidArgument("Dimension must be 2 but is ", paddings.dim(1));
    int rank = x.hasRank() ? x.rank() : -1;
    if (paddings.hasRank() && paddings.dim(0) >= 0) {
        if (rank >= 0 && rank != paddings.dim(0))
            invalidArgument("Shape must be rank ", paddings.dim(0), " but is rank ", rank);
        rank = static_cast<int>(paddings.dim(0));
    }
    if (rank < 0) return c.setOutput(0, PartialShape::unknown());
    const Tensor* values = c.inputValue(1);
    if (!values) return c.setOutput(0, PartialShape::unknownOfRank(rank));
    const std::vector<int64_t> v = values->toInt64Vector();
    std::vector<int64_t> dims;
    for (int d = 0; d < rank; ++d) {
        const int64_t b = v[2 * static_cast<size_t>(d)], a = v[2 * static_cast<size_t>(d) + 1];
        if (b < 0 || a < 0) invalidArgument("Paddings must be non-negative");
        const int64_t size = x.hasRank() ? x.dim(d) : -1;
        dims.push_back(size < 0 ? -1 : size + b + a);
    }
    c.setOutput(0, PartialShape(dims));
}

void mirrorPadGradShape(ShapeContext& c) {
    const PartialShape& g = c.inputShape(0);
    const Tensor* values = c.inputValue(1);
    if (!g.hasRank()) return c.setOutput(0, PartialShape::unknown());
    if (!values) return c.setOutput(0, PartialShape::unknownOfRank(g.rank()));
    const std::vector<int64_t> v = values->toInt64Vector();
    if (static_cast<int>(v.size()) != 2 * g.rank())
        invalidArgument("The first dimension of paddings must be the rank of inputs");
    std::vector<int64_t> dims;
    for (int d = 0; d < g.rank(); ++d)
        dims.push_back(g.dim(d) < 0 ? -1
                                    : g.dim(d) - v[2 * static_cast<size_t>(d)] - v[2 * static_cast<size_t>(d) + 1]);
    c.setOutput(0, PartialShape(dims));
}

using G = GradBuilder;
using C = GradContext;

// TF's _PadGrad: the gradient of the input is the part of the output's gradient it became.
Sym padInputGrad(G& b, const C& c) {
    const Sym x = c.input(0), paddings = c.input(1);
    const PartialShape xs = b.shape(x);
    if (!xs.hasRank())
        throw tensor::UnimplementedError("gradient of " + c.op->name + " needs the input's rank for now");
    const Sym before = b.op1("Slice", { paddings, grad::intVector(b, { 0, 0 }), grad::intVector(b, { xs.rank(), 1 }) });
    const Sym begin = b.op1("Reshape", { before, grad::intVector(b, { -1 }) });
    const Sym sizes = b.dtype(paddings) == DType::Int32 ? grad::shapeOf(b, x)
                                                        : b.op1("Shape", { x }, { { "out_type", b.dtype(paddings) } });
    return b.op1("Slice", { c.grad(0), begin, sizes });
}
std::vector<Sym> padGrad(G& b, const C& c) {
    return { padInputGrad(b, c), Sym{} };
}
std::vector<Sym> padV2Grad(G& b, const C& c) {
    return { padInputGrad(b, c), Sym{}, Sym{} };
}
std::vector<Sym> mirrorPadGrad(G& b, const C& c) {
    return { b.op1("MirrorPadGrad", { c.grad(0), c.input(1) }, { { "mode", c.attrs->getString("mode") } }), Sym{} };
}
std::vector<Sym> mirrorPadGradGrad(G& b, const C& c) {
    return { b.op1("MirrorPad", { c.grad(0), c.input(1) }, { { "mode", c.attrs->getString("mode") } }), Sym{} };
}

} // namespace

void registerPadKernels() {
    defineOp("Pad").kernel(padKernel).shape(padShape).grad(padGrad);
    defineOp("PadV2").kernel(padV2Kernel).shape(padShape).grad(padV2Grad);
    defineOp("MirrorPad").kernel(mirrorPadKernel).shape(padShape).grad(mirrorPadGrad);
    defineOp("MirrorPadGrad")
        .kernel(
            mirrorPadGradKernel,
            maskOf(DType::Float32, DType::Float64, DType::Int32, DType::Int64, DType::UInt8, DType::Int8, DType::Int16))
        .viaFloat()
        .shape(mirrorPadGradShape)
        .grad(mirrorPadGradGrad);
}

} // namespace graphlens::ops

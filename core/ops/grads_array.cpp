// Gradients of array ops, after TensorFlow's python/ops/array_grad.py. Where TF builds shapes
// with ops at run time, these use static shapes and constant inputs (always known eagerly).
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using G = GradBuilder;
using C = GradContext;

const Tensor& constantInput(G& b, const C& c, int i) {
    const Tensor* v = b.value(c.input(i));
    if (!v)
        throw tensor::UnimplementedError("gradient of " + c.op->name + " needs a constant input " + std::to_string(i) +
                                         " for now");
    return *v;
}
std::vector<int64_t> staticShape(G& b, Sym s, const char* op) {
    const PartialShape p = b.shape(s);
    if (!p.isFullyDefined())
        throw tensor::UnimplementedError(std::string("gradient of ") + op + " needs static shapes for now");
    return p.dims();
}

std::vector<Sym> reshapeGrad(G& b, const C& c) {
    std::vector<Sym> out(c.inputs.size());
    out[0] = b.op1("Reshape", { c.grad(0), grad::shapeOf(b, c.input(0)) });
    return out;
}
std::vector<Sym> identityGrad(G&, const C& c) {
    return { c.grad(0) };
}
// TF checks the gradient too, naming the forward op's message.
std::vector<Sym> checkNumericsGrad(G& b, const C& c) {
    const std::string message =
        "Not a number (NaN) or infinity (Inf) values detected in gradient. " + c.attrs->getString("message");
    return { b.op1("CheckNumerics", { c.grad(0) }, { { "message", message } }) };
}
std::vector<Sym> identityNGrad(G&, const C& c) {
    return { c.outputGrads.begin(), c.outputGrads.end() };
}

std::vector<Sym> transposeGrad(G& b, const C& c) {
    const auto perm = constantInput(b, c, 1).toInt64Vector();
    std::vector<int64_t> inv(perm.size());
    for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    return { b.op1("Transpose", { c.grad(0), grad::intVector(b, inv) }), Sym{} };
}

std::vector<Sym> concatGrad(G& b, const C& c) {
    const int n = static_cast<int>(c.inputs.size()) - 1;
    const int64_t axisValue = constantInput(b, c, n).toInt64Vector().at(0);
    std::vector<int64_t> sizes;
    int axis = 0;
    for (int i = 0; i < n; ++i) {
        const auto s = staticShape(b, c.input(i), "ConcatV2");
        axis = canonicalAxis(axisValue, static_cast<int>(s.size()));
        sizes.push_back(s[static_cast<size_t>(axis)]);
    }
    std::vector<Sym> out = b.op("SplitV", { c.grad(0), grad::intVector(b, sizes), grad::intScalar(b, axis) },
                                { { "num_split", int64_t{ n } } });
    out.push_back(Sym{});
    return out;
}
std::vector<Sym> packGrad(G& b, const C& c) {
    return b.op("Unpack", { c.grad(0) },
                { { "num", static_cast<int64_t>(c.inputs.size()) }, { "axis", c.attrs->getInt("axis") } });
}
// Outputs with no gradient count as zeros where a sibling output has one.
std::vector<Sym> filledGrads(G& b, const C& c) {
    std::vector<Sym> gs(c.outputGrads.begin(), c.outputGrads.end());
    for (size_t i = 0; i < gs.size(); ++i)
        if (!gs[i]) gs[i] = grad::zerosLike(b, c.outputs[i]);
    return gs;
}
std::vector<Sym> unpackGrad(G& b, const C& c) {
    return { b.op1("Pack", filledGrads(b, c), { { "axis", c.attrs->getInt("axis") } }) };
}
std::vector<Sym> splitGrad(G& b, const C& c) {
    auto gs = filledGrads(b, c);
    gs.push_back(c.input(0));
    return { Sym{}, b.op1("ConcatV2", gs) };
}
std::vector<Sym> splitVGrad(G& b, const C& c) {
    auto gs = filledGrads(b, c);
    gs.push_back(c.input(2));
    return { b.op1("ConcatV2", gs), Sym{}, Sym{} };
}

AttrMap maskAttrs(const C& c) {
    return { { "begin_mask", c.attrs->getInt("begin_mask") },
             { "end_mask", c.attrs->getInt("end_mask") },
             { "ellipsis_mask", c.attrs->getInt("ellipsis_mask") },
             { "new_axis_mask", c.attrs->getInt("new_axis_mask") },
             { "shrink_axis_mask", c.attrs->getInt("shrink_axis_mask") } };
}
std::vector<Sym> stridedSliceGrad(G& b, const C& c) {
    const DType index = b.dtype(c.input(1));
    Sym shape = grad::shapeOf(b, c.input(0));
    if (index == DType::Int64) shape = b.op1("Cast", { shape }, { { "DstT", DType::Int64 } });
    return { b.op1("StridedSliceGrad", { shape, c.input(1), c.input(2), c.input(3), c.grad(0) }, maskAttrs(c)), Sym{},
             Sym{}, Sym{} };
}
std::vector<Sym> stridedSliceGradGrad(G& b, const C& c) {
    return { Sym{}, Sym{}, Sym{}, Sym{},
             b.op1("StridedSlice", { c.grad(0), c.input(1), c.input(2), c.input(3) }, maskAttrs(c)) };
}
// Slice(x, begin, size) = StridedSlice(x, begin, begin + out_shape, 1), so its gradient is the
// StridedSliceGrad of that.
std::vector<Sym> sliceGrad(G& b, const C& c) {
    const auto begin = constantInput(b, c, 1).toInt64Vector();
    const auto out = staticShape(b, c.output(0), "Slice");
    std::vector<int64_t> end(begin.size()), ones(begin.size(), 1);
    for (size_t i = 0; i < begin.size(); ++i) end[i] = begin[i] + out[i];
    return { b.op1("StridedSliceGrad",
                   { grad::shapeOf(b, c.input(0)), grad::intVector(b, begin), grad::intVector(b, end),
                     grad::intVector(b, ones), c.grad(0) }),
             Sym{}, Sym{} };
}

std::vector<Sym> gatherGrad(G& b, const C& c) {
    const auto params = staticShape(b, c.input(0), "GatherV2");
    const int64_t axis = canonicalAxis(constantInput(b, c, 2).toInt64Vector().at(0), static_cast<int>(params.size()));
    if (axis != 0 || c.attrs->getInt("batch_dims") != 0)
        throw tensor::UnimplementedError("gradient of GatherV2 is implemented for axis 0 without batch_dims for now");
    const auto indices = staticShape(b, c.input(1), "GatherV2");
    int64_t count = 1;
    for (int64_t d : indices) count *= d;
    std::vector<int64_t> flatShape{ count };
    flatShape.insert(flatShape.end(), params.begin() + 1, params.end());
    const Sym g = b.op1("Reshape", { c.grad(0), grad::intVector(b, flatShape) });
    const Sym ids = b.op1("Reshape", { c.input(1), grad::intVector(b, { count }) });
    return { b.op1("UnsortedSegmentSum", { g, ids, grad::intScalar(b, params[0]) }), Sym{}, Sym{} };
}

// TF's _ReverseV2Grad: the gradient reversed along the same axes.
std::vector<Sym> reverseGrad(G& b, const C& c) {
    return { b.op1("ReverseV2", { c.grad(0), c.input(1) }), Sym{} };
}

std::vector<Sym> tileGrad(G& b, const C& c) {
    const auto in = staticShape(b, c.input(0), "Tile");
    const auto m = constantInput(b, c, 1).toInt64Vector();
    std::vector<int64_t> split, axes;
    for (size_t i = 0; i < in.size(); ++i) {
        axes.push_back(static_cast<int64_t>(split.size()));
        split.push_back(m[i]);
        split.push_back(in[i]);
    }
    const Sym g = b.op1("Reshape", { c.grad(0), grad::intVector(b, split) });
    return { b.op1("Sum", { g, grad::intVector(b, axes) }), Sym{} };
}
std::vector<Sym> fillGrad(G& b, const C& c) {
    const int rank = b.shape(c.grad(0)).rank();
    std::vector<int64_t> all;
    for (int i = 0; i < rank; ++i) all.push_back(i);
    return { Sym{}, b.op1("Sum", { c.grad(0), grad::intVector(b, all) }) };
}
std::vector<Sym> broadcastToGrad(G& b, const C& c) {
    const Sym sx = grad::shapeOf(b, c.input(0));
    const auto r = b.op("BroadcastGradientArgs", { sx, grad::shapeOf(b, c.output(0)) });
    return { b.op1("Reshape", { b.op1("Sum", { c.grad(0), r[0] }, { { "keep_dims", true } }), sx }), Sym{} };
}
std::vector<Sym> selectV2Grad(G& b, const C& c) {
    const Sym zeros = grad::zerosLike(b, c.grad(0));
    const Sym gt = b.op1("SelectV2", { c.input(0), c.grad(0), zeros });
    const Sym ge = b.op1("SelectV2", { c.input(0), zeros, c.grad(0) });
    const Sym out = c.output(0);
    return { Sym{}, grad::unbroadcast(b, c.input(1), out, gt, Sym{}).first,
             grad::unbroadcast(b, c.input(2), out, ge, Sym{}).first };
}
std::vector<Sym> selectGrad(G& b, const C& c) {
    const Sym zeros = grad::zerosLike(b, c.grad(0));
    return { Sym{}, b.op1("Select", { c.input(0), c.grad(0), zeros }),
             b.op1("Select", { c.input(0), zeros, c.grad(0) }) };
}

} // namespace

void registerArrayGradients() {
    for (const char* op : { "Reshape", "ExpandDims", "Squeeze" }) defineOp(op).grad(reshapeGrad);
    defineOp("Identity").grad(identityGrad);
    defineOp("IdentityN").grad(identityNGrad);
    defineOp("CheckNumerics").grad(checkNumericsGrad);
    defineOp("Transpose").grad(transposeGrad);
    defineOp("ConcatV2").grad(concatGrad);
    defineOp("Pack").grad(packGrad);
    defineOp("Unpack").grad(unpackGrad);
    defineOp("Split").grad(splitGrad);
    defineOp("SplitV").grad(splitVGrad);
    defineOp("StridedSlice").grad(stridedSliceGrad);
    defineOp("StridedSliceGrad").grad(stridedSliceGradGrad);
    defineOp("Slice").grad(sliceGrad);
    defineOp("GatherV2").grad(gatherGrad);
    defineOp("Tile").grad(tileGrad);
    defineOp("ReverseV2").grad(reverseGrad);
    defineOp("Fill").grad(fillGrad);
    defineOp("BroadcastTo").grad(broadcastToGrad);
    defineOp("SelectV2").grad(selectV2Grad);
    defineOp("Select").grad(selectGrad);
}

} // namespace graphlens::ops

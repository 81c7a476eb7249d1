// Gradients of math ops, after TensorFlow's python/ops/math_grad.py.
#include <functional>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using grad::unbroadcast;
using G = GradBuilder;
using C = GradContext;

std::vector<Sym> pair(std::pair<Sym, Sym> p) {
    return { p.first, p.second };
}

// The binary ops follow TF's math_grad.py branch for branch (skipped inputs, the shortcut for
// fully specified equal shapes, _ReduceGradientArgs), because a traced gradient must hold the
// nodes TF's would.
using grad::isScalar;
using grad::reduceGradientArgs;
using grad::shapesFullySpecifiedAndEqual;

template<bool kSub> std::vector<Sym> addSubGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    if (c.skip(1) && isScalar(b, y)) return { g, Sym{} };
    if (shapesFullySpecifiedAndEqual(b, x, y, g)) return { g, kSub ? b.op1("Neg", { g }) : g };
    const Sym gx = c.skip(0) ? Sym{} : g;
    const Sym gy = c.skip(1) ? Sym{} : kSub ? b.op1("Neg", { g }) : g;
    return pair(reduceGradientArgs(b, x, y, gx, gy));
}
// math_ops.conj: a Conj op for complex values, the value itself otherwise
Sym conj(G& b, Sym s) {
    return tensor::isComplex(b.dtype(s)) ? b.op1("Conj", { s }) : s;
}

std::vector<Sym> mulGrad(G& b, const C& c) {
    Sym x = c.input(0), y = c.input(1);
    const Sym g = c.grad(0);
    if (c.skip(1) && isScalar(b, y)) return { b.op1("Mul", { g, conj(b, y) }), Sym{} };
    const DType dt = b.dtype(g);
    if (shapesFullySpecifiedAndEqual(b, x, y, g) && (dt == DType::Int32 || dt == DType::Float32))
        return { b.op1("Mul", { g, y }), b.op1("Mul", { g, x }) };
    const Sym fx = x, fy = y;
    x = conj(b, x);
    y = conj(b, y);
    const Sym gx = c.skip(0) ? Sym{} : b.op1("Mul", { g, y });
    const Sym gy = c.skip(1) ? Sym{} : b.op1("Mul", { x, g });
    return pair(reduceGradientArgs(b, fx, fy, gx, gy));
}
std::vector<Sym> divGrad(G& b, const C& c) {
    const Sym fx = c.input(0), fy = c.input(1), g = c.grad(0);
    const Sym x = conj(b, fx), y = conj(b, fy);
    const char* div = c.op->name == "Div" ? "Div" : "RealDiv";
    const Sym gx = b.op1(div, { g, y });
    const Sym gy = b.op1("Mul", { g, b.op1(div, { b.op1(div, { b.op1("Neg", { x }), y }), y }) });
    return pair(reduceGradientArgs(b, fx, fy, gx, gy));
}
std::vector<Sym> divNoNanGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const Sym gx = b.op1("DivNoNan", { g, y });
    const Sym gy = b.op1("Mul", { g, b.op1("DivNoNan", { b.op1("DivNoNan", { b.op1("Neg", { x }), y }), y }) });
    return pair(reduceGradientArgs(b, x, y, gx, gy));
}
std::vector<Sym> floorModGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const Sym floorXy = b.op1("FloorDiv", { x, y });
    return pair(reduceGradientArgs(b, x, y, g, b.op1("Mul", { g, b.op1("Neg", { floorXy }) })));
}
std::vector<Sym> noGrad(G&, const C& c) {
    return std::vector<Sym>(c.inputs.size());
}
std::vector<Sym> powGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), z = c.output(0), g = c.grad(0);
    auto gradX = [&] {
        return b.op1("Mul",
                     { b.op1("Mul", { g, y }), b.op1("Pow", { x, b.op1("Sub", { y, grad::scalarLike(b, y, 1) }) }) });
    };
    if (c.skip(1) && isScalar(b, y)) return { gradX(), Sym{} };
    const Sym gx = c.skip(0) ? Sym{} : gradX();
    Sym gy;
    if (!c.skip(1)) {
        // log(x) where x > 0, else 0: no false singularity at x = 0 (as TF).
        const Sym mask = b.op1("Greater", { x, grad::scalarLike(b, x, 0) });
        const Sym safeX = b.op1("SelectV2", { mask, x, grad::onesLike(b, x) });
        const Sym logX = b.op1("SelectV2", { mask, b.op1("Log", { safeX }), grad::zerosLike(b, x) });
        gy = b.op1("Mul", { b.op1("Mul", { g, z }), logX });
    }
    return pair(reduceGradientArgs(b, x, y, gx, gy));
}
template<bool kMax> std::vector<Sym> maxMinGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const char* selector = kMax ? "GreaterEqual" : "LessEqual";
    if (c.skip(1) && isScalar(b, y)) {
        const Sym zeros = grad::zerosLike(b, g);
        return { b.op1("SelectV2", { b.op1(selector, { x, y }), g, zeros }), Sym{} };
    }
    const Sym zeros = grad::zerosLike(b, g);
    const Sym mask = b.op1(selector, { x, y });
    const Sym gx = c.skip(0) ? Sym{} : b.op1("SelectV2", { mask, g, zeros });
    const Sym gy = c.skip(1) ? Sym{} : b.op1("SelectV2", { mask, zeros, g });
    return pair(reduceGradientArgs(b, x, y, gx, gy));
}
std::vector<Sym> squaredDifferenceGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const Sym gx = b.op1("Mul", { b.op1("Mul", { grad::scalarLike(b, g, 2), g }), b.op1("Sub", { x, y }) });
    if (shapesFullySpecifiedAndEqual(b, x, y, g)) return { gx, b.op1("Neg", { gx }) };
    return pair(reduceGradientArgs(b, x, y, c.skip(0) ? Sym{} : gx, c.skip(1) ? Sym{} : b.op1("Neg", { gx })));
}
std::vector<Sym> addNGrad(G&, const C& c) {
    return std::vector<Sym>(c.inputs.size(), c.grad(0));
}

std::vector<Sym> negGrad(G& b, const C& c) {
    return { b.op1("Neg", { c.grad(0) }) };
}
std::vector<Sym> absGrad(G& b, const C& c) {
    return { b.op1("Mul", { c.grad(0), b.op1("Sign", { c.input(0) }) }) };
}
std::vector<Sym> squareGrad(G& b, const C& c) {
    const Sym x = conj(b, c.input(0));
    return { b.op1("Mul", { c.grad(0), b.op1("Mul", { grad::scalarLike(b, x, 2), x }) }) };
}
std::vector<Sym> expGrad(G& b, const C& c) {
    return { b.op1("Mul", { c.grad(0), c.output(0) }) };
}
std::vector<Sym> expm1Grad(G& b, const C& c) {
    return { b.op1("Mul", { c.grad(0), b.op1("Exp", { c.input(0) }) }) };
}
std::vector<Sym> logGrad(G& b, const C& c) {
    return { b.op1("Mul", { c.grad(0), b.op1("Reciprocal", { c.input(0) }) }) };
}
std::vector<Sym> log1pGrad(G& b, const C& c) {
    return { b.op1(
        "Mul",
        { c.grad(0), b.op1("Reciprocal", { b.op1("AddV2", { grad::scalarLike(b, c.input(0), 1), c.input(0) }) }) }) };
}
// TF's: grad * (±2 / sqrt(pi)) * exp(-x^2).
template<bool kComplement> std::vector<Sym> erfGrad(G& b, const C& c) {
    const double k = kComplement ? -1.1283791670955126 : 1.1283791670955126;
    const Sym scaled = b.op1("Mul", { c.grad(0), grad::scalarLike(b, c.grad(0), k) });
    return { b.op1("Mul", { scaled, b.op1("Exp", { b.op1("Neg", { b.op1("Square", { c.input(0) }) }) }) }) };
}
std::vector<Sym> sinGrad(G& b, const C& c) {
    return { b.op1("Mul", { c.grad(0), b.op1("Cos", { c.input(0) }) }) };
}
std::vector<Sym> cosGrad(G& b, const C& c) {
    return { b.op1("Neg", { b.op1("Mul", { c.grad(0), b.op1("Sin", { c.input(0) }) }) }) };
}
// Ops whose gradient op takes (y, dy).
template<const char* kOp> std::vector<Sym> outputGrad(G& b, const C& c) {
    return { b.op1(kOp, { c.output(0), c.grad(0) }) };
}
constexpr char kSqrtGrad[] = "SqrtGrad", kRsqrtGrad[] = "RsqrtGrad", kTanhGrad[] = "TanhGrad",
               kSigmoidGrad[] = "SigmoidGrad", kReciprocalGrad[] = "ReciprocalGrad";
// Gradients of those gradient ops (second derivatives), as math_grad.py's *GradGrad: inputs
// (a = y, b = dy), incoming gradient g.
std::vector<Sym> tanhGradGrad(G& b, const C& c) {
    const Sym g = c.grad(0), y = c.input(0), dy = c.input(1);
    const Sym ga = b.op1("Mul", { b.op1("Mul", { b.op1("Mul", { g, grad::scalarLike(b, g, -2.0) }), dy }), y });
    return { ga, b.op1("TanhGrad", { y, g }) };
}
std::vector<Sym> sigmoidGradGrad(G& b, const C& c) {
    const Sym g = c.grad(0), y = c.input(0), dy = c.input(1);
    const Sym gb = b.op1("Mul", { g, dy });
    const Sym twice = b.op1("Mul", { b.op1("Mul", { grad::scalarLike(b, gb, 2.0), gb }), y });
    return { b.op1("Sub", { gb, twice }), b.op1("SigmoidGrad", { y, g }) };
}
std::vector<Sym> sqrtGradGrad(G& b, const C& c) {
    const Sym ga = b.op1("RealDiv", { c.grad(0), c.input(0) });
    return { b.op1("Mul", { b.op1("Neg", { ga }), c.output(0) }), b.op1("Mul", { grad::scalarLike(b, ga, 0.5), ga }) };
}
std::vector<Sym> rsqrtGradGrad(G& b, const C& c) {
    const Sym g = c.grad(0), a = c.input(0), dy = c.input(1);
    const Sym ga = b.op1(
        "Mul", { b.op1("Mul", { b.op1("Mul", { grad::scalarLike(b, g, -1.5), g }), dy }), b.op1("Square", { a }) });
    return { ga, b.op1("RsqrtGrad", { a, g }) };
}
std::vector<Sym> reciprocalGradGrad(G& b, const C& c) {
    const Sym g = c.grad(0), a = c.input(0), dy = c.input(1);
    const Sym ga = b.op1("Mul", { b.op1("Mul", { b.op1("Mul", { grad::scalarLike(b, g, -2.0), g }), dy }), a });
    return { ga, b.op1("ReciprocalGrad", { a, g }) };
}
std::vector<Sym> signGrad(G& b, const C& c) {
    return { grad::zerosLike(b, c.input(0)) };
}

std::vector<Sym> castGrad(G& b, const C& c) {
    const DType src = c.attrs->getType("SrcT"), dst = c.attrs->getType("DstT");
    if (!tensor::isFloating(src) || !tensor::isFloating(dst)) return { Sym{} };
    return { b.op1("Cast", { c.grad(0) }, { { "DstT", src } }) };
}

// Static reduced-with-kept-dims shape of a reduction; the axes must be known.
std::vector<int64_t> keptShape(G& b, const C& c, int64_t* count) {
    const PartialShape in = b.shape(c.input(0));
    const Tensor* axes = b.value(c.input(1));
    if (!in.isFullyDefined() || !axes)
        throw tensor::UnimplementedError("gradient of " + c.op->name +
                                         " needs a static input shape and constant axes for now");
    std::vector<int64_t> kept = in.dims();
    *count = 1;
    for (int64_t a : axes->toInt64Vector()) {
        const int ca = canonicalAxis(a, in.rank());
        if (kept[static_cast<size_t>(ca)] != 1) *count *= kept[static_cast<size_t>(ca)];
        kept[static_cast<size_t>(ca)] = 1;
    }
    return kept;
}
// TF's math_ops.reduced_shape computed at run time (shape or axes not static): the input's shape
// with the reduced axes set to 1 (TF stitches it; a mask of the axes selects the same values).
Sym reducedShape(G& b, Sym inputShape, Sym axes) {
    if (b.dtype(axes) != DType::Int32) axes = b.op1("Cast", { axes }, { { "DstT", DType::Int32 } });
    const Sym rank = b.op1("Size", { inputShape });
    axes = b.op1("Reshape", { axes, grad::intVector(b, { -1 }) });
    axes = b.op1("FloorMod", { b.op1("AddV2", { axes, rank }), rank });
    const Sym dims = b.op1("Range", { grad::intScalar(b, 0), rank, grad::intScalar(b, 1) });
    const Sym hits = b.op1(
        "Equal",
        { b.op1("ExpandDims", { dims, grad::intScalar(b, 1) }), b.op1("ExpandDims", { axes, grad::intScalar(b, 0) }) });
    const Sym reduced = b.op1("Any", { hits, grad::intScalar(b, 1) });
    return b.op1("SelectV2", { reduced, b.op1("OnesLike", { inputShape }), inputShape });
}
// TF's _SumGrad: Reshape + Tile when the axes are constant and the rank known (reducing all dims,
// or any dims of a fully defined shape in a graph); else Reshape to the kept dims + BroadcastTo.
Sym sumGradCore(G& b, const C& c) {
    const Sym x = c.input(0);
    const PartialShape in = b.shape(x);
    const Tensor* axesValue = b.value(c.input(1));
    if (in.hasRank() && axesValue) {
        const auto axes = axesValue->toInt64Vector();
        const int rank = in.rank();
        bool allDims = axesValue->shape().rank() == 1 && static_cast<int>(axes.size()) == rank;
        for (size_t i = 0; allDims && i < axes.size(); ++i) allDims = axes[i] == static_cast<int64_t>(i);
        if (allDims) {
            const Sym g =
                b.op1("Reshape", { c.grad(0), grad::intVector(b, std::vector<int64_t>(static_cast<size_t>(rank), 1)) });
            return b.op1("Tile", { g, grad::shapeOf(b, x) });
        }
        if (in.isFullyDefined() && b.symbolic()) {
            std::vector<int64_t> kept = in.dims();
            for (int64_t a : axes) kept[static_cast<size_t>(canonicalAxis(a, rank))] = 1;
            std::vector<int64_t> tile(kept.size());
            for (size_t i = 0; i < kept.size(); ++i) tile[i] = in.dims()[i] / std::max<int64_t>(kept[i], 1);
            // TF evaluates _SafeShapeDiv (shape // maximum(kept, 1)) with graph ops, left in the
            // graph, on the first use of this (shape, axes) in a graph.
            std::string key = "reduced_shape";
            for (int64_t d : in.dims()) key += " " + std::to_string(d);
            key += " /";
            for (int64_t a : axes) key += " " + std::to_string(a);
            if (b.firstInGraph(key))
                b.op1("FloorDiv",
                      { grad::intVector(b, in.dims()),
                        b.op1("Maximum", { grad::intVector(b, kept), grad::intScalar(b, 1) }) });
            const Sym g = b.op1("Reshape", { c.grad(0), grad::intVector(b, kept) });
            return b.op1("Tile", { g, grad::intVector(b, tile) });
        }
    }
    const Sym inputShape = grad::shapeOf(b, x);
    Sym g = c.grad(0);
    if (!c.attrs->getBool("keep_dims")) {
        int64_t count = 0;
        const Sym kept = in.isFullyDefined() && axesValue ? grad::intVector(b, keptShape(b, c, &count))
                                                          : reducedShape(b, inputShape, c.input(1));
        g = b.op1("Reshape", { g, kept });
    }
    return b.op1("BroadcastTo", { g, inputShape });
}
std::vector<Sym> sumGrad(G& b, const C& c) {
    return { sumGradCore(b, c), Sym{} };
}
// TF's _MeanGrad: the sum's gradient over the number of elements averaged, a constant when the
// shapes are fully defined.
std::vector<Sym> meanGrad(G& b, const C& c) {
    const Sym s = sumGradCore(b, c);
    const PartialShape in = b.shape(c.input(0)), out = b.shape(c.output(0));
    Sym factor;
    if (in.isFullyDefined() && out.isFullyDefined()) {
        const int64_t inSize = in.numElements(), outSize = out.numElements();
        factor = grad::scalarLike(b, s, static_cast<double>(inSize / std::max<int64_t>(outSize, 1)));
    } else {
        const Sym inputShape = b.op1("Shape", { c.input(0) });
        // array_ops.size: a constant when the shape vector's length is static (the rank known)
        const PartialShape shapeOfShape = b.shape(inputShape);
        const Sym rank = shapeOfShape.isFullyDefined() ? grad::intScalar(b, shapeOfShape.numElements())
                                                       : b.op1("Size", { inputShape });
        Sym axes = c.input(1);
        if (b.dtype(axes) != DType::Int32) axes = b.op1("Cast", { axes }, { { "DstT", DType::Int32 } });
        axes = b.op1("FloorMod", { b.op1("AddV2", { axes, rank }), rank });
        const Sym sizes = b.op1("GatherV2", { inputShape, axes, grad::intScalar(b, 0) });
        const Sym count = b.op1("Prod", { sizes, grad::intVector(b, { 0 }) });
        factor = b.op1("Cast", { count }, { { "DstT", b.dtype(s) } });
    }
    return { b.op1("RealDiv", { s, factor }), Sym{} };
}
// TF's _MinOrMaxGrad: the gradient shared among the selected entries. The kept-dims shape is
// made at each use (a Const each, as TF converts the static shape every time).
std::vector<Sym> minMaxGrad(G& b, const C& c) {
    const Sym x = c.input(0);
    grad::shapeOf(b, x); // TF takes the input's shape first: a node in a graph, though unused here
    Sym y = c.output(0), g = c.grad(0);
    std::function<Sym()> keptDims;
    if (!c.attrs->getBool("keep_dims")) {
        int64_t count = 0;
        const std::vector<int64_t> kept = keptShape(b, c, &count);
        keptDims = [&b, kept] { return grad::intVector(b, kept); };
        y = b.op1("Reshape", { y, keptDims() });
        g = b.op1("Reshape", { g, keptDims() });
    } else {
        const Sym outShape = grad::shapeOf(b, y);
        keptDims = [outShape] { return outShape; };
    }
    const Sym ind = b.op1("Cast", { b.op1("Equal", { y, x }) }, { { "DstT", b.dtype(g) } });
    const Sym num = b.op1("Reshape", { b.op1("Sum", { ind, c.input(1) }), keptDims() });
    return { b.op1("Mul", { b.op1("RealDiv", { ind, num }), g }), Sym{} };
}
// TF's _ProdGrad: the reduced dims moved to the front and flattened, then the product of all
// other entries as exclusive cumprods from both sides.
std::vector<Sym> prodGrad(G& b, const C& c) {
    int64_t count = 0;
    const auto kept = keptShape(b, c, &count);
    const PartialShape in = b.shape(c.input(0));
    const int rank = in.rank();
    const Sym g = b.op1("BroadcastTo",
                        { b.op1("Reshape", { c.grad(0), grad::intVector(b, kept) }), grad::shapeOf(b, c.input(0)) });
    std::vector<int64_t> reduced, other, perm;
    for (int64_t a : b.value(c.input(1))->toInt64Vector()) {
        const int64_t ca = (a + rank) % std::max(rank, 1);
        if (std::find(reduced.begin(), reduced.end(), ca) == reduced.end()) reduced.push_back(ca);
    }
    for (int64_t i = 0; i < rank; ++i)
        if (std::find(reduced.begin(), reduced.end(), i) == reduced.end()) other.push_back(i);
    int64_t reducedNum = 1, otherNum = 1;
    for (int64_t r : reduced) reducedNum *= in.dim(static_cast<int>(r));
    for (int64_t o : other) otherNum *= in.dim(static_cast<int>(o));
    perm = reduced;
    perm.insert(perm.end(), other.begin(), other.end());
    std::vector<int64_t> inversePerm(perm.size()), permutedShape;
    for (size_t i = 0; i < perm.size(); ++i) {
        inversePerm[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
        permutedShape.push_back(in.dim(static_cast<int>(perm[i])));
    }
    const Sym permT = b.op1("Cast", { grad::intVector(b, perm) }, { { "DstT", DType::Int32 } });
    const Sym permuted = b.op1("Transpose", { c.input(0), permT });
    const Sym reshaped = b.op1("Reshape", { permuted, grad::intVector(b, { reducedNum, otherNum }) });
    const Sym zero = grad::intScalar(b, 0);
    const Sym left = b.op1("Cumprod", { reshaped, zero }, { { "exclusive", true }, { "reverse", false } });
    const Sym right = b.op1("Cumprod", { reshaped, zero }, { { "exclusive", true }, { "reverse", true } });
    const Sym y = b.op1("Reshape", { b.op1("Mul", { left, right }), grad::intVector(b, permutedShape) });
    const Sym invT = b.op1("Cast", { grad::intVector(b, inversePerm) }, { { "DstT", DType::Int32 } });
    const Sym out = b.op1("Mul", { g, b.op1("Transpose", { y, invT }) });
    return { b.op1("Reshape", { out, grad::shapeOf(b, c.input(0)) }), Sym{} };
}
std::vector<Sym> cumsumGrad(G& b, const C& c) {
    return { b.op1("Cumsum", { c.grad(0), c.input(1) },
                   { { "exclusive", c.attrs->getBool("exclusive") }, { "reverse", !c.attrs->getBool("reverse") } }),
             Sym{} };
}
std::vector<Sym> l2LossGrad(G& b, const C& c) {
    return { b.op1("Mul", { c.input(0), c.grad(0) }) };
}
std::vector<Sym> clipGrad(G& b, const C& c) {
    const Sym x = c.input(0), lo = c.input(1), hi = c.input(2), g = c.grad(0);
    const Sym zeros = grad::zerosLike(b, g);
    const Sym below = b.op1("Less", { x, lo }), above = b.op1("Greater", { x, hi });
    const Sym gx = b.op1("SelectV2", { b.op1("LogicalOr", { below, above }), zeros, g });
    const Sym glo = unbroadcast(b, x, lo, Sym{}, b.op1("SelectV2", { below, g, zeros })).second;
    const Sym ghi = unbroadcast(b, x, hi, Sym{}, b.op1("SelectV2", { above, g, zeros })).second;
    return { gx, glo, ghi };
}

std::vector<Sym> matMulGrad(G& b, const C& c) {
    const bool ta = c.attrs->getBool("transpose_a"), tb = c.attrs->getBool("transpose_b");
    const Sym a = c.input(0), bb = c.input(1), g = c.grad(0);
    auto mm = [&](Sym x, Sym y, bool tx, bool ty) {
        return b.op1("MatMul", { x, y }, { { "transpose_a", tx }, { "transpose_b", ty } });
    };
    auto gradA = [&] {
        if (!ta) return tb ? mm(g, bb, false, false) : mm(g, bb, false, true);
        return tb ? mm(bb, g, true, true) : mm(bb, g, false, true);
    };
    auto gradB = [&] {
        if (!ta) return tb ? mm(g, a, true, false) : mm(a, g, true, false);
        return tb ? mm(g, a, true, true) : mm(a, g, false, false);
    };
    // TF builds only the product asked for when the other input needs no gradient.
    if (c.skip(1)) return { gradA(), Sym{} };
    if (c.skip(0)) return { Sym{}, gradB() };
    const Sym ga = gradA();
    return { ga, gradB() };
}
std::vector<Sym> batchMatMulGrad(G& b, const C& c) {
    const bool ax = c.attrs->getBool("adj_x"), ay = c.attrs->getBool("adj_y");
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    auto mm = [&](Sym p, Sym q, bool tp, bool tq) {
        return b.op1("BatchMatMulV2", { p, q }, { { "adj_x", tp }, { "adj_y", tq } });
    };
    Sym gx, gy;
    if (!ax && !ay) gx = mm(g, y, false, true), gy = mm(x, g, true, false);
    else if (!ax && ay) gx = mm(g, y, false, false), gy = mm(g, x, true, false);
    else if (ax && !ay) gx = mm(y, g, false, true), gy = mm(x, g, false, false);
    else gx = mm(y, g, true, true), gy = mm(g, x, true, true);
    // Sum over broadcast batch dims back to each input's shape.
    const PartialShape sx = b.shape(x), sy = b.shape(y);
    if (sx.rank() == sy.rank() && sx.isFullyDefined() && sy.isFullyDefined() &&
        std::equal(sx.dims().begin(), sx.dims().end() - 2, sy.dims().begin()))
        return { gx, gy };
    if (!sx.isFullyDefined() || !sy.isFullyDefined())
        throw tensor::UnimplementedError("gradient of BatchMatMulV2 with broadcasting needs static shapes for now");
    const Sym bx = grad::intVector(b, std::vector<int64_t>(sx.dims().begin(), sx.dims().end() - 2));
    const Sym by = grad::intVector(b, std::vector<int64_t>(sy.dims().begin(), sy.dims().end() - 2));
    const auto r = b.op("BroadcastGradientArgs", { bx, by });
    return { b.op1("Reshape", { b.op1("Sum", { gx, r[0] }), grad::shapeOf(b, x) }),
             b.op1("Reshape", { b.op1("Sum", { gy, r[1] }), grad::shapeOf(b, y) }) };
}

void set(const char* op, GradFn fn) {
    defineOp(op).grad(fn);
}

} // namespace

// complex numbers, as math_grad.py: Real/Imag put the gradient back as one part, Complex takes the
// parts of its gradient apart, ComplexAbs scales by z/|z|
std::vector<Sym> realGrad(G& b, const C& c) {
    const Sym g = c.grad(0);
    const AttrMap attrs{ { "Tout", b.dtype(c.input(0)) } };
    return { b.op1("Complex", { g, grad::zerosLike(b, g) }, attrs) };
}
std::vector<Sym> imagGrad(G& b, const C& c) {
    const Sym g = c.grad(0);
    const AttrMap attrs{ { "Tout", b.dtype(c.input(0)) } };
    return { b.op1("Complex", { grad::zerosLike(b, g), g }, attrs) };
}
std::vector<Sym> complexGrad(G& b, const C& c) {
    const Sym g = c.grad(0);
    const AttrMap attrs{ { "Tout", b.dtype(c.input(0)) } };
    return pair(
        reduceGradientArgs(b, c.input(0), c.input(1), b.op1("Real", { g }, attrs), b.op1("Imag", { g }, attrs)));
}
std::vector<Sym> conjGrad(G& b, const C& c) {
    return { b.op1("Conj", { c.grad(0) }) };
}
std::vector<Sym> complexAbsGrad(G& b, const C& c) {
    const Sym g = c.grad(0), z = c.input(0), r = c.output(0);
    const AttrMap attrs{ { "Tout", b.dtype(z) } };
    const Sym gc = b.op1("Complex", { g, grad::zerosLike(b, g) }, attrs);
    const Sym rc = b.op1("Complex", { r, grad::zerosLike(b, r) }, attrs);
    return { b.op1("DivNoNan", { b.op1("Mul", { gc, z }), rc }) };
}

void registerMathGradients() {
    set("Real", realGrad);
    set("Imag", imagGrad);
    set("Complex", complexGrad);
    set("Conj", conjGrad);
    set("ComplexAbs", complexAbsGrad);
    set("AddV2", addSubGrad<false>);
    set("Add", addSubGrad<false>);
    set("Sub", addSubGrad<true>);
    set("Mul", mulGrad);
    set("RealDiv", divGrad);
    set("Div", divGrad);
    set("DivNoNan", divNoNanGrad);
    set("FloorDiv", noGrad);
    set("FloorMod", floorModGrad);
    set("Pow", powGrad);
    set("Maximum", maxMinGrad<true>);
    set("Minimum", maxMinGrad<false>);
    set("SquaredDifference", squaredDifferenceGrad);
    set("AddN", addNGrad);
    set("Neg", negGrad);
    set("Abs", absGrad);
    set("Square", squareGrad);
    set("Sqrt", outputGrad<kSqrtGrad>);
    set("Rsqrt", outputGrad<kRsqrtGrad>);
    set("Exp", expGrad);
    set("Expm1", expm1Grad);
    set("Log", logGrad);
    set("Log1p", log1pGrad);
    set("Erf", erfGrad<false>);
    set("Erfc", erfGrad<true>);
    set("Sin", sinGrad);
    set("Cos", cosGrad);
    set("Tanh", outputGrad<kTanhGrad>);
    set("Sigmoid", outputGrad<kSigmoidGrad>);
    set("Reciprocal", outputGrad<kReciprocalGrad>);
    set("TanhGrad", tanhGradGrad);
    set("SigmoidGrad", sigmoidGradGrad);
    set("SqrtGrad", sqrtGradGrad);
    set("RsqrtGrad", rsqrtGradGrad);
    set("ReciprocalGrad", reciprocalGradGrad);
    set("Inv", outputGrad<kReciprocalGrad>);
    set("Sign", signGrad);
    for (const char* op : { "Floor", "Ceil", "Round" }) set(op, noGrad);
    set("Cast", castGrad);
    set("Sum", sumGrad);
    set("Mean", meanGrad);
    set("Max", minMaxGrad);
    set("Min", minMaxGrad);
    set("Cumsum", cumsumGrad);
    set("Prod", prodGrad);
    set("L2Loss", l2LossGrad);
    set("ClipByValue", clipGrad);
    set("MatMul", matMulGrad);
    set("BatchMatMulV2", batchMatMulGrad);
}

} // namespace graphlens::ops

// Gradients of math ops, after TensorFlow's python/ops/math_grad.py.
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using grad::unbroadcast;
using G = GradBuilder;
using C = GradContext;

std::vector<Sym> pair(std::pair<Sym, Sym> p) { return {p.first, p.second}; }

std::vector<Sym> addGrad(G& b, const C& c) { return pair(unbroadcast(b, c.input(0), c.input(1), c.grad(0), c.grad(0))); }
std::vector<Sym> subGrad(G& b, const C& c) {
    return pair(unbroadcast(b, c.input(0), c.input(1), c.grad(0), b.op1("Neg", {c.grad(0)})));
}
std::vector<Sym> mulGrad(G& b, const C& c) {
    return pair(unbroadcast(b, c.input(0), c.input(1), b.op1("Mul", {c.grad(0), c.input(1)}), b.op1("Mul", {c.input(0), c.grad(0)})));
}
std::vector<Sym> divGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const char* div = c.op->name == "Div" ? "Div" : "RealDiv";
    return pair(unbroadcast(b, x, y, b.op1(div, {g, y}), b.op1("Mul", {g, b.op1(div, {b.op1(div, {b.op1("Neg", {x}), y}), y})})));
}
std::vector<Sym> floorModGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    return pair(unbroadcast(b, x, y, g, b.op1("Mul", {g, b.op1("Neg", {b.op1("FloorDiv", {x, y})})})));
}
std::vector<Sym> noGrad(G&, const C& c) { return std::vector<Sym>(c.inputs.size()); }
std::vector<Sym> powGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), z = c.output(0), g = c.grad(0);
    const Sym gx = b.op1("Mul", {b.op1("Mul", {g, y}), b.op1("Pow", {x, b.op1("Sub", {y, grad::scalarLike(b, y, 1)})})});
    const Sym zeros = grad::zerosLike(b, x);
    const Sym logx = b.op1("SelectV2", {b.op1("Greater", {x, zeros}), b.op1("Log", {b.op1("SelectV2", {b.op1("Greater", {x, zeros}), x, b.op1("OnesLike", {x})})}), zeros});
    const Sym gy = b.op1("Mul", {b.op1("Mul", {g, z}), logx});
    return pair(unbroadcast(b, x, y, gx, gy));
}
template<bool kMax> std::vector<Sym> maxMinGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    const Sym mask = b.op1(kMax ? "GreaterEqual" : "LessEqual", {x, y});
    const Sym zeros = grad::zerosLike(b, g);
    return pair(unbroadcast(b, x, y, b.op1("SelectV2", {mask, g, zeros}), b.op1("SelectV2", {mask, zeros, g})));
}
std::vector<Sym> squaredDifferenceGrad(G& b, const C& c) {
    const Sym x = c.input(0), y = c.input(1);
    const Sym gx = b.op1("Mul", {b.op1("Mul", {grad::scalarLike(b, c.grad(0), 2), c.grad(0)}), b.op1("Sub", {x, y})});
    return pair(unbroadcast(b, x, y, gx, b.op1("Neg", {gx})));
}
std::vector<Sym> addNGrad(G&, const C& c) { return std::vector<Sym>(c.inputs.size(), c.grad(0)); }

std::vector<Sym> negGrad(G& b, const C& c) { return {b.op1("Neg", {c.grad(0)})}; }
std::vector<Sym> absGrad(G& b, const C& c) { return {b.op1("Mul", {c.grad(0), b.op1("Sign", {c.input(0)})})}; }
std::vector<Sym> squareGrad(G& b, const C& c) {
    return {b.op1("Mul", {c.grad(0), b.op1("Mul", {grad::scalarLike(b, c.input(0), 2), c.input(0)})})};
}
std::vector<Sym> expGrad(G& b, const C& c) { return {b.op1("Mul", {c.grad(0), c.output(0)})}; }
std::vector<Sym> expm1Grad(G& b, const C& c) { return {b.op1("Mul", {c.grad(0), b.op1("Exp", {c.input(0)})})}; }
std::vector<Sym> logGrad(G& b, const C& c) { return {b.op1("Mul", {c.grad(0), b.op1("Reciprocal", {c.input(0)})})}; }
std::vector<Sym> log1pGrad(G& b, const C& c) {
    return {b.op1("Mul", {c.grad(0), b.op1("Reciprocal", {b.op1("AddV2", {grad::scalarLike(b, c.input(0), 1), c.input(0)})})})};
}
std::vector<Sym> sinGrad(G& b, const C& c) { return {b.op1("Mul", {c.grad(0), b.op1("Cos", {c.input(0)})})}; }
std::vector<Sym> cosGrad(G& b, const C& c) { return {b.op1("Neg", {b.op1("Mul", {c.grad(0), b.op1("Sin", {c.input(0)})})})}; }
// Ops whose gradient op takes (y, dy).
template<const char* kOp> std::vector<Sym> outputGrad(G& b, const C& c) { return {b.op1(kOp, {c.output(0), c.grad(0)})}; }
constexpr char kSqrtGrad[] = "SqrtGrad", kRsqrtGrad[] = "RsqrtGrad", kTanhGrad[] = "TanhGrad", kSigmoidGrad[] = "SigmoidGrad",
               kReciprocalGrad[] = "ReciprocalGrad";
std::vector<Sym> signGrad(G& b, const C& c) { return {grad::zerosLike(b, c.input(0))}; }

std::vector<Sym> castGrad(G& b, const C& c) {
    const DType src = c.attrs->getType("SrcT"), dst = c.attrs->getType("DstT");
    if (!tensor::isFloating(src) || !tensor::isFloating(dst)) return {Sym{}};
    return {b.op1("Cast", {c.grad(0)}, {{"DstT", src}})};
}

// Static reduced-with-kept-dims shape of a reduction; the axes must be known.
std::vector<int64_t> keptShape(G& b, const C& c, int64_t* count) {
    const PartialShape in = b.shape(c.input(0));
    const Tensor* axes = b.value(c.input(1));
    if (!in.isFullyDefined() || !axes)
        throw tensor::UnimplementedError("gradient of " + c.op->name + " needs a static input shape and constant axes for now");
    std::vector<int64_t> kept = in.dims();
    *count = 1;
    for (int64_t a : axes->toInt64Vector()) {
        const int ca = canonicalAxis(a, in.rank());
        if (kept[static_cast<size_t>(ca)] != 1) *count *= kept[static_cast<size_t>(ca)];
        kept[static_cast<size_t>(ca)] = 1;
    }
    return kept;
}
Sym sumGradCore(G& b, const C& c, int64_t* count) {
    const auto kept = keptShape(b, c, count);
    const Sym g = b.op1("Reshape", {c.grad(0), grad::intVector(b, kept)});
    return b.op1("BroadcastTo", {g, grad::shapeOf(b, c.input(0))});
}
std::vector<Sym> sumGrad(G& b, const C& c) {
    int64_t count = 0;
    return {sumGradCore(b, c, &count), Sym{}};
}
std::vector<Sym> meanGrad(G& b, const C& c) {
    int64_t count = 0;
    const Sym s = sumGradCore(b, c, &count);
    return {b.op1("RealDiv", {s, grad::scalarLike(b, s, static_cast<double>(std::max<int64_t>(count, 1)))}), Sym{}};
}
std::vector<Sym> minMaxGrad(G& b, const C& c) {
    int64_t count = 0;
    const auto kept = keptShape(b, c, &count);
    const Sym shape = grad::intVector(b, kept);
    const Sym y = b.op1("Reshape", {c.output(0), shape});
    const Sym g = b.op1("Reshape", {c.grad(0), shape});
    const Sym ind = b.op1("Cast", {b.op1("Equal", {y, c.input(0)})}, {{"DstT", b.dtype(g)}});
    const Sym num = b.op1("Reshape", {b.op1("Sum", {ind, c.input(1)}), shape});
    return {b.op1("Mul", {b.op1("RealDiv", {ind, num}), g}), Sym{}};
}
// TF's _ProdGrad: the reduced dims moved to the front and flattened, then the product of all
// other entries as exclusive cumprods from both sides.
std::vector<Sym> prodGrad(G& b, const C& c) {
    int64_t count = 0;
    const auto kept = keptShape(b, c, &count);
    const PartialShape in = b.shape(c.input(0));
    const int rank = in.rank();
    const Sym g = b.op1("BroadcastTo", {b.op1("Reshape", {c.grad(0), grad::intVector(b, kept)}), grad::shapeOf(b, c.input(0))});
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
    const Sym permT = b.op1("Cast", {grad::intVector(b, perm)}, {{"DstT", DType::Int32}});
    const Sym permuted = b.op1("Transpose", {c.input(0), permT});
    const Sym reshaped = b.op1("Reshape", {permuted, grad::intVector(b, {reducedNum, otherNum})});
    const Sym zero = grad::intScalar(b, 0);
    const Sym left = b.op1("Cumprod", {reshaped, zero}, {{"exclusive", true}, {"reverse", false}});
    const Sym right = b.op1("Cumprod", {reshaped, zero}, {{"exclusive", true}, {"reverse", true}});
    const Sym y = b.op1("Reshape", {b.op1("Mul", {left, right}), grad::intVector(b, permutedShape)});
    const Sym invT = b.op1("Cast", {grad::intVector(b, inversePerm)}, {{"DstT", DType::Int32}});
    const Sym out = b.op1("Mul", {g, b.op1("Transpose", {y, invT})});
    return {b.op1("Reshape", {out, grad::shapeOf(b, c.input(0))}), Sym{}};
}
std::vector<Sym> cumsumGrad(G& b, const C& c) {
    return {b.op1("Cumsum", {c.grad(0), c.input(1)},
                  {{"exclusive", c.attrs->getBool("exclusive")}, {"reverse", !c.attrs->getBool("reverse")}}),
            Sym{}};
}
std::vector<Sym> l2LossGrad(G& b, const C& c) { return {b.op1("Mul", {c.input(0), c.grad(0)})}; }
std::vector<Sym> clipGrad(G& b, const C& c) {
    const Sym x = c.input(0), lo = c.input(1), hi = c.input(2), g = c.grad(0);
    const Sym zeros = grad::zerosLike(b, g);
    const Sym below = b.op1("Less", {x, lo}), above = b.op1("Greater", {x, hi});
    const Sym gx = b.op1("SelectV2", {b.op1("LogicalOr", {below, above}), zeros, g});
    const Sym glo = unbroadcast(b, x, lo, Sym{}, b.op1("SelectV2", {below, g, zeros})).second;
    const Sym ghi = unbroadcast(b, x, hi, Sym{}, b.op1("SelectV2", {above, g, zeros})).second;
    return {gx, glo, ghi};
}

std::vector<Sym> matMulGrad(G& b, const C& c) {
    const bool ta = c.attrs->getBool("transpose_a"), tb = c.attrs->getBool("transpose_b");
    const Sym a = c.input(0), bb = c.input(1), g = c.grad(0);
    auto mm = [&](Sym x, Sym y, bool tx, bool ty) { return b.op1("MatMul", {x, y}, {{"transpose_a", tx}, {"transpose_b", ty}}); };
    if (!ta && !tb) return {mm(g, bb, false, true), mm(a, g, true, false)};
    if (!ta && tb) return {mm(g, bb, false, false), mm(g, a, true, false)};
    if (ta && !tb) return {mm(bb, g, false, true), mm(a, g, false, false)};
    return {mm(bb, g, true, true), mm(g, a, true, true)};
}
std::vector<Sym> batchMatMulGrad(G& b, const C& c) {
    const bool ax = c.attrs->getBool("adj_x"), ay = c.attrs->getBool("adj_y");
    const Sym x = c.input(0), y = c.input(1), g = c.grad(0);
    auto mm = [&](Sym p, Sym q, bool tp, bool tq) { return b.op1("BatchMatMulV2", {p, q}, {{"adj_x", tp}, {"adj_y", tq}}); };
    Sym gx, gy;
    if (!ax && !ay) gx = mm(g, y, false, true), gy = mm(x, g, true, false);
    else if (!ax && ay) gx = mm(g, y, false, false), gy = mm(g, x, true, false);
    else if (ax && !ay) gx = mm(y, g, false, true), gy = mm(x, g, false, false);
    else gx = mm(y, g, true, true), gy = mm(g, x, true, true);
    // Sum over broadcast batch dims back to each input's shape.
    const PartialShape sx = b.shape(x), sy = b.shape(y);
    if (sx.rank() == sy.rank() && sx.isFullyDefined() && sy.isFullyDefined() &&
        std::equal(sx.dims().begin(), sx.dims().end() - 2, sy.dims().begin()))
        return {gx, gy};
    if (!sx.isFullyDefined() || !sy.isFullyDefined())
        throw tensor::UnimplementedError("gradient of BatchMatMulV2 with broadcasting needs static shapes for now");
    const Sym bx = grad::intVector(b, std::vector<int64_t>(sx.dims().begin(), sx.dims().end() - 2));
    const Sym by = grad::intVector(b, std::vector<int64_t>(sy.dims().begin(), sy.dims().end() - 2));
    const auto r = b.op("BroadcastGradientArgs", {bx, by});
    return {b.op1("Reshape", {b.op1("Sum", {gx, r[0]}), grad::shapeOf(b, x)}),
            b.op1("Reshape", {b.op1("Sum", {gy, r[1]}), grad::shapeOf(b, y)})};
}

void set(const char* op, GradFn fn) { defineOp(op).grad(fn); }

} // namespace

void registerMathGradients() {
    set("AddV2", addGrad);
    set("Add", addGrad);
    set("Sub", subGrad);
    set("Mul", mulGrad);
    set("RealDiv", divGrad);
    set("Div", divGrad);
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
    set("Sin", sinGrad);
    set("Cos", cosGrad);
    set("Tanh", outputGrad<kTanhGrad>);
    set("Sigmoid", outputGrad<kSigmoidGrad>);
    set("Reciprocal", outputGrad<kReciprocalGrad>);
    set("Inv", outputGrad<kReciprocalGrad>);
    set("Sign", signGrad);
    for (const char* op : {"Floor", "Ceil", "Round"}) set(op, noGrad);
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

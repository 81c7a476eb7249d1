#include "core/ops/gradient.h"

#include <algorithm>

#include "core/ops/execute.h"
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

Sym EagerGradBuilder::add(Tensor value) {
    m_values.push_back(std::move(value));
    return Sym{ static_cast<int32_t>(m_values.size() - 1) };
}

std::vector<Sym> EagerGradBuilder::op(std::string_view op, std::vector<Sym> inputs, const AttrMap& attrs) {
    std::vector<Tensor> in;
    in.reserve(inputs.size());
    for (Sym s : inputs) in.push_back(get(s));
    std::vector<Sym> out;
    for (auto& t : execute(lookupOp(op), in, attrs)) out.push_back(add(std::move(t)));
    return out;
}

std::vector<Sym> gradientOf(GradBuilder& b, OpHandle op, std::span<const Sym> inputs, std::span<const Sym> outputs,
                            std::span<const Sym> outputGrads, const AttrMap& attrs, std::span<const bool> skipInputs) {
    if (!op->gradFn) {
        if (op->notDifferentiable) return std::vector<Sym>(inputs.size());
        throw tensor::NotFoundError("No gradient defined for operation '" + op->name + "' (op type: " + op->name + ")");
    }
    std::vector<DType> types;
    for (Sym s : inputs) types.push_back(b.dtype(s));
    ResolvedAttrs ra(*op, attrs);
    bindInputs(*op, types, attrs, ra);
    GradContext ctx{ op, inputs, outputs, outputGrads, &ra, skipInputs };
    auto grads = op->gradFn(b, ctx);
    grads.resize(inputs.size());
    return grads;
}

namespace grad {

Sym scalarLike(GradBuilder& b, Sym like, double value) {
    if (tensor::isComplex(b.dtype(like)))
        return b.constant(tensor::visitComplex(b.dtype(like), [&](auto tag) {
            using T = decltype(tag);
            return Tensor::scalar<T>(T(static_cast<typename T::value_type>(value)));
        }));
    Tensor t = tensor::visitReal(b.dtype(like), [&](auto tag) {
        using T = decltype(tag);
        return Tensor::scalar<T>(static_cast<T>(value));
    });
    return b.constant(t);
}

namespace {

// TF's array_ops.zeros_like / ones_like: in a graph, a tensor of static shape gives zeros(shape)
// (a Const when small, else Fill); otherwise the ZerosLike / OnesLike op.
Sym filledLike(GradBuilder& b, Sym x, double value, const char* likeOp) {
    const PartialShape shape = b.shape(x);
    const DType dt = b.dtype(x);
    const bool realType = dt == DType::Float32 || dt == DType::Float64 || dt == DType::Float16 ||
        dt == DType::BFloat16 || dt == DType::Int32 || dt == DType::Int64 || dt == DType::Int16 || dt == DType::Int8 ||
        dt == DType::UInt8;
    if (!b.symbolic() || !shape.isFullyDefined() || !realType) return b.op1(likeOp, { x });
    const Tensor scalar = tensor::visitReal(dt, [&](auto tag) {
        using T = decltype(tag);
        return Tensor::scalar<T>(static_cast<T>(value));
    });
    std::vector<int32_t> dims(shape.dims().begin(), shape.dims().end());
    constexpr int64_t kConstantLimit = 1000; // array_ops._constant_if_small
    if (shape.numElements() < kConstantLimit)
        return b.constant(execute(lookupOp("Fill"), { Tensor::fromVector(dims), scalar }, {}).at(0));
    return b.op1("Fill", { b.constant(Tensor::fromVector(dims)), b.constant(scalar) });
}

} // namespace

Sym zerosLike(GradBuilder& b, Sym x) {
    return filledLike(b, x, 0, "ZerosLike");
}
Sym onesLike(GradBuilder& b, Sym x) {
    return filledLike(b, x, 1, "OnesLike");
}

Sym intVector(GradBuilder& b, const std::vector<int64_t>& values) {
    std::vector<int32_t> v(values.begin(), values.end());
    return b.constant(Tensor::fromVector(v));
}

Sym intScalar(GradBuilder& b, int64_t value) {
    return b.constant(Tensor::scalar<int32_t>(static_cast<int32_t>(value)));
}

Sym shapeOf(GradBuilder& b, Sym x) {
    const PartialShape s = b.shape(x);
    if (s.isFullyDefined()) return intVector(b, s.dims());
    return b.op1("Shape", { x });
}

std::pair<Sym, Sym> unbroadcast(GradBuilder& b, Sym x, Sym y, Sym gx, Sym gy) {
    const PartialShape sx = b.shape(x), sy = b.shape(y);
    if (sx.isFullyDefined() && sy.isFullyDefined() && sx == sy) return { gx, gy };
    const Sym shx = shapeOf(b, x), shy = shapeOf(b, y);
    const auto r = b.op("BroadcastGradientArgs", { shx, shy });
    auto reduce = [&](Sym g, Sym axes, Sym shape) -> Sym {
        if (!g) return g;
        return b.op1("Reshape", { b.op1("Sum", { g, axes }), shape });
    };
    return { reduce(gx, r[0], shx), reduce(gy, r[1], shy) };
}

bool isScalar(GradBuilder& b, Sym x) {
    const PartialShape s = b.shape(x);
    return s.hasRank() && s.rank() == 0;
}

bool shapesFullySpecifiedAndEqual(GradBuilder& b, Sym x, Sym y, Sym g) {
    const PartialShape sx = b.shape(x), sy = b.shape(y), sg = b.shape(g);
    return sx.isFullyDefined() && sy.isFullyDefined() && sg.isFullyDefined() && sx.dims() == sy.dims() &&
        sx.dims() == sg.dims();
}

namespace {

// TF's _InferGradientReductionAxes: the axes each side was broadcast along, when the static shapes
// decide it; nullopt when a broadcast depends on a dimension known only at run time.
std::optional<std::pair<std::vector<int64_t>, std::vector<int64_t>>> inferReductionAxes(const PartialShape& x,
                                                                                        const PartialShape& y) {
    if (!x.hasRank() || !y.hasRank()) return std::nullopt;
    const int rx = x.rank(), ry = y.rank(), rb = std::max(rx, ry);
    std::vector<int64_t> ax, ay;
    for (int axis = 0; axis < rb; ++axis) {
        const int64_t dx = axis < rb - rx ? 1 : x.dim(axis - (rb - rx));
        const int64_t dy = axis < rb - ry ? 1 : y.dim(axis - (rb - ry));
        if (dx == 1 && dy != 1) ax.push_back(axis);
        else if (dy == 1 && dx != 1) ay.push_back(axis);
        else if (dx < 0 || dy < 0) return std::nullopt;
    }
    return std::make_pair(std::move(ax), std::move(ay));
}

} // namespace

std::pair<Sym, Sym> reduceGradientArgs(GradBuilder& b, Sym x, Sym y, Sym gx, Sym gy) {
    if (!gx && !gy) return { gx, gy };
    const Sym shx = shapeOf(b, x), shy = shapeOf(b, y);
    const PartialShape sx = b.shape(x), sy = b.shape(y);
    std::optional<std::pair<std::vector<int64_t>, std::vector<int64_t>>> axes;
    if (b.symbolic()) axes = inferReductionAxes(sx, sy);
    Sym rx, ry;
    bool reduceX = true, reduceY = true;
    if (!axes) {
        const auto r = b.op("BroadcastGradientArgs", { shx, shy });
        rx = r[0], ry = r[1];
    } else {
        reduceX = !axes->first.empty() || sx.rank() < sy.rank();
        reduceY = !axes->second.empty() || sy.rank() < sx.rank();
    }
    auto reduce = [&](Sym g, bool must, Sym staticOrRun, const std::vector<int64_t>* staticAxes, Sym shape) -> Sym {
        if (!g || !must) return g;
        const Sym ax = staticAxes ? intVector(b, *staticAxes) : staticOrRun;
        return b.op1("Reshape", { b.op1("Sum", { g, ax }, { { "keep_dims", true } }), shape });
    };
    return { reduce(gx, reduceX, rx, axes ? &axes->first : nullptr, shx),
             reduce(gy, reduceY, ry, axes ? &axes->second : nullptr, shy) };
}

} // namespace grad

} // namespace graphlens::ops

#include "core/ops/gradient.h"

#include "core/ops/execute.h"
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

Sym EagerGradBuilder::add(Tensor value) {
    m_values.push_back(std::move(value));
    return Sym{static_cast<int32_t>(m_values.size() - 1)};
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
                            std::span<const Sym> outputGrads, const AttrMap& attrs) {
    if (!op->gradFn) {
        if (op->notDifferentiable) return std::vector<Sym>(inputs.size());
        throw tensor::NotFoundError("No gradient defined for operation '" + op->name + "' (op type: " + op->name + ")");
    }
    std::vector<DType> types;
    for (Sym s : inputs) types.push_back(b.dtype(s));
    ResolvedAttrs ra(*op, attrs);
    bindInputs(*op, types, attrs, ra);
    GradContext ctx{op, inputs, outputs, outputGrads, &ra};
    auto grads = op->gradFn(b, ctx);
    grads.resize(inputs.size());
    return grads;
}

namespace grad {

Sym scalarLike(GradBuilder& b, Sym like, double value) {
    Tensor t = tensor::visitReal(b.dtype(like), [&](auto tag) {
        using T = decltype(tag);
        return Tensor::scalar<T>(static_cast<T>(value));
    });
    return b.constant(t);
}

Sym zerosLike(GradBuilder& b, Sym x) { return b.op1("ZerosLike", {x}); }

Sym intVector(GradBuilder& b, const std::vector<int64_t>& values) {
    std::vector<int32_t> v(values.begin(), values.end());
    return b.constant(Tensor::fromVector(v));
}

Sym intScalar(GradBuilder& b, int64_t value) { return b.constant(Tensor::scalar<int32_t>(static_cast<int32_t>(value))); }

Sym shapeOf(GradBuilder& b, Sym x) {
    const PartialShape s = b.shape(x);
    if (s.isFullyDefined()) return intVector(b, s.dims());
    return b.op1("Shape", {x});
}

std::pair<Sym, Sym> unbroadcast(GradBuilder& b, Sym x, Sym y, Sym gx, Sym gy) {
    const PartialShape sx = b.shape(x), sy = b.shape(y);
    if (sx.isFullyDefined() && sy.isFullyDefined() && sx == sy) return {gx, gy};
    const Sym shx = shapeOf(b, x), shy = shapeOf(b, y);
    const auto r = b.op("BroadcastGradientArgs", {shx, shy});
    auto reduce = [&](Sym g, Sym axes, Sym shape) -> Sym {
        if (!g) return g;
        return b.op1("Reshape", {b.op1("Sum", {g, axes}), shape});
    };
    return {reduce(gx, r[0], shx), reduce(gy, r[1], shy)};
}

} // namespace grad

} // namespace graphlens::ops

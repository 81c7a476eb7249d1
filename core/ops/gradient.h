#pragma once
// Gradient functions are written once against GradBuilder, which emits ops: eagerly
// (EagerGradBuilder runs them now) or symbolically (the tracer adds nodes). So a gradient is the
// same TF ops in both modes, as TensorFlow's registered Python gradients are.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/ops/registry.h"

namespace graphlens::ops {

// A value inside a builder. id < 0: none (no gradient flows, as Python's None).
struct Sym {
    int32_t id = -1;
    bool valid() const { return id >= 0; }
    explicit operator bool() const { return valid(); }
};

class GradBuilder {
public:
    virtual ~GradBuilder() = default;
    // Emits `op` and returns its outputs.
    virtual std::vector<Sym> op(std::string_view op, std::vector<Sym> inputs, const AttrMap& attrs = {}) = 0;
    virtual Sym constant(const Tensor& value) = 0;
    virtual DType dtype(Sym s) const = 0;
    virtual PartialShape shape(Sym s) const = 0;
    // The value when known now (always in eager mode; constants in a graph); nullptr otherwise.
    virtual const Tensor* value(Sym s) const = 0;
    // True while gradients become graph nodes (TF's `not context.executing_eagerly()`): TF's
    // gradient functions take static-shape shortcuts only then, and the graph must show the
    // same nodes, so the functions ask.
    virtual bool symbolic() const { return false; }
    // TF's graph-level caches (Graph._reduced_shape_cache): true the first time `key` is asked for
    // in the graph being built, so ops TF makes only on a cache miss are made once per graph.
    virtual bool firstInGraph(const std::string& key) {
        (void)key;
        return true;
    }

    Sym op1(std::string_view name, std::vector<Sym> inputs, const AttrMap& attrs = {}) {
        return op(name, std::move(inputs), attrs).at(0);
    }
};

// What a gradient function sees of the forward op.
struct GradContext {
    const OpInfo* op = nullptr;
    std::span<const Sym> inputs;
    std::span<const Sym> outputs;
    std::span<const Sym> outputGrads; // invalid Sym where no gradient reaches an output
    const ResolvedAttrs* attrs = nullptr;
    // TF's op.skip_input_indices: inputs whose gradient nobody asked for (not watched and not
    // computed from a watched tensor); empty when unknown.
    std::span<const bool> skipInputs;
    bool skip(int i) const { return static_cast<size_t>(i) < skipInputs.size() && skipInputs[static_cast<size_t>(i)]; }
    Sym input(int i) const { return inputs[static_cast<size_t>(i)]; }
    Sym output(int i) const { return outputs[static_cast<size_t>(i)]; }
    Sym grad(int i) const { return outputGrads[static_cast<size_t>(i)]; }
};

// Input gradients of one op (invalid Sym where none); throws LookupError-like NotFoundError if
// the op has no gradient and is not marked not differentiable.
std::vector<Sym> gradientOf(GradBuilder& b, OpHandle op, std::span<const Sym> inputs, std::span<const Sym> outputs,
                            std::span<const Sym> outputGrads, const AttrMap& attrs,
                            std::span<const bool> skipInputs = {});

// Runs every emitted op immediately.
class EagerGradBuilder final : public GradBuilder {
public:
    Sym add(Tensor value);
    const Tensor& get(Sym s) const { return m_values.at(static_cast<size_t>(s.id)); }

    std::vector<Sym> op(std::string_view op, std::vector<Sym> inputs, const AttrMap& attrs = {}) override;
    Sym constant(const Tensor& value) override { return add(value); }
    DType dtype(Sym s) const override { return get(s).dtype(); }
    PartialShape shape(Sym s) const override { return get(s).shape(); }
    const Tensor* value(Sym s) const override { return &get(s); }

private:
    std::vector<Tensor> m_values;
};

// Helpers shared by gradient functions (gradient_helpers.cpp).
namespace grad {
Sym scalarLike(GradBuilder& b, Sym like, double value);
Sym zerosLike(GradBuilder& b, Sym x);
Sym onesLike(GradBuilder& b, Sym x);
Sym shapeOf(GradBuilder& b, Sym x); // static when known, else a Shape op
// Sums `g` down to `x`'s shape after broadcasting (BroadcastGradientArgs + Sum + Reshape).
std::pair<Sym, Sym> unbroadcast(GradBuilder& b, Sym x, Sym y, Sym gx, Sym gy);
// TF's _ReduceGradientArgs (SmartBroadcastGradientArgs): in a graph, reduction axes inferred from
// the static shapes (a Sum only where a dimension was broadcast); BroadcastGradientArgs otherwise.
std::pair<Sym, Sym> reduceGradientArgs(GradBuilder& b, Sym x, Sym y, Sym gx, Sym gy);
// TF's _ShapesFullySpecifiedAndEqual(x, y, grad).
bool shapesFullySpecifiedAndEqual(GradBuilder& b, Sym x, Sym y, Sym g);
bool isScalar(GradBuilder& b, Sym x); // static rank 0
Sym intVector(GradBuilder& b, const std::vector<int64_t>& values);
Sym intScalar(GradBuilder& b, int64_t value);
} // namespace grad

} // namespace graphlens::ops

#pragma once
// The op registry: for each TensorFlow op (its OpDef recorded from TF 2.21), the CPU kernels by
// dtype, one shape function and one gradient function. Eager execution and the graph tracer use
// the same entries. Resolve an op once with lookupOp() and keep the handle: dispatch through a
// handle does no string hashing.
#include <array>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ops/attr.h"
#include "core/tensor/device.h"
#include "core/tensor/errors.h"

namespace tensorflow {
class OpDef;
}

namespace graphlens::ops {

using tensor::Device;
using tensor::DTypeMask;

class OpInfo;
using OpHandle = const OpInfo*;
class KernelContext;
class ShapeContext;
class GradBuilder;
struct GradContext;
struct Sym;

using KernelFn = void (*)(KernelContext&);
using ShapeFn = void (*)(ShapeContext&);
using GradFn = std::vector<Sym> (*)(GradBuilder&, const GradContext&);

struct AttrDef {
    std::string name;
    std::string type;       // OpDef attr type: "type", "int", "list(int)", "shape", ...
    AttrValue defaultValue; // monostate when required
    bool hasAllowedTypes = false;
    DTypeMask allowedTypes = 0;
    std::vector<std::string> allowedStrings;
};

struct ArgDef {
    enum class Kind { Single, Number, TypeList };
    std::string name;
    Kind kind = Kind::Single;
    DType fixedType = DType::Invalid; // when the arg's type is fixed in the OpDef
    int typeAttr = -1;                // index into OpInfo::attrs
    int numberAttr = -1;
    int typeListAttr = -1;
};

struct KernelEntry {
    int deviceType = 0;
    int typeAttr = -1; // the attr constrained by `types`; -1: any
    DTypeMask types = tensor::kAllTypes;
    KernelFn fn = nullptr;
    // half/bfloat16 inputs are computed in float32 and the outputs cast back.
    bool lowPrecisionViaFloat = false;
};

class OpInfo {
public:
    std::string name;
    const tensorflow::OpDef* def = nullptr;
    std::vector<ArgDef> inputs;
    std::vector<ArgDef> outputs;
    std::vector<AttrDef> attrs;
    bool stateful = false;
    ShapeFn shapeFn = nullptr;
    GradFn gradFn = nullptr;
    bool notDifferentiable = false; // TF's ops.NotDifferentiable: no gradient, and that is fine
    std::vector<KernelEntry> kernels;
    // Attrs set from the inputs (type, number and type-list attrs), in order.
    std::vector<int> inferredAttrs;

    int attrIndex(std::string_view attr) const;
    // TF's SummarizeOpDef text: "Op<name=AddV2; signature=x:T, y:T -> z:T; attr=...>".
    std::string summary() const;
};

// Resolves an op by name; throws NotFoundError for ops TensorFlow does not define.
OpHandle lookupOp(std::string_view name);
// nullptr instead of throwing.
OpHandle findOp(std::string_view name);

// Attrs as one call sees them: explicit values, then those inferred from the inputs, then the
// OpDef's defaults.
class ResolvedAttrs {
public:
    static constexpr int kMaxInferred = 6;
    ResolvedAttrs(const OpInfo& op, const AttrMap& explicitAttrs)
        : m_op(&op)
        , m_explicit(&explicitAttrs) { }

    const OpInfo& op() const { return *m_op; }
    const AttrValue* find(std::string_view name) const;
    // Typed access; throws InvalidArgumentError when missing or of another kind.
    template<class T> const T& get(std::string_view name) const {
        const AttrValue* v = find(name);
        if (!v || !std::holds_alternative<T>(*v)) missing(name);
        return std::get<T>(*v);
    }
    int64_t getInt(std::string_view name) const { return get<int64_t>(name); }
    float getFloat(std::string_view name) const { return get<float>(name); }
    bool getBool(std::string_view name) const { return get<bool>(name); }
    const std::string& getString(std::string_view name) const { return get<std::string>(name); }
    DType getType(std::string_view name) const { return get<DType>(name); }
    const std::vector<int64_t>& getInts(std::string_view name) const { return get<std::vector<int64_t>>(name); }

    void setInferred(int attr, AttrValue value);
    const AttrValue* inferred(int attr) const;
    // Every attr with a value, explicit or inferred or default: what a NodeDef would record.
    AttrMap all() const;

private:
    [[noreturn]] void missing(std::string_view name) const;
    const OpInfo* m_op;
    const AttrMap* m_explicit;
    std::array<std::pair<int, AttrValue>, kMaxInferred> m_inferred{};
    int m_numInferred = 0;
};

// Buffers a kernel's outputs may take instead of new ones: the graph executor lends the kernels it
// runs on a thread its pool of dead buffers (core/exec). take() gives an invalid Tensor when it has
// no buffer of that dtype and element count; a buffer it gives is held by nobody else.
class OutputBufferSource {
public:
    virtual Tensor take(DType dtype, const TensorShape& shape) = 0;

protected:
    ~OutputBufferSource() = default;
};
// The source of the calling thread (nullptr: none); set by whoever runs kernels, restored after.
OutputBufferSource*& threadOutputBufferSource();

class KernelContext {
public:
    // Outputs are reserved so that references from allocateOutput() stay valid across calls.
    KernelContext(const OpInfo& op, std::span<const Tensor> inputs, const ResolvedAttrs& attrs, Device* device)
        : m_op(op)
        , m_inputs(inputs)
        , m_attrs(attrs)
        , m_device(device) {
        m_outputs.reserve(kReservedOutputs);
    }
    static constexpr size_t kReservedOutputs = 8;

    const OpInfo& op() const { return m_op; }
    int numInputs() const { return static_cast<int>(m_inputs.size()); }
    const Tensor& input(int i) const { return m_inputs[static_cast<size_t>(i)]; }
    std::span<const Tensor> inputs() const { return m_inputs; }
    const ResolvedAttrs& attrs() const { return m_attrs; }
    Device* device() const { return m_device; }

    Tensor allocate(DType dtype, TensorShape shape) const {
        return Tensor(dtype, std::move(shape), m_device->allocator());
    }
    // Uninitialised, as allocate(), but possibly a recycled buffer (OutputBufferSource).
    Tensor& allocateOutput(int i, DType dtype, TensorShape shape) {
        if (OutputBufferSource* source = threadOutputBufferSource())
            if (Tensor t = source->take(dtype, shape); t.isValid()) {
                setOutput(i, std::move(t));
                return m_outputs[static_cast<size_t>(i)];
            }
        setOutput(i, allocate(dtype, std::move(shape)));
        return m_outputs[static_cast<size_t>(i)];
    }
    void setOutput(int i, Tensor t) {
        if (m_outputs.size() <= static_cast<size_t>(i)) m_outputs.resize(static_cast<size_t>(i) + 1);
        m_outputs[static_cast<size_t>(i)] = std::move(t);
    }
    std::vector<Tensor>& outputs() { return m_outputs; }

private:
    const OpInfo& m_op;
    std::span<const Tensor> m_inputs;
    const ResolvedAttrs& m_attrs;
    Device* m_device;
    std::vector<Tensor> m_outputs;
};

// Shape inference on what a graph knows: partial shapes, dtypes and, where an input is a
// constant, its value (shape-like inputs of Reshape, Fill, ... need them).
class ShapeContext {
public:
    ShapeContext(const OpInfo& op, std::span<const PartialShape> shapes, std::span<const DType> types,
                 std::span<const Tensor* const> values, const ResolvedAttrs& attrs)
        : m_op(op)
        , m_shapes(shapes)
        , m_types(types)
        , m_values(values)
        , m_attrs(attrs) { }

    const OpInfo& op() const { return m_op; }
    int numInputs() const { return static_cast<int>(m_shapes.size()); }
    const PartialShape& inputShape(int i) const { return m_shapes[static_cast<size_t>(i)]; }
    DType inputType(int i) const { return m_types[static_cast<size_t>(i)]; }
    // The constant value of input i, or nullptr when the graph does not know it.
    const Tensor* inputValue(int i) const {
        const Tensor* v = static_cast<size_t>(i) < m_values.size() ? m_values[static_cast<size_t>(i)] : nullptr;
        if (v) noteRequest(valuesUsed, i);
        return v;
    }
    const ResolvedAttrs& attrs() const { return m_attrs; }

    // Input i holds a shape (a vector of dims, -1 = unknown): the shape it denotes, as far as known.
    PartialShape shapeFromInput(int i) const;

    void setOutput(int i, PartialShape shape) {
        if (outputs.size() <= static_cast<size_t>(i)) outputs.resize(static_cast<size_t>(i) + 1);
        outputs[static_cast<size_t>(i)] = std::move(shape);
    }
    std::vector<PartialShape> outputs;
    // What the shape function read, in order, for TF's error context ("with computed input
    // tensors: input[1] = <3>", "with input tensors computed as partial shapes: input[1] = [?,7]").
    mutable std::vector<int> valuesUsed;
    mutable std::vector<std::pair<int, PartialShape>> shapesUsed;

private:
    static void noteRequest(std::vector<int>& used, int i) {
        for (int u : used)
            if (u == i) return;
        used.push_back(i);
    }
    const OpInfo& m_op;
    std::span<const PartialShape> m_shapes;
    std::span<const DType> m_types;
    std::span<const Tensor* const> m_values;
    const ResolvedAttrs& m_attrs;
};

// Registration, used by the kernel files' register*() functions.
class OpBuilder {
public:
    explicit OpBuilder(OpInfo& op)
        : m_op(op) { }
    // A kernel for `types` of the type attr `typeAttr` ("" for none) on `device`.
    OpBuilder& kernel(KernelFn fn, DTypeMask types = tensor::kAnyTypes, std::string_view typeAttr = "T",
                      std::string_view device = "CPU");
    // The last kernel also takes half/bfloat16, computed in float32.
    OpBuilder& viaFloat();
    OpBuilder& shape(ShapeFn fn);
    OpBuilder& grad(GradFn fn);
    OpBuilder& notDifferentiable();

private:
    OpInfo& m_op;
};
OpBuilder defineOp(std::string_view name);

// Every op name that has at least one kernel for `deviceType`.
std::vector<std::string> opsWithKernels(std::string_view deviceType = "CPU");

} // namespace graphlens::ops

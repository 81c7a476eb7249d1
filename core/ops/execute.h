#pragma once
// Eager execution: the one entry point every op goes through. Validates inputs against the
// OpDef (argument counts, dtypes, inferred type attrs), picks the kernel for the device and the
// dtype, runs it. Kernel errors come back in TensorFlow's eager wording, e.g.
// "{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}}
//  Incompatible shapes: [2] vs. [3] [Op:AddV2]" (Python's wrapper then appends " name: ").
#include <initializer_list>
#include <span>
#include <vector>

#include "core/ops/registry.h"

namespace graphlens::ops {

std::vector<Tensor> execute(OpHandle op, std::span<const Tensor> inputs, const AttrMap& attrs = {},
                            Device* device = nullptr);
std::vector<Tensor> execute(std::string_view op, std::span<const Tensor> inputs, const AttrMap& attrs = {},
                            Device* device = nullptr);
inline std::vector<Tensor> execute(std::string_view op, std::initializer_list<Tensor> inputs, const AttrMap& attrs = {},
                                   Device* device = nullptr) {
    return execute(op, std::span<const Tensor>(inputs.begin(), inputs.size()), attrs, device);
}
inline std::vector<Tensor> execute(OpHandle op, std::initializer_list<Tensor> inputs, const AttrMap& attrs = {},
                                   Device* device = nullptr) {
    return execute(op, std::span<const Tensor>(inputs.begin(), inputs.size()), attrs, device);
}
// The first output.
inline Tensor execute1(std::string_view op, std::initializer_list<Tensor> inputs, const AttrMap& attrs = {}) {
    return execute(op, inputs, attrs).at(0);
}

// Output shapes and dtypes for the graph tracer (and for checking kernels against shape
// functions). `values[i]` may be nullptr. Unknown when the op has no shape function.
struct InferredOutputs {
    std::vector<PartialShape> shapes;
    std::vector<DType> types;
};
// The graph node a shape function runs for: with it, a shape error reads as TF's graph
// construction words it, "<why> for '{{node NAME}} = Op[attrs](inputs)' with input shapes: ...".
struct NodeForErrors {
    std::string_view name;
    std::span<const std::string> inputs; // "x", "Reshape/shape", "split:1"
};
InferredOutputs inferOutputs(OpHandle op, std::span<const PartialShape> shapes, std::span<const DType> types,
                             std::span<const Tensor* const> values, const AttrMap& attrs,
                             const NodeForErrors* node = nullptr);

// When on, every eager call also runs the op's shape function on its inputs (with their values)
// and fails with InternalError if a kernel's output does not fit: tests turn it on.
void setVerifyShapeFunctions(bool on);

} // namespace graphlens::ops

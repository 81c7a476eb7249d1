#pragma once
// Short texts the graph view, the inspector and the DOT writer share: op categories (for colour),
// dtype names as users write them (float32), and shapes ("?×784" on edges, "[?,784]" in tables).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/proto/tensor_shape.pb.h"
#include "core/proto/types.pb.h"

namespace graphlens::layout {

enum class OpCategory : uint8_t {
    Constant,    // Const, HostConst, Fill of literals
    Variable,    // VariableV2, VarHandleOp, ReadVariableOp, Assign*
    Math,        // element-wise and reductions
    NeuralNet,   // Conv2D, MatMul, BiasAdd, pooling, activations, normalisation
    ArrayOps,    // Reshape, Concat, Slice, Gather, Transpose, Identity, Shape ...
    ControlFlow, // Switch/Merge/Enter/Exit/NextIteration, If, While, Case, NoOp
    Call,        // PartitionedCall and any node that calls a library function
    InputOutput, // Placeholder, _Arg, _Retval, Save/Restore, readers, datasets
    Training,    // Apply*/ResourceApply* optimisers, gradients helpers
    Summary,     // *Summary, summary writers, Print/Assert
    Other,
};
constexpr int kOpCategoryCount = static_cast<int>(OpCategory::Other) + 1;

OpCategory opCategory(std::string_view op, bool callsFunction);
const char* categoryName(OpCategory category);

// "float32", "int64", "resource", "float32_ref"; "?" for DT_INVALID.
std::string dtypeLabel(tensorflow::DataType dtype);
// "?×784", "scalar", "?" (unknown rank).
std::string shapeOnEdge(const tensorflow::TensorShapeProto& shape);
// "[?,784]", "[]", "<unknown>".
std::string shapeInBrackets(const tensorflow::TensorShapeProto& shape);

// The last segment of a '/'-separated name ("conv1/weights" -> "weights").
std::string_view lastSegment(std::string_view name);

} // namespace graphlens::layout

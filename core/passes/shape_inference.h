#pragma once
// Static shapes and dtypes of every node output of a GraphDef, from the op registry's shape
// functions (with Const values where they help), Placeholder/_Arg shape attrs and recorded
// `_output_shapes`. Unknown where nothing says.
#include <vector>

#include "core/passes/graph_index.h"
#include "core/tensor/tensor.h"

namespace graphlens::passes {

struct GraphShapes {
    std::vector<std::vector<tensor::PartialShape>> shapes; // per node, per output
    std::vector<std::vector<tensor::DType>> types;
    const tensor::PartialShape& shape(int32_t node, int32_t output) const;
};

GraphShapes inferShapes(const tensorflow::GraphDef& graph, const GraphIndex& index);

} // namespace graphlens::passes

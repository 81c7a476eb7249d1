#pragma once
// Writing traced concrete functions for other tools (export.cpp). Both return an error text, or
// an empty string on success.
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace graphlens::eager {

class FuncGraph;

// The graph as concrete.graph.as_graph_def() holds it; text format when `path` ends in .pbtxt.
std::string exportGraphDef(const FuncGraph& g, const std::string& path);
// A SavedModel (saved_model.pb under `dir`) whose serving_default signature calls `g`;
// `variableValues` are the current values of the variables `g` captures, in capture order.
std::string exportSavedModel(const FuncGraph& g, const std::vector<std::string>& argNames,
                             const std::vector<tensor::Tensor>& variableValues, const std::string& dir);

} // namespace graphlens::eager

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

// The files of a SavedModel: saved_model.pb, fingerprint.pb and the variables/ checkpoint.
struct SavedModelFiles {
    std::string savedModel, fingerprint, variablesIndex, variablesData;
};
struct SavedModelVariable {
    std::string name; // its VarHandleOp and checkpoint key
    tensor::Tensor value;
};
// One signature: a traced function called with placeholders named `inputNames` (one per graph
// argument), its outputs named `outputNames`; per capture, the variable it reads (an index into
// the variables) or -1 for a captured constant.
struct SavedModelFunction {
    std::string key;
    const FuncGraph* graph = nullptr;
    std::vector<std::string> inputNames, outputNames;
    std::vector<int> captureVariables;
};
// A tf.Module's TF2 object graph (tf_saved_model.py walks it, saved_model_save.cpp encodes it):
// written into the MetaGraphDef with the functions and constants it names.
struct SavedModelObjects {
    std::string objectGraph;                                       // serialized SavedObjectGraph
    std::vector<const FuncGraph*> functions;                       // its concrete functions
    std::vector<std::pair<std::string, tensor::Tensor>> constants; // main-graph Consts it names
    std::vector<std::pair<std::string, std::string>> gradients;    // op type -> gradient function
};
// A TF1-style SavedModel (tags "serve"; signatures calling the functions; variables set by the
// __saved_model_init_op) that real TensorFlow loads with tf.saved_model.load; the checkpoint under
// variables/ holds the same values. With `objects`, the TF2 object graph too (the caller then
// writes the object-based checkpoint). Returns an error text, or empty.
std::string buildSavedModel(const std::vector<SavedModelFunction>& functions,
                            const std::vector<SavedModelVariable>& variables, SavedModelFiles& out,
                            const SavedModelObjects* objects = nullptr);

} // namespace graphlens::eager

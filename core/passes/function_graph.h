#pragma once
// A FunctionDef body as a GraphDef and back, as grappler optimises library functions: every input
// argument becomes an `_Arg` node (named after the argument, `index` attr), every output a
// `_Retval` node, and "node:out_arg:2" inputs become flat "node:k" ones. The way back keeps the
// signature, attrs, arg attrs and the control outputs that still exist.
#include <optional>
#include <string>

#include "core/proto/function.pb.h"
#include "core/proto/graph.pb.h"

namespace graphlens::passes {

// nullopt (with `why` set) when the body cannot be expressed with flat ports: polymorphic or list
// arguments, or an input naming an output of an op GraphLens does not know.
std::optional<tensorflow::GraphDef> functionToGraph(const tensorflow::FunctionDef& function,
                                                    const tensorflow::FunctionDefLibrary& library, std::string& why);
// Writes the graph's nodes back into `function` (signature and attrs kept). Returns false, with
// `why` set, when an input cannot be named in FunctionDef form; `function` is then unchanged.
bool graphToFunction(const tensorflow::GraphDef& graph, const tensorflow::FunctionDefLibrary& library,
                     tensorflow::FunctionDef& function, std::string& why);

// Names of the `_Retval` nodes functionToGraph makes, in output order.
std::string retvalNodeName(const tensorflow::FunctionDef& function, int index);

} // namespace graphlens::passes

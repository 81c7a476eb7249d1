#pragma once
// Serialising the IR: back to GraphDef / FunctionDef (keeping every field as read), and to DOT,
// SVG and PNG for pictures outside the GUI.
#include <string>

#include "core/graph/model.h"
#include "core/proto/graph.pb.h"

namespace graphlens::graph {

// The meta graph's graph with its function library, as TensorFlow would write it.
tensorflow::GraphDef toGraphDef(const MetaGraph& meta);
tensorflow::FunctionDef toFunctionDef(const Function& function);
// A function body as a GraphDef (its _Arg/_Retval nodes included), for pictures of one function.
tensorflow::GraphDef bodyAsGraphDef(const Function& function);

struct DotOptions {
    bool clusterScopes = true; // draw name scopes as clusters (skipped above maxClusterNodes nodes)
    size_t maxClusterNodes = 3000;
    bool leftToRight = false;
};
std::string toDot(const Graph& graph, const std::string& title, const DotOptions& options = {});

// Lays out DOT text with Graphviz `dot` and renders it ("svg" or "png"); FormatError on failure.
std::string renderDot(const std::string& dot, const std::string& format);

} // namespace graphlens::graph

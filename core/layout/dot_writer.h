#pragma once
// DOT text of what the graph view shows: expanded items become clusters, collapsed groups and ops
// become boxes labelled with op type and short name, control edges are dashed, data edges carry
// their shape. Written by GraphLens itself, so it needs no Graphviz to produce.
#include <string>

#include "core/layout/view_graph.h"

namespace graphlens::layout {

std::string toDot(const ViewGraph& view, const std::string& graphName = "graphlens");

// A DOT double-quoted string literal for `text`.
std::string dotQuoted(const std::string& text);

} // namespace graphlens::layout

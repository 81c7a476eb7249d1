#pragma once
// TF1 while loops rewritten into While steps for the executor (internal to core/exec;
// v1_loops.cpp says how).
#include <optional>
#include <string_view>

#include "core/graph/graph.h"
#include "core/proto/graph.pb.h"

namespace graphlens::exec {

// The op of a rewritten loop; the compiler makes it a While step over plans cut from the frame.
inline constexpr std::string_view kV1WhileOp = "_GraphLensV1While";

bool hasV1Loops(const graph::Graph& graph);
// The graph with every recognised frame rewritten; nothing when no frame is recognised.
std::optional<tensorflow::GraphDef> v1LoopsAsWhile(const graph::Graph& graph);

} // namespace graphlens::exec

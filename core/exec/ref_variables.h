#pragma once
// TF1 reference variables (VariableV2) rewritten into resource variables for the executor
// (internal to core/exec; ref_variables.cpp says how).
#include <span>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/proto/graph.pb.h"

namespace graphlens::exec {

struct RefVariablesRewrite {
    tensorflow::GraphDef graph;
    std::vector<std::string> fetches; // the fetches, a ref variable's own replaced by a read
};

bool hasRefVariables(const graph::Graph& graph);
// The handle's name: the variable's shared_name, else its node name.
std::string refVariableSharedName(const tensorflow::NodeDef& variable);
RefVariablesRewrite refVariablesAsResources(const graph::Graph& graph, std::span<const std::string> fetches);

} // namespace graphlens::exec

#pragma once
// Checks that a GraphDef is well formed after a pass: unique node names, every input names an
// existing node and an output it has, no cycles outside v1 loops, control inputs after data
// inputs, called functions exist in the library, the number of inputs agrees with the op's
// definition where the op is known. Used by tests after every pass and by the manager when
// ManagerOptions::validate is set.
#include <string>
#include <vector>

#include "core/proto/graph.pb.h"

namespace graphlens::passes {

// One line per problem ("node 'x': input 'y:2' names output 2 of a node with 1 output");
// empty when the graph is valid.
std::vector<std::string> validate(const tensorflow::GraphDef& graph);

} // namespace graphlens::passes

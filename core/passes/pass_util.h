#pragma once
// Helpers the general passes share: what must be kept, a node's attrs and constant value as the
// kernels take them, a tensor back into a Const, and removing nodes while keeping inputs valid.
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/ops/attr.h"
#include "core/passes/graph_index.h"
#include "core/passes/pass.h"
#include "core/proto/function.pb.h"
#include "core/proto/graph.pb.h"

namespace graphlens::passes {

// The message's bytes with map fields sorted (protobuf writes them in hash order unless asked),
// so that two equal graphs, nodes or attrs compare equal.
std::string deterministicBytes(const google::protobuf::MessageLite& message);
// The same into `out`, replacing what it held but keeping its capacity (for repeated use).
void deterministicBytes(const google::protobuf::MessageLite& message, std::string& out);

// The library function named `name`; nullptr when there is none.
const tensorflow::FunctionDef* findFunction(const tensorflow::FunctionDefLibrary& library, const std::string& name);

// grappler's NodesToPreserve: fetched, fed and preserved nodes. With neither fetches nor
// preserved nodes, every node nobody consumes is kept: it may be what the caller reads (the
// manager passes the original graph's sinks as `preserve` instead).
std::unordered_set<std::string> preservedNodes(const tensorflow::GraphDef& graph, const PassOptions& options);

// Ops with side effects or hidden state (stateful in the op registry, unknown ops, calls of
// stateful functions, _Arg/_Retval, control flow nodes of v1 loops).
bool isStatefulNode(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library);
// Ops whose node must keep running even when nobody reads it.
// Calls have effects when their callee's body has (followed a bounded depth).
bool hasSideEffects(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library);
bool hasSideEffectsAt(const tensorflow::NodeDef& node, const tensorflow::FunctionDefLibrary& library, int depth);

// The node's attrs as the op registry takes them (types from the OpDef where it declares them).
ops::AttrMap nodeAttrs(const tensorflow::NodeDef& node);
// The value of a Const node; throws for dtypes it cannot decode.
tensor::Tensor constValue(const tensorflow::NodeDef& node);
// Turns `node` into a Const holding `value`, keeping its name, device and control inputs (data
// inputs become control inputs, so that what ordered them still does).
void makeConst(tensorflow::NodeDef& node, const tensor::Tensor& value, bool keepDataInputsAsControl);
// Output dtypes of a node (empty when unknown).
std::vector<tensorflow::DataType> outputTypes(const tensorflow::NodeDef& node,
                                              const tensorflow::FunctionDefLibrary& library);

// Every input that reads output `output` of `from` (or, with output -1, any output and
// control) is redirected: data reads to `to` (a tensor name), control reads to `^` + the node
// of `to`. Control inputs are kept after data inputs and deduplicated.
void forwardUses(tensorflow::GraphDef& graph, const std::string from, int32_t output, const std::string& to);
// The same for many tensors at once: `data` maps canonical tensor names ("a", "a:1") to new
// ones, `control` maps node names to the node a control input should name instead ("" drops it).
void redirectInputs(tensorflow::GraphDef& graph, const std::unordered_map<std::string, std::string>& data,
                    const std::unordered_map<std::string, std::string>& control);
// Removes the nodes marked in `remove` (indices into graph.node()), keeping the others' order.
void removeNodes(tensorflow::GraphDef& graph, const std::vector<bool>& remove);
// Puts control inputs after data inputs and drops duplicate control inputs (and control inputs
// on a node that is also a data input).
void tidyInputs(tensorflow::NodeDef& node);
// A node name not used in the graph, starting from `base`.
std::string uniqueName(const GraphIndex& index, const std::unordered_set<std::string>& taken, const std::string& base);

} // namespace graphlens::passes

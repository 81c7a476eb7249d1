#pragma once
// The one graph IR. Imported GraphDefs, function bodies and (later) traced functions all become a
// Graph; GraphDef/FunctionDef are its serialisation. Each Node keeps its whole NodeDef as read, so
// writing a graph back keeps fields this version does not know about.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/proto/node_def.pb.h"
#include "core/proto/tensor_shape.pb.h"
#include "core/proto/types.pb.h"

namespace graphlens::graph {

using NodeId = int32_t;
constexpr NodeId kNoNode = -1;

// A tensor: output `output` of node `node`.
struct Endpoint {
    NodeId node = kNoNode;
    int32_t output = 0;
    bool operator==(const Endpoint&) const = default;
};

// A function referenced by a node: through a func-typed attribute (`f`, `then_branch`, `body`, an
// element of a list(func)), or because the op itself names a library function (TF1 Defun calls).
struct FunctionRef {
    std::string attr; // attribute name; empty when the op type is the function name
    std::string function;
};

enum class NodeKind : uint8_t {
    Op,     // a NodeDef from the file
    Arg,    // a function body's input (synthesised from the signature's input_arg)
    Retval, // a function body's output (synthesised from FunctionDef.ret)
};

struct Node {
    // Owned through a pointer: a parsed NodeDef is adopted as is (no copy), and nodes stay small.
    std::unique_ptr<tensorflow::NodeDef> defPtr;
    Node()
        : defPtr(std::make_unique<tensorflow::NodeDef>()) { }
    explicit Node(std::unique_ptr<tensorflow::NodeDef> def)
        : defPtr(std::move(def)) { }
    NodeKind kind = NodeKind::Op;
    std::vector<Endpoint> inputs;       // data inputs in order; node == kNoNode when unresolved
    std::vector<NodeId> controlInputs;  // "^name" inputs
    std::vector<FunctionRef> functions; // functions this node calls
    int32_t scope = 0;                  // innermost name scope (index into Graph::scopes)
    int32_t frame = -1;                 // v1 control-flow frame (index into Graph::frames), -1 = root
    int32_t numOutputs = -1;            // from the op definition; -1 when the op is unknown

    tensorflow::NodeDef& def() { return *defPtr; }
    const tensorflow::NodeDef& def() const { return *defPtr; }
    const std::string& name() const { return defPtr->name(); }
    const std::string& op() const { return defPtr->op(); }
    const std::string& device() const { return defPtr->device(); }
};

// A name scope: "a/b" for nodes named "a/b/..."; scope 0 is the root ("").
struct Scope {
    std::string path;  // full path, "" for the root
    std::string label; // last path segment
    int32_t parent = -1;
    std::vector<int32_t> childScopes;
    std::vector<NodeId> nodes; // nodes directly in this scope
    int64_t totalNodes = 0;    // nodes in this scope and below
};

// A TF1 while-loop frame (Enter ... Exit), found by following edges from Enter nodes.
struct Frame {
    std::string name; // Enter's frame_name
    int32_t parent = -1;
    std::vector<NodeId> enters;
    std::vector<NodeId> exits;
    std::vector<NodeId> nodes;
};

// A graph input a run feeds (PlaceholderV2 is its TF 1.0-era name).
inline bool isPlaceholderOp(std::string_view op) {
    return op == "Placeholder" || op == "PlaceholderV2";
}

struct Consumer {
    NodeId node = kNoNode;
    int32_t inputIndex = -1; // -1 for a control edge
};

class Graph {
public:
    // Builds the graph from NodeDefs (moved in). `resolveOutput` maps a function-body output
    // reference ("node:output_arg:index") to a flat output index; it may be empty for GraphDefs.
    Graph() = default;

    std::vector<Node>& nodes() { return m_nodes; }
    const std::vector<Node>& nodes() const { return m_nodes; }
    const Node& node(NodeId id) const { return m_nodes[static_cast<size_t>(id)]; }
    size_t size() const { return m_nodes.size(); }
    NodeId find(std::string_view name) const;

    const std::vector<Scope>& scopes() const { return m_scopes; }
    const std::vector<Frame>& frames() const { return m_frames; }
    const std::vector<std::string>& warnings() const { return m_warnings; }

    // Consumers of each node's outputs (data and control), computed once on finalize().
    std::span<const Consumer> consumers(NodeId id) const {
        const auto i = static_cast<size_t>(id);
        return { m_consumers.data() + m_consumerStart[i], m_consumerStart[i + 1] - m_consumerStart[i] };
    }

    // Shape of output `output` from the `_output_shapes` attribute; nullptr when absent.
    const tensorflow::TensorShapeProto* declaredShape(NodeId id, int32_t output) const;

    // Whether the graph has a cycle that is not a v1 loop (NextIteration -> Merge).
    bool hasIllegalCycle() const { return m_illegalCycle; }

    // Nodes in the backward slice of `outputs`: everything they need, data and control.
    std::vector<bool> backwardSlice(const std::vector<NodeId>& outputs) const;

    // Appends a node; call finalize() after the last one.
    NodeId addNode(Node node);
    void addWarning(std::string warning) { m_warnings.push_back(std::move(warning)); }

    // Resolves inputs by name, builds consumers, the scope tree, frames and checks for cycles.
    // `resolvePort` turns the port part of an input ("0", or "output:0" inside functions) into an
    // output index of the producer; it returns -1 when it cannot.
    using PortResolver = int32_t (*)(const void* context, const Node& producer, std::string_view port);
    void finalize(PortResolver resolvePort = nullptr, const void* context = nullptr);

private:
    void resolveInputs(PortResolver resolvePort, const void* context);
    void buildScopes();
    void buildFrames();
    void checkCycles();

    std::vector<Node> m_nodes;
    std::vector<NodeId> m_byName;          // node ids sorted by name: 4 bytes a node, not a hash node
    std::vector<Consumer> m_consumers;     // all consumers, grouped by producer
    std::vector<uint32_t> m_consumerStart; // m_consumers[m_consumerStart[i] .. m_consumerStart[i+1])
    std::vector<Scope> m_scopes;
    std::vector<Frame> m_frames;
    std::vector<std::string> m_warnings;
    bool m_illegalCycle = false;
};

// Splits a NodeDef input string: "^ctrl", "name", "name:1", "name:out_arg:2".
struct InputRef {
    std::string_view node;
    std::string_view port; // "" for output 0, "1", or "out_arg:2"
    bool control = false;
};
InputRef parseInput(std::string_view input);

} // namespace graphlens::graph

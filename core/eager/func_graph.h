#pragma once
// The graph a tf.function trace builds (TF's FuncGraph): nodes in creation order (so always
// topologically sorted), placeholders for the arguments and for captured outer values, outputs,
// and the library of functions its nodes call (If/While branches, nested tf.functions). Op nodes
// get their attrs resolved and their output dtypes and shapes inferred from the op registry, the
// same entries eager execution uses. Serialises to TF's FunctionDef and GraphDef.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ops/attr.h"
#include "core/ops/registry.h"
#include "core/tensor/tensor.h"

namespace graphlens::lang {
struct TracebackEntry;
}

namespace tensorflow {
class FunctionDef;
class TensorProto;
class TensorShapeProto;
class GraphDef;
class FunctionDefLibrary;
} // namespace tensorflow

namespace graphlens::eager {

using ops::AttrMap;
using tensor::DType;
using tensor::PartialShape;
using tensor::Tensor;

class FuncGraph;

// An op's inputs do not fit its OpDef (TF raises TypeError while building a graph; shape errors
// stay tensor::OpError and become ValueError).
class GraphInputTypeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Output `output` of node `node` of a graph.
struct GraphEndpoint {
    int32_t node = -1;
    int32_t output = 0;
    bool operator==(const GraphEndpoint&) const = default;
};

struct GraphNode {
    std::string name;
    std::string op; // op type ("AddV2", "Placeholder", ...)
    ops::OpHandle handle = nullptr;
    std::vector<GraphEndpoint> inputs;
    std::vector<int32_t> controlInputs;
    AttrMap attrs; // every attr (explicit, inferred, defaults): what the NodeDef records
    std::vector<DType> outTypes;
    std::vector<PartialShape> outShapes;
    std::optional<Tensor> value; // Const nodes: the value (for shape inference and execution)
    // Small Packs of constants: their value, known to shape inference as TF's constant evaluation
    // knows it (x[i:] packs constant tensors into its strides).
    std::optional<Tensor> foldedValue;
    // What shape inference knows a small integer output to be (Shape of a static shape, arithmetic
    // on such values), for the shape functions only: constValue() leaves it out, as TF's
    // tensor_util.constant_value does.
    std::optional<Tensor> inferredValue;
    bool stateful = false;
    // The interpreter's frames when the op was made, innermost first: what TF's "Detected at
    // node N defined at (most recent call last)" lists when the node fails at run time.
    std::shared_ptr<const std::vector<lang::TracebackEntry>> definedAt;
};

// A traced function: a graph plus its signature and the functions it calls.
class FuncGraph {
public:
    // Takes a uid, as TF's Graph does for its graph key (internal.h's takeTfUid).
    explicit FuncGraph(std::string name, FuncGraph* outer = nullptr);

    const std::string& name() const { return m_name; }
    void setName(std::string name) { m_name = std::move(name); }
    FuncGraph* outer() const { return m_outer; }
    const std::vector<GraphNode>& nodes() const { return m_nodes; }
    const GraphNode& node(int32_t id) const { return m_nodes[size_t(id)]; }
    DType dtype(GraphEndpoint e) const { return node(e.node).outTypes[size_t(e.output)]; }
    const PartialShape& shape(GraphEndpoint e) const { return node(e.node).outShapes[size_t(e.output)]; }
    const Tensor* constValue(GraphEndpoint e) const {
        const auto& n = node(e.node);
        if (e.output != 0) return nullptr;
        return n.value ? &*n.value : n.foldedValue ? &*n.foldedValue : nullptr;
    }
    // constValue, or what shape inference evaluated the output to be.
    const Tensor* inferenceValue(GraphEndpoint e) const {
        if (const Tensor* v = constValue(e)) return v;
        const auto& n = node(e.node);
        return e.output == 0 && n.inferredValue ? &*n.inferredValue : nullptr;
    }
    // "add:0"
    std::string tensorName(GraphEndpoint e) const { return node(e.node).name + ":" + std::to_string(e.output); }

    // A unique node name: `base`, then base_1, base_2, ... (TF's Graph.unique_name).
    std::string uniqueName(const std::string& base);

    // A function argument (Placeholder node). `isArg` false for captures.
    GraphEndpoint addPlaceholder(const std::string& name, DType dtype, const PartialShape& shape);
    GraphEndpoint addConst(const Tensor& value, const std::string& name = "Const");
    // Reserves a node name now (so constants made for the node's inputs can be named after it).
    std::string reserveName(const std::string& base) { return uniqueName(base); }
    // Adds an op node; checks the input dtypes against the OpDef, infers attrs, output types and
    // shapes. Throws tensor::OpError (InvalidArgument) on a mismatch, as graph construction does.
    // `reservedName`: a name from reserveName(), used as it is.
    std::vector<GraphEndpoint> addOp(std::string_view op, std::span<const GraphEndpoint> inputs, const AttrMap& attrs,
                                     const std::string& name = {}, bool reservedName = false);
    void addControlInput(int32_t node, int32_t dependsOn);
    // Output shapes known from outside the op's shape function (If / While from their branches).
    void setOutputShapes(int32_t node, const std::vector<PartialShape>& shapes);
    // An attr the OpDef does not declare ("_gradient_op_type"): kept in the NodeDef, unused by kernels.
    void setExtraAttr(int32_t node, std::string name, ops::AttrValue value) {
        m_nodes[size_t(node)].attrs.set(std::move(name), std::move(value));
    }

    // Signature: arguments (placeholders of the Python arguments' tensors), then captures.
    std::vector<int32_t> args;
    struct Capture {
        GraphEndpoint placeholder;
        // What the caller feeds: an outer graph's endpoint (nested graphs) or an eager value
        // (tensor, or a variable's resource handle).
        std::optional<GraphEndpoint> outer;
        Tensor value;
        const void* key = nullptr; // dedupes captures of one tensor/variable
    };
    std::vector<Capture> captures;
    std::vector<GraphEndpoint> outputs;
    std::vector<int32_t> controlOutputs; // stateful nodes the function must run
    // Functions the nodes refer to by name (branches, bodies, nested calls).
    std::map<std::string, std::shared_ptr<const FuncGraph>> library;

    // The tape id of the Python tensor made for an endpoint (wrapSymbolic), so that a control-flow
    // node's inputs, known only as endpoints, are found on gradient tapes; 0 when none was made.
    void noteValueId(GraphEndpoint e, int64_t id) { m_valueIds[endpointKey(e)] = id; }
    int64_t valueId(GraphEndpoint e) const {
        const auto it = m_valueIds.find(endpointKey(e));
        return it == m_valueIds.end() ? 0 : it->second;
    }

    // Variables passed as arguments: their resource placeholder among `args`, by VarData.
    std::vector<std::pair<const void*, GraphEndpoint>> variableArgs;
    int32_t findCapture(const void* key) const;
    bool isStateful() const; // any stateful node, here or in the library
    size_t countNodes() const { return m_nodes.size(); }
    // Op type histogram of this graph's own nodes, and of every library function (recursively).
    std::map<std::string, int64_t> opHistogram() const;
    std::map<std::string, int64_t> libraryOpHistogram() const;
    // Every function the graph calls, directly or through other library functions, by name.
    std::map<std::string, const FuncGraph*> allLibraryFunctions() const;
    // The node named `name` here or in a library function (recursively), or nullptr.
    const GraphNode* findNodeDeep(std::string_view name) const;

    // Serialisation. Argument names come from the placeholders; outputs are named output_0...
    void toFunctionDef(tensorflow::FunctionDef* out) const;
    // The graph as TF's FuncGraph.as_graph_def(): placeholders, nodes, and the library.
    void toGraphDef(tensorflow::GraphDef* out) const;
    void collectLibrary(tensorflow::FunctionDefLibrary* out) const;

private:
    static std::optional<Tensor> evaluateForInference(const GraphNode& n, const std::vector<PartialShape>& shapes,
                                                      const std::vector<const Tensor*>& values);
    static uint64_t endpointKey(GraphEndpoint e) { return (uint64_t(uint32_t(e.node)) << 32) | uint32_t(e.output); }
    std::unordered_map<uint64_t, int64_t> m_valueIds;

    GraphEndpoint appendNode(GraphNode n);
    std::string m_name;
    FuncGraph* m_outer;
    std::vector<GraphNode> m_nodes;
    std::map<std::string, int, std::less<>> m_nameCounts;
};

// A partial shape / a constant's value as TF's protos hold them (resource and variant values are
// left empty).
void shapeToProto(const PartialShape& s, tensorflow::TensorShapeProto* out);
void tensorToProto(const Tensor& t, tensorflow::TensorProto* out);

// The value of `e` computed from constants alone (a variable's initial value made while tracing);
// throws InvalidArgumentError when it depends on a placeholder. (Traced functions themselves run
// on core/exec.)
Tensor evalConstant(const FuncGraph& g, GraphEndpoint e);

} // namespace graphlens::eager

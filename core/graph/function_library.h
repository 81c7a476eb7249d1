#pragma once
// The function library of a graph: every FunctionDef as a Graph (with _Arg/_Retval nodes), and
// every call site linked to its body.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/graph/graph.h"
#include "core/graph/op_registry.h"
#include "core/proto/function.pb.h"

namespace graphlens::graph {

struct Function {
    std::string name;
    tensorflow::FunctionDef def; // node_def moved into `body`; signature, attrs and ret kept
    Graph body;
    std::vector<int32_t> callees;  // indices of functions called from the body (deduplicated)
    std::vector<int32_t> callers;  // indices of functions whose bodies call this one
    int32_t topLevelCallSites = 0; // calls from the main graph
    std::string gradient;          // GradientDef.gradient_func, if any
    int32_t nodeDefCount = 0;      // NodeDefs of the body, without the synthesised _Arg/_Retval
};

// Where a function is called: a node of the main graph (caller == -1) or of another function body.
struct CallSite {
    int32_t caller = -1;
    NodeId node = kNoNode;
    std::string attr;
    int32_t callee = -1;
};

class FunctionLibrary {
public:
    FunctionLibrary() = default;
    // Builds all bodies; ops are looked up in `ops` to turn "node:arg:i" ports into output indices.
    FunctionLibrary(tensorflow::FunctionDefLibrary&& library, const OpRegistry& ops);

    const std::vector<Function>& functions() const { return m_functions; }
    const Function* find(const std::string& name) const;
    int32_t indexOf(const std::string& name) const;
    bool empty() const { return m_functions.empty(); }

    // Links every call in `graph` (the main graph, caller -1) and in every body; records cycles
    // (a function that reaches itself) as warnings instead of failing.
    void linkCalls(const Graph& mainGraph);
    // Fills Node::functions of `graph`'s nodes (func attrs, and ops named like a library function).
    void attachRefs(Graph& graph) const;
    const std::vector<CallSite>& callSites() const { return m_callSites; }
    const std::vector<std::string>& warnings() const { return m_warnings; }
    // Whether expanding `function` in place would eventually reach itself.
    bool isRecursive(int32_t function) const { return m_recursive[static_cast<size_t>(function)]; }
    // Longest chain of nested calls below `function` (cycles cut).
    int32_t nestingDepth(int32_t function) const { return m_depth[static_cast<size_t>(function)]; }

private:
    void collectCalls(int32_t caller, const Graph& graph);
    void analyseCallGraph();

    std::vector<Function> m_functions;
    std::unordered_map<std::string, int32_t> m_byName;
    std::vector<CallSite> m_callSites;
    std::vector<bool> m_recursive;
    std::vector<int32_t> m_depth;
    std::vector<std::string> m_warnings;
};

} // namespace graphlens::graph

#pragma once
// Builds Plans from Graphs (internal to core/exec; executor.cpp is the public entry).
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/exec/plan.h"
#include "core/graph/graph.h"

namespace graphlens::graph {
class FunctionLibrary;
}

namespace graphlens::exec {

struct BodySpec {
    std::string name;                   // function name; "" for a main graph
    std::vector<graph::Endpoint> feeds; // argument i is fed at feeds[i]
    std::vector<DType> argTypes;
    std::vector<graph::Endpoint> results;
    std::vector<DType> resultTypes;
    std::vector<graph::NodeId> roots; // nodes that run whether or not a result needs them
    // A TF1 loop's condition or body, cut from its frame: a node with a fed output is a source for
    // control edges too (the frame's pivots), so the cut holds.
    bool fedNodesAreSources = false;
};

// Compiles into `program`, collecting every missing op and error; throwIfFailed() reports them
// all at once.
class Compiler {
public:
    Compiler(Program& program, const graph::FunctionLibrary* library);
    // The plan index of a library function (compiled once, with its callees).
    int32_t functionPlan(const std::string& name, const std::string& caller);
    int32_t compileGraph(const graph::Graph& g, std::span<const std::string> feeds,
                         std::span<const std::string> fetches, std::span<const std::string> targets);
    void throwIfFailed() const;

private:
    void compileBody(int32_t planIndex, const graph::Graph& g, const BodySpec& spec);
    void buildStep(Step& step, const graph::Node& n, const std::string& function, int32_t& outputs);
    void buildV1While(Step& step, const graph::Node& n, const std::string& function, int32_t& outputs);
    // The tensor "node:port" of `g`; on failure, records "<what> '<name>' is not a tensor of the graph".
    graph::Endpoint tensorNamed(const graph::Graph& g, const std::string& name, const std::string& what);
    static void planLastUses(Plan& plan);
    void planSchedule(Plan& plan, const std::vector<std::vector<int32_t>>& controlPredecessors) const;
    bool hasEffects(const Step& step) const;
    bool isStateful(const graph::Node& n) const;
    std::string funcAttr(const graph::Node& n, const std::string& attr, const std::string& function);
    static std::string where(const std::string& function, const std::string& node);
    void addMissing(const std::string& op, const std::string& place);
    void fail(std::string message);

    Program& m_program;
    const graph::FunctionLibrary* m_library;
    const graph::Graph* m_graph = nullptr;         // the body being compiled (TF1 loops cut plans from it)
    std::unordered_map<int32_t, int32_t> m_planOf; // function index -> plan index
    std::vector<std::pair<std::string, std::vector<std::string>>> m_missing; // op -> first places
    std::vector<std::string> m_errors;
};

} // namespace graphlens::exec

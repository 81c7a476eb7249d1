// TF1 while loops (Enter, Merge, Switch, LoopCond, NextIteration, Exit) run as While steps. The
// graph is rewritten before it compiles: each frame becomes one _GraphLensV1While node whose
// inputs are what its Enters read (loop variables, then loop invariants) and whose outputs the
// Exits forward; its attrs name where the loop's condition and body start and end, and the
// compiler makes them plans cut there (the frame's nodes stay in the graph for that). A frame of
// another shape is left as it is, and compiling it fails naming the cycle.
#include "core/exec/v1_loops.h"

#include <unordered_map>

namespace graphlens::exec {

namespace {

using graph::Endpoint;
using graph::NodeId;

std::string tensorName(const graph::Graph& g, Endpoint e) {
    return g.node(e.node).name() + (e.output > 0 ? ":" + std::to_string(e.output) : "");
}

NodeId consumerWithOp(const graph::Graph& g, NodeId id, int32_t output, const char* op) {
    for (const graph::Consumer& c : g.consumers(id)) {
        if (c.inputIndex < 0) continue;
        const graph::Node& n = g.node(c.node);
        if (n.op() == op && n.inputs[static_cast<size_t>(c.inputIndex)].output == output) return c.node;
    }
    return graph::kNoNode;
}

struct LoopVariable {
    NodeId enter = graph::kNoNode, merge = graph::kNoNode, next = graph::kNoNode, sw = graph::kNoNode,
           exit = graph::kNoNode;
};

struct Loop {
    std::vector<LoopVariable> variables;
    std::vector<NodeId> invariants; // Enters with is_constant
    NodeId loopCond = graph::kNoNode;
};

bool isConstantEnter(const graph::Node& n) {
    auto it = n.def().attr().find("is_constant");
    return it != n.def().attr().end() && it->second.b();
}

// The loop of a frame, or nothing when the frame is not of the shape tf.while_loop builds.
std::optional<Loop> loopOf(const graph::Graph& g, const graph::Frame& frame) {
    Loop loop;
    for (NodeId e : frame.enters) {
        const graph::Node& enter = g.node(e);
        if (enter.inputs.empty() || enter.inputs[0].node == graph::kNoNode) return std::nullopt;
        if (isConstantEnter(enter)) {
            loop.invariants.push_back(e);
            continue;
        }
        LoopVariable v;
        v.enter = e;
        v.merge = consumerWithOp(g, e, 0, "Merge");
        if (v.merge == graph::kNoNode || g.node(v.merge).inputs.size() != 2) return std::nullopt;
        for (const Endpoint& in : g.node(v.merge).inputs)
            if (in.node != graph::kNoNode && g.node(in.node).op() == "NextIteration") v.next = in.node;
        v.sw = consumerWithOp(g, v.merge, 0, "Switch");
        if (v.next == graph::kNoNode || v.sw == graph::kNoNode) return std::nullopt;
        const graph::Node& sw = g.node(v.sw);
        if (sw.inputs.size() != 2 || sw.inputs[1].node == graph::kNoNode ||
            g.node(sw.inputs[1].node).op() != "LoopCond")
            return std::nullopt;
        if (loop.loopCond != graph::kNoNode && loop.loopCond != sw.inputs[1].node) return std::nullopt;
        loop.loopCond = sw.inputs[1].node;
        v.exit = consumerWithOp(g, v.sw, 0, "Exit");
        if (g.node(v.next).inputs.empty() || g.node(v.next).inputs[0].node == graph::kNoNode) return std::nullopt;
        loop.variables.push_back(v);
    }
    if (loop.variables.empty() || g.node(loop.loopCond).inputs.empty()) return std::nullopt;
    return loop;
}

void setStrings(tensorflow::NodeDef& def, const char* attr, const std::vector<std::string>& values) {
    auto* list = (*def.mutable_attr())[attr].mutable_list();
    for (const auto& v : values) list->add_s(v);
}

} // namespace

bool hasV1Loops(const graph::Graph& graph) {
    return !graph.frames().empty();
}

std::optional<tensorflow::GraphDef> v1LoopsAsWhile(const graph::Graph& g) {
    tensorflow::GraphDef out;
    std::unordered_map<NodeId, std::string> exitSource; // Exit node -> "loop:i"
    std::vector<tensorflow::NodeDef> loops;
    for (const graph::Frame& frame : g.frames()) {
        std::optional<Loop> loop = loopOf(g, frame);
        if (!loop) continue;
        tensorflow::NodeDef node;
        // Frame names often end with a slash ("while/while/"): the node goes inside that scope.
        node.set_name(frame.name + (frame.name.ends_with('/') ? "" : "/") + "_graphlens_while");
        node.set_op(std::string(kV1WhileOp));
        std::vector<std::string> merges, switches, nexts, invariants;
        for (const LoopVariable& v : loop->variables) {
            node.add_input(tensorName(g, g.node(v.enter).inputs[0]));
            merges.push_back(g.node(v.merge).name());
            switches.push_back(g.node(v.sw).name() + ":1");
            nexts.push_back(tensorName(g, g.node(v.next).inputs[0]));
        }
        for (NodeId e : loop->invariants) {
            node.add_input(tensorName(g, g.node(e).inputs[0]));
            invariants.push_back(g.node(e).name());
        }
        for (NodeId e : frame.enters)
            for (NodeId c : g.node(e).controlInputs) node.add_input("^" + g.node(c).name());
        setStrings(node, "merges", merges);
        setStrings(node, "switches", switches);
        setStrings(node, "next_values", nexts);
        setStrings(node, "invariants", invariants);
        (*node.mutable_attr())["cond"].set_s(tensorName(g, g.node(loop->loopCond).inputs[0]));
        for (size_t i = 0; i < loop->variables.size(); ++i)
            if (loop->variables[i].exit != graph::kNoNode)
                exitSource.emplace(loop->variables[i].exit, node.name() + ":" + std::to_string(i));
        loops.push_back(std::move(node));
    }
    if (loops.empty()) return std::nullopt;
    for (NodeId id = 0; id < static_cast<NodeId>(g.size()); ++id) {
        tensorflow::NodeDef def = g.node(id).def();
        if (auto it = exitSource.find(id); it != exitSource.end()) {
            // The Exit forwards the loop's result; its control inputs stay.
            std::vector<std::string> controls;
            for (const auto& in : def.input())
                if (!in.empty() && in[0] == '^') controls.push_back(in);
            def.set_op("Identity");
            def.clear_input();
            def.add_input(it->second);
            for (auto& c : controls) def.add_input(std::move(c));
        }
        *out.add_node() = std::move(def);
    }
    for (auto& loop : loops) *out.add_node() = std::move(loop);
    return out;
}

} // namespace graphlens::exec

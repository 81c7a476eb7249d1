#include "core/graph/export.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "core/util/error.h"
#include "core/util/graphviz_lock.h"
#include "core/util/json.h"

namespace graphlens::graph {

tensorflow::GraphDef toGraphDef(const MetaGraph& meta) {
    // Fields other than nodes and functions as read (versions, debug info, gradients, unknown fields).
    tensorflow::GraphDef out = meta.graphDefRest;
    out.clear_node();
    if (out.has_library()) out.mutable_library()->clear_function();
    for (const Node& node : meta.graph.nodes())
        if (node.kind == NodeKind::Op) *out.add_node() = node.def();
    if (meta.producer != 0 && !out.has_versions()) out.mutable_versions()->set_producer(meta.producer);
    for (const Function& f : meta.library.functions()) *out.mutable_library()->add_function() = toFunctionDef(f);
    const bool gradientsKept = out.library().gradient_size() > 0;
    for (const Function& f : meta.library.functions()) {
        if (gradientsKept) break;
        if (f.gradient.empty()) continue;
        auto* g = out.mutable_library()->add_gradient();
        g->set_function_name(f.name);
        g->set_gradient_func(f.gradient);
    }
    return out;
}

tensorflow::FunctionDef toFunctionDef(const Function& function) {
    tensorflow::FunctionDef def = function.def;
    for (const Node& node : function.body.nodes())
        if (node.kind == NodeKind::Op) *def.add_node_def() = node.def();
    return def;
}

tensorflow::GraphDef bodyAsGraphDef(const Function& function) {
    tensorflow::GraphDef out;
    for (const Node& node : function.body.nodes()) *out.add_node() = node.def();
    return out;
}

namespace {
std::string dotId(const std::string& text) {
    return JsonWriter::escape(text);
}

std::string shortName(const std::string& name) {
    const size_t slash = name.rfind('/');
    return slash == std::string::npos ? name : name.substr(slash + 1);
}

void writeScope(std::string& out, const Graph& graph, int32_t scopeId, bool clusters, int depth) {
    const Scope& scope = graph.scopes()[static_cast<size_t>(scopeId)];
    const std::string indent(static_cast<size_t>(depth) * 2, ' ');
    if (clusters && scopeId != 0) {
        out += indent + "subgraph " + dotId("cluster_" + scope.path) + " {\n";
        out += indent + "  label=" + dotId(scope.label) +
            "; style=\"rounded,filled\"; fillcolor=\"#f4f6fa\"; color=\"#9aa5b8\";\n";
    }
    for (NodeId id : scope.nodes) {
        const Node& node = graph.node(id);
        out +=
            indent + "  " + dotId(node.name()) + " [label=" + dotId(node.op() + "\n" + shortName(node.name())) + "];\n";
    }
    if (clusters)
        for (int32_t child : scope.childScopes) writeScope(out, graph, child, clusters, depth + 1);
    if (clusters && scopeId != 0) out += indent + "}\n";
}
} // namespace

std::string toDot(const Graph& graph, const std::string& title, const DotOptions& options) {
    std::string out = "digraph " + dotId(title) + " {\n";
    out += std::string("  rankdir=") + (options.leftToRight ? "LR" : "TB") + ";\n";
    out +=
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10];\n";
    out += "  edge [color=\"#5b6578\", arrowsize=0.6];\n";
    const bool clusters = options.clusterScopes && graph.size() <= options.maxClusterNodes;
    if (clusters) {
        writeScope(out, graph, 0, true, 0);
    } else {
        for (int32_t s = 0; s < static_cast<int32_t>(graph.scopes().size()); ++s) writeScope(out, graph, s, false, 0);
    }
    for (const Node& node : graph.nodes()) {
        for (const Endpoint& ep : node.inputs) {
            if (ep.node == kNoNode) continue;
            out += "  " + dotId(graph.node(ep.node).name()) + " -> " + dotId(node.name());
            if (ep.output != 0) out += " [taillabel=" + dotId(std::to_string(ep.output)) + "]";
            out += ";\n";
        }
        for (NodeId c : node.controlInputs)
            out += "  " + dotId(graph.node(c).name()) + " -> " + dotId(node.name()) + " [style=dashed];\n";
    }
    out += "}\n";
    return out;
}

std::string renderDot(const std::string& dot, const std::string& format) {
    std::lock_guard lock(graphvizMutex());
    GVC_t* gvc = gvContext();
    if (!gvc) throw FormatError("graphviz", "", "cannot create a Graphviz context");
    Agraph_t* g = agmemread(dot.c_str());
    if (!g) {
        gvFreeContext(gvc);
        throw FormatError("graphviz", "", "Graphviz could not read the generated DOT");
    }
    std::string result;
    if (gvLayout(gvc, g, "dot") == 0) {
        char* data = nullptr;
        unsigned int length = 0;
        if (gvRenderData(gvc, g, format.c_str(), &data, &length) == 0 && data) result.assign(data, length);
        if (data) gvFreeRenderData(data);
        gvFreeLayout(gvc, g);
    }
    agclose(g);
    gvFreeContext(gvc);
    if (result.empty())
        throw FormatError("graphviz", "",
                          "Graphviz could not render format '" + format + "' (is its plugin installed?)");
    return result;
}

} // namespace graphlens::graph

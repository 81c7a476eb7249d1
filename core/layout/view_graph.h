#pragma once
// What the graph view shows for a given expansion state: a tree of visible items (name-scope
// groups, ops, function calls expanded in place into their bodies) and the edges between them,
// lifted to the nearest visible ancestors and merged. Pure C++, no Qt; built off the GUI thread.
//
// Items are identified by string keys that stay the same across rebuilds:
//   scope group      <context><scope path>/        e.g. "InceptionV3/Mixed_5b/"
//   node             <context><node name>          e.g. "InceptionV3/Mixed_5b/concat"
//   call body        <call key>|<attr>|            e.g. "StatefulPartitionedCall|f|"
//   series           <context><scope path>/<prefix>_*/ for scopes, …_*:<op> for nodes
//                                                  e.g. "save/Assign_*:Assign"
// where <context> is "" for the root graph and a call body's key for nodes inside it, so
// "model/call|f|dense/MatMul" is node dense/MatMul of the function called by node model/call.
// '|' cannot occur in TensorFlow node names.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/graph/function_library.h"
#include "core/graph/graph.h"
#include "core/layout/labels.h"
#include "core/util/progress.h"

namespace graphlens::layout {

enum class ItemKind : uint8_t {
    Group,  // a name scope: collapsed (a box with a node count) or expanded (a frame around its children)
    Series, // siblings named alike with a numeric suffix (save/Assign_1 … save/Assign_375), as one box
    Op,     // one node
    Call,   // a node that calls library functions; expanded = its bodies drawn inside it
    Body,   // one of several bodies of an expanded call (If: then_branch / else_branch)
    Port,   // an _Arg or _Retval node of a body expanded in place
};

struct ViewItem {
    std::string key;
    ItemKind kind = ItemKind::Op;
    bool expanded = false;
    int32_t parent = -1; // item index; -1 for top-level items
    std::vector<int32_t> children;
    int32_t depth = 0;

    const graph::Graph* graph = nullptr; // the graph holding the node or scope
    int32_t function = -1;               // function index of `graph`; -1 for the main graph
    graph::NodeId node = graph::kNoNode; // Op, Call, Port
    int32_t scope = -1;                  // Group
    int32_t bodyFunction = -1;           // Body: the function shown

    std::string label;   // short name (last segment)
    std::string title;   // op type; for groups "N nodes"; for calls the function name(s)
    std::string summary; // groups: most frequent ops ("Conv2D 3 · Relu 3")
    OpCategory category = OpCategory::Other;
    int64_t nodeCount = 0; // groups and expanded calls: nodes inside (after the slice)
    int64_t members = 0;   // series: scopes or nodes in the series
    bool seriesOfScopes = false;
    bool canExpand = false;
    std::string cannotExpandReason; // calls that may not expand in place, and why

    double width = 0; // points: collapsed size; for expanded items, filled in by the layout
    double height = 0;
};

struct ViewEdge {
    int32_t from = -1; // visible items
    int32_t to = -1;
    int32_t count = 1; // underlying graph edges merged into this one
    bool control = false;
    // One underlying edge, for the label: producer node and output in `graph`.
    const graph::Graph* graph = nullptr;
    graph::NodeId producer = graph::kNoNode;
    int32_t output = 0;
    std::string label; // "?×784", "3 tensors", "" for control edges
    // Where it is laid out: the lowest expanded item holding both ends (-1 = top level) and the
    // children of that item containing `from` and `to`.
    int32_t owner = -1;
    int32_t fromAnchor = -1;
    int32_t toAnchor = -1;
};

struct SizeMetrics {
    double charWidth = 6.2;      // average advance of the label font (node names), points
    double titleCharWidth = 7.4; // op types and group names (bold)
    // The exact advance of a text in the title font, when the caller can measure it (the views
    // can, core cannot); an average width cuts capital-heavy op types such as VarHandleOp (#21).
    // Called from the layout's thread.
    std::function<double(const std::string&)> titleWidth;
    double smallCharWidth = 5.6; // counts and summaries
    double lineHeight = 14;      // points
};

struct ViewOptions {
    const graph::Graph* graph = nullptr;             // root graph: the main graph or a function body
    const graph::FunctionLibrary* library = nullptr; // may be null: calls then cannot expand
    int32_t rootFunction = -1;                       // function index when `graph` is a body
    std::unordered_set<std::string> expanded;        // keys of expanded groups and calls
    const std::vector<bool>* visibleNodes = nullptr; // slice of the root graph; null = all nodes
    int32_t maxCallDepth = 6;                        // nested in-place expansions allowed
    SizeMetrics metrics;
};

class ViewGraph {
public:
    std::vector<ViewItem> items;
    std::vector<int32_t> roots; // top-level items
    std::vector<ViewEdge> edges;
    std::vector<std::string> notes; // e.g. why a requested expansion was refused
    int64_t hiddenNodes = 0;        // root-graph nodes hidden by the slice

    int32_t find(const std::string& key) const;
    bool isAncestor(int32_t ancestor, int32_t item) const;
    size_t visibleCount() const { return items.size(); }
    // Index maps are rebuilt by buildViewGraph; call after editing items by hand.
    void reindex();

private:
    std::unordered_map<std::string, int32_t> m_byKey;
};

ViewGraph buildViewGraph(const ViewOptions& options, const CancelToken* cancel = nullptr);

// At least this many siblings named <prefix>_<n> (scopes, or nodes of one op) form a series.
constexpr size_t kMinSeriesSize = 5;

// Keys of the groups and series that must be expanded for node `node` of the root graph to be visible.
std::vector<std::string> scopesToReveal(const graph::Graph& graph, graph::NodeId node);
std::string scopeKey(const std::string& context, const std::string& scopePath);
std::string nodeKey(const std::string& context, const std::string& nodeName);
// "name_12" -> {"name", 12}; {name, -1} without a numeric suffix.
std::pair<std::string_view, int64_t> splitNumericSuffix(std::string_view name);

// Shape of a node's output: `_output_shapes` when present, else what the node itself says: a
// Const's value shape, the `shape` attribute of Placeholder / VariableV2 (output 0).
const tensorflow::TensorShapeProto* knownOutputShape(const graph::Graph& graph, graph::NodeId node, int32_t output);

// Op histogram of a scope subtree, most frequent first, as "Conv2D 3 · Relu 3 · Const 6".
std::string opSummary(const graph::Graph& graph, int32_t scope, size_t maxOps = 3);

} // namespace graphlens::layout

#pragma once
// One laid-out picture of a graph: the visible items and edges for an expansion state plus their
// geometry. Built by a layout job off the GUI thread and handed to the scene as a value; the model
// pointer keeps every Graph the items point into alive.
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <QImage>

#include "core/graph/model.h"
#include "core/layout/scene_layout.h"
#include "core/layout/view_graph.h"
#include "core/util/progress.h"

namespace graphlens::views {

// What the view shows at the top level: the main graph of a meta graph or one function body.
struct GraphRoot {
    int metaGraph = 0;
    int function = -1; // -1: the main graph
    bool operator==(const GraphRoot&) const = default;
};

struct GraphSnapshot {
    std::shared_ptr<const graph::Model> model;
    GraphRoot root;
    std::string signature; // slice applied, empty for none
    layout::ViewGraph view;
    layout::SceneGeometry geometry;
    double buildMilliseconds = 0;  // ViewGraph
    double layoutMilliseconds = 0; // all per-group layouts, cached or not
    // Pictures drawn by the job too, largest first (kOverviewSide px, then halves down to ~256):
    // when the whole graph is at most that big on screen, one of them stands in for the items.
    std::vector<QImage> overviews;
    QImage thumbnail; // the minimap's
    // Per edge: a long edge out of a variable, drawn as a stub into its consumer unless
    // highlighted (stubbedEdges() decides; empty for a snapshot built by hand: none).
    std::vector<bool> stubbedEdges;
    bool isStubbed(size_t edge) const { return edge < stubbedEdges.size() && stubbedEdges[edge]; }
};

// Which edges leave a variable (or a read of one) and run further than `span` points: every read
// of a variable hangs off one node near the top, and their edges would cross the graph.
std::vector<bool> stubbedEdges(const layout::ViewGraph& view, const layout::SceneGeometry& geometry, double span = 320);

constexpr int kOverviewSide = 4096;

// What a layout job needs to picture one root, gathered on the GUI thread and used off it.
struct SnapshotRequest {
    std::shared_ptr<const graph::Model> model;
    GraphRoot root;
    std::unordered_set<std::string> expanded;
    std::shared_ptr<const std::vector<bool>> slice; // main graph only; null: every node
    std::string signature;                          // the slice's, for the snapshot
    std::shared_ptr<layout::LayoutCache> cache;
    layout::SizeMetrics metrics;
};

// Builds the view, lays it out and (with `overviews`) draws its stand-in pictures; off the GUI
// thread, cancellable through `progress`.
std::shared_ptr<GraphSnapshot> buildSnapshot(const SnapshotRequest& request, const Progress& progress,
                                             bool overviews = true);

// The request's expansion with every name scope and series of its root opened as well, so that
// each node of the root graph is a box of its own. Function calls stay calls: their bodies are
// graphs of their own (and may recurse).
std::unordered_set<std::string> everyScopeExpanded(const SnapshotRequest& request, const Progress& progress);

// Boxes and straight edges of the whole snapshot in at most `maxSide` pixels; safe to call off the
// GUI thread (no text, no fonts).
QImage renderOverview(const GraphSnapshot& snapshot, int maxSide);

// A node as the inspector and search see it: which graph, which node, and the view item key.
struct NodeRef {
    std::shared_ptr<const graph::Model> model;
    int metaGraph = 0;
    int function = -1; // -1: main graph
    graph::NodeId node = graph::kNoNode;
    bool valid() const { return model && node != graph::kNoNode; }
    const graph::Graph* graph() const;
};

const graph::Graph* graphOf(const graph::Model& model, int metaGraph, int function);

} // namespace graphlens::views

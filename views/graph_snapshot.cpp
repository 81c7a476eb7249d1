#include "views/graph_snapshot.h"

#include <algorithm>

#include <QElapsedTimer>
#include <QPainter>

#include "views/graph_style.h"

namespace graphlens::views {

const graph::Graph* graphOf(const graph::Model& model, int metaGraph, int function) {
    if (metaGraph < 0 || static_cast<size_t>(metaGraph) >= model.metaGraphs.size()) return nullptr;
    const auto& meta = model.metaGraphs[static_cast<size_t>(metaGraph)];
    if (function < 0) return &meta.graph;
    if (static_cast<size_t>(function) >= meta.library.functions().size()) return nullptr;
    return &meta.library.functions()[static_cast<size_t>(function)].body;
}

const graph::Graph* NodeRef::graph() const {
    return model ? graphOf(*model, metaGraph, function) : nullptr;
}

namespace {

bool isVariableHandle(const graph::Graph& graph, graph::NodeId id) {
    const auto& node = graph.node(id);
    const std::string& op = node.op();
    if (op == "VarHandleOp" || op == "VariableV2" || op == "Variable" || op == "_VarHandlesOp") return true;
    if (op != "_Arg" && op != "Placeholder") return false; // a captured variable arrives as a resource
    for (const char* name : { "T", "dtype" }) {
        const auto found = node.def().attr().find(name);
        if (found != node.def().attr().end() && found->second.type() == tensorflow::DT_RESOURCE) return true;
    }
    return false;
}

// A variable, or a plain read of one (ReadVariableOp, TF1's "<variable>/read" Identity): the
// layout keeps such reads beside the variable, so it is their edges that run far.
bool isVariableOrRead(const graph::Graph& graph, graph::NodeId id) {
    if (isVariableHandle(graph, id)) return true;
    const auto& node = graph.node(id);
    if (node.op() != "ReadVariableOp" && node.op() != "Identity") return false;
    return !node.inputs.empty() && node.inputs.front().node != graph::kNoNode &&
        isVariableHandle(graph, node.inputs.front().node);
}

} // namespace

std::vector<bool> stubbedEdges(const layout::ViewGraph& view, const layout::SceneGeometry& geometry, double span) {
    std::vector<bool> stubbed(view.edges.size(), false);
    for (size_t e = 0; e < view.edges.size() && e < geometry.edges.size(); ++e) {
        const auto& edge = view.edges[e];
        const auto& points = geometry.edges[e];
        if (edge.control || !edge.graph || edge.producer == graph::kNoNode || points.size() < 2) continue;
        if (!isVariableOrRead(*edge.graph, edge.producer)) continue;
        double top = points.front().y, bottom = top;
        for (const auto& p : points) {
            top = std::min(top, p.y);
            bottom = std::max(bottom, p.y);
        }
        stubbed[e] = bottom - top > span;
    }
    return stubbed;
}

QImage renderOverview(const GraphSnapshot& snapshot, int maxSide) {
    const auto& geometry = snapshot.geometry;
    if (geometry.width <= 0 || geometry.height <= 0) return {};
    const double scale = maxSide / std::max(geometry.width, geometry.height);
    const QSize size(std::max(8, static_cast<int>(geometry.width * scale)),
                     std::max(8, static_cast<int>(geometry.height * scale)));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.scale(scale, scale);
    const auto& style = GraphStyle::instance();
    const auto& items = snapshot.view.items;
    // Frames first, outermost first, then edges, then leaves.
    std::vector<size_t> frames;
    for (size_t i = 0; i < items.size(); ++i)
        if (items[i].expanded) frames.push_back(i);
    std::stable_sort(frames.begin(), frames.end(), [&](size_t a, size_t b) { return items[a].depth < items[b].depth; });
    QPen framePen(style.frameRim);
    framePen.setCosmetic(true);
    painter.setPen(framePen);
    for (size_t i : frames) {
        const auto& r = geometry.items[i];
        painter.setBrush(style.frameFill.darker(100 + 3 * (items[i].depth % 4)));
        painter.drawRect(QRectF(r.x, r.y, r.width, r.height));
    }
    QPen edgePen(QColor(0xc4, 0xcf, 0xd6)); // opaque: blended lines are slow to draw
    edgePen.setCosmetic(true);
    painter.setPen(edgePen);
    for (size_t e = 0; e < geometry.edges.size(); ++e) {
        const auto& path = geometry.edges[e];
        if (path.size() < 2 || snapshot.isStubbed(e)) continue;
        painter.drawLine(QPointF(path.front().x, path.front().y), QPointF(path.back().x, path.back().y));
    }
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].expanded) continue;
        const auto& r = geometry.items[i];
        const QColor colour = items[i].kind == layout::ItemKind::Group || items[i].kind == layout::ItemKind::Series
            ? style.groupRim
            : style.colours(items[i].category).rim;
        painter.fillRect(QRectF(r.x, r.y, r.width, r.height), colour);
    }
    return image;
}

namespace {

layout::ViewOptions viewOptions(const SnapshotRequest& request) {
    const auto& meta = request.model->metaGraphs[static_cast<size_t>(request.root.metaGraph)];
    layout::ViewOptions options;
    options.graph = graphOf(*request.model, request.root.metaGraph, request.root.function);
    options.library = &meta.library;
    options.rootFunction = request.root.function;
    options.expanded = request.expanded;
    options.visibleNodes = request.root.function < 0 ? request.slice.get() : nullptr;
    options.metrics = request.metrics;
    return options;
}

} // namespace

std::shared_ptr<GraphSnapshot> buildSnapshot(const SnapshotRequest& request, const Progress& progress, bool overviews) {
    auto snapshot = std::make_shared<GraphSnapshot>();
    snapshot->model = request.model;
    snapshot->root = request.root;
    snapshot->signature = request.slice ? request.signature : std::string();
    QElapsedTimer timer;
    timer.start();
    progress(0.0, "building the view");
    snapshot->view = layout::buildViewGraph(viewOptions(request), progress.cancel);
    snapshot->buildMilliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    timer.restart();
    layout::LayoutCache scratch;
    snapshot->geometry = layout::layoutScene(snapshot->view, request.cache ? *request.cache : scratch, progress);
    snapshot->layoutMilliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    progress.check();
    snapshot->stubbedEdges = stubbedEdges(snapshot->view, snapshot->geometry);
    if (!overviews) return snapshot;
    QImage overview = renderOverview(*snapshot, kOverviewSide);
    while (!overview.isNull()) {
        snapshot->overviews.push_back(overview);
        if (std::max(overview.width(), overview.height()) <= 256) break;
        overview = overview.scaled(overview.size() / 2, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    }
    for (const QImage& level : snapshot->overviews)
        if (std::max(level.width(), level.height()) <= 520) {
            snapshot->thumbnail = level;
            break;
        }
    return snapshot;
}

std::unordered_set<std::string> everyScopeExpanded(const SnapshotRequest& request, const Progress& progress) {
    layout::ViewOptions options = viewOptions(request);
    // Each round opens the scopes the previous one showed closed; nesting depth bounds the rounds.
    for (;;) {
        progress.check();
        const layout::ViewGraph view = layout::buildViewGraph(options, progress.cancel);
        size_t opened = 0;
        for (const auto& item : view.items)
            if (item.canExpand && !item.expanded &&
                (item.kind == layout::ItemKind::Group || item.kind == layout::ItemKind::Series))
                opened += options.expanded.insert(item.key).second ? 1 : 0;
        if (opened == 0) return options.expanded;
    }
}

} // namespace graphlens::views

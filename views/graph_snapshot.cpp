#include "views/graph_snapshot.h"

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
    for (const auto& path : geometry.edges)
        if (path.size() >= 2)
            painter.drawLine(QPointF(path.front().x, path.front().y), QPointF(path.back().x, path.back().y));
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

} // namespace graphlens::views

#include "views/graph_scene.h"

#include <algorithm>

#include "views/graph_items.h"
#include "views/graph_style.h"

namespace graphlens::views {

GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent) {
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setBackgroundBrush(GraphStyle::instance().background);
}

void GraphScene::setSnapshot(std::shared_ptr<const GraphSnapshot> snapshot) {
    m_selected = -1;
    m_boxes.clear();
    m_edges.clear();
    m_edgesOf.clear();
    clear();
    m_snapshot = std::move(snapshot);
    if (!m_snapshot) {
        setSceneRect(QRectF());
        return;
    }
    const auto& view = m_snapshot->view;
    const auto& geometry = m_snapshot->geometry;
    m_boxes.reserve(view.items.size());
    for (size_t i = 0; i < view.items.size(); ++i) {
        auto* box = new BoxItem(view.items[i], static_cast<int>(i), geometry.items[i]);
        addItem(box);
        m_boxes.push_back(box);
    }
    m_edgesOf.resize(view.items.size());
    m_edges.reserve(view.edges.size());
    for (size_t e = 0; e < view.edges.size(); ++e) {
        auto* edge = new EdgeItem(view.edges[e], static_cast<int>(e), geometry.edges[e]);
        addItem(edge);
        m_edges.push_back(edge);
        m_edgesOf[static_cast<size_t>(view.edges[e].from)].push_back(static_cast<int>(e));
        m_edgesOf[static_cast<size_t>(view.edges[e].to)].push_back(static_cast<int>(e));
    }
    const qreal margin = 40;
    setSceneRect(-margin, -margin, geometry.width + 2 * margin, geometry.height + 2 * margin);
}

int GraphScene::itemAt(const QPointF& scenePos, bool* onToggle) const {
    if (onToggle) *onToggle = false;
    // items() sorts by stacking order: leaves (z >= 100) before frames, deeper frames first.
    for (QGraphicsItem* item : items(scenePos, Qt::IntersectsItemBoundingRect, Qt::DescendingOrder)) {
        if (item->type() != BoxItem::Type) continue;
        auto* box = static_cast<BoxItem*>(item);
        const QPointF local = box->mapFromScene(scenePos);
        const QRectF body(0, 0, box->item().width, box->item().height);
        if (!body.contains(local)) continue;
        if (onToggle) *onToggle = box->toggleRect().adjusted(-3, -3, 3, 3).contains(local);
        return box->index();
    }
    return -1;
}

QRectF GraphScene::itemRect(int index) const {
    if (index < 0 || static_cast<size_t>(index) >= m_boxes.size()) return {};
    const auto& rect = m_snapshot->geometry.items[static_cast<size_t>(index)];
    return {rect.x, rect.y, rect.width, rect.height};
}

std::vector<int> GraphScene::neighbours(int index) const {
    std::vector<int> out;
    if (index < 0 || static_cast<size_t>(index) >= m_edgesOf.size()) return out;
    for (int e : m_edgesOf[static_cast<size_t>(index)]) {
        const auto& edge = m_snapshot->view.edges[static_cast<size_t>(e)];
        out.push_back(edge.from == index ? edge.to : edge.from);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void GraphScene::select(int index) {
    if (index >= static_cast<int>(m_boxes.size())) index = -1;
    if (m_selected >= 0) {
        m_boxes[static_cast<size_t>(m_selected)]->setHighlight(Highlight::None);
        for (int n : neighbours(m_selected)) m_boxes[static_cast<size_t>(n)]->setHighlight(Highlight::None);
        for (int e : m_edgesOf[static_cast<size_t>(m_selected)]) m_edges[static_cast<size_t>(e)]->setHighlighted(false);
    }
    m_selected = index;
    if (index < 0) return;
    for (int n : neighbours(index)) m_boxes[static_cast<size_t>(n)]->setHighlight(Highlight::Neighbour);
    for (int e : m_edgesOf[static_cast<size_t>(index)]) m_edges[static_cast<size_t>(e)]->setHighlighted(true);
    m_boxes[static_cast<size_t>(index)]->setHighlight(Highlight::Selected);
}

} // namespace graphlens::views

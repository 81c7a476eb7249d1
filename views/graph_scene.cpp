#include "views/graph_scene.h"

#include "views/graph_canvas.h"
#include "views/graph_style.h"

namespace graphlens::views {

GraphScene::GraphScene(QObject* parent)
    : QGraphicsScene(parent) {
    setItemIndexMethod(QGraphicsScene::NoIndex); // one item; the canvas culls by itself
    setBackgroundBrush(GraphStyle::instance().background);
}

void GraphScene::setSnapshot(std::shared_ptr<const GraphSnapshot> snapshot) {
    clear();
    m_canvas = nullptr;
    m_snapshot = std::move(snapshot);
    if (!m_snapshot) {
        setSceneRect(QRectF());
        return;
    }
    m_canvas = new GraphCanvas(m_snapshot);
    addItem(m_canvas);
    const qreal margin = 40;
    const auto& geometry = m_snapshot->geometry;
    setSceneRect(QRectF(-margin, -margin, geometry.width + 2 * margin, geometry.height + 2 * margin) |
                 m_canvas->boundingRect());
}

int GraphScene::itemAt(const QPointF& scenePos, bool* onToggle) const {
    if (onToggle) *onToggle = false;
    return m_canvas ? m_canvas->itemAt(scenePos, onToggle) : -1;
}

QRectF GraphScene::itemRect(int index) const {
    return m_canvas ? m_canvas->itemRect(index) : QRectF();
}

int GraphScene::itemCount() const {
    return m_snapshot ? static_cast<int>(m_snapshot->view.items.size()) : 0;
}

void GraphScene::select(int index) {
    if (m_canvas) m_canvas->select(index);
}

int GraphScene::selected() const {
    return m_canvas ? m_canvas->selected() : -1;
}

std::vector<int> GraphScene::neighbours(int index) const {
    return m_canvas ? m_canvas->neighbours(index) : std::vector<int>{};
}

QRectF GraphScene::edgeLabelRect(int edge) const {
    return m_canvas ? m_canvas->edgeLabelRect(edge) : QRectF();
}

bool GraphScene::isEdgeStubbed(int edge) const {
    return m_canvas && m_canvas->isEdgeStubbed(edge);
}

QString GraphScene::edgeLabelText(int edge) const {
    return m_canvas ? m_canvas->edgeLabelText(edge) : QString();
}

} // namespace graphlens::views

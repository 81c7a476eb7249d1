#pragma once
// The scene of the graph view: turns a GraphSnapshot into items, answers "what is under this
// point", and highlights a selected item with its neighbours and the edges between them.
#include <QGraphicsScene>

#include <memory>
#include <vector>

#include "views/graph_snapshot.h"

namespace graphlens::views {

class BoxItem;
class EdgeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);

    void setSnapshot(std::shared_ptr<const GraphSnapshot> snapshot);
    const std::shared_ptr<const GraphSnapshot>& snapshot() const { return m_snapshot; }

    // The deepest item under `scenePos`, -1 for none; `onToggle` tells whether the point is on
    // the item's +/− button.
    int itemAt(const QPointF& scenePos, bool* onToggle = nullptr) const;
    QRectF itemRect(int index) const;
    int itemCount() const { return static_cast<int>(m_boxes.size()); }

    void select(int index);  // -1 clears
    int selected() const { return m_selected; }
    std::vector<int> neighbours(int index) const;

private:
    std::shared_ptr<const GraphSnapshot> m_snapshot;
    std::vector<BoxItem*> m_boxes;
    std::vector<EdgeItem*> m_edges;
    std::vector<std::vector<int>> m_edgesOf;  // item -> incident edge indices
    int m_selected = -1;
};

} // namespace graphlens::views

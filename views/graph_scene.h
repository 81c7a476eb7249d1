#pragma once
// The scene of the graph view: holds the canvas item that paints a GraphSnapshot, answers "what is
// under this point", and highlights a selected item with its neighbours and the edges between them.
#include <memory>
#include <vector>

#include <QGraphicsScene>

#include "views/graph_snapshot.h"

namespace graphlens::views {

class GraphCanvas;

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
    int itemCount() const;

    void select(int index); // -1 clears
    int selected() const;
    std::vector<int> neighbours(int index) const;
    // Where the canvas draws an edge's label (empty: none, or no free spot) and its text.
    QRectF edgeLabelRect(int edge) const;
    QString edgeLabelText(int edge) const;
    bool isEdgeStubbed(int edge) const; // drawn as a stub into its consumer (a far variable read)

private:
    std::shared_ptr<const GraphSnapshot> m_snapshot;
    GraphCanvas* m_canvas = nullptr;
};

} // namespace graphlens::views

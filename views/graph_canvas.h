#pragma once
// One QGraphicsItem that paints a whole GraphSnapshot: every visible box (op, collapsed group,
// expanded frame, port) and every edge, straight from the snapshot's arrays. Building it is a few
// loops over rectangles, so a 14,000-item picture appears without stalling the GUI thread; each
// paint draws only what intersects the exposed rectangle, and drops detail with the zoom: below
// ~55% no node names, below ~30% plain rectangles and hairline edges, edge labels from ~90% up.
#include <memory>
#include <vector>

#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

#include "views/graph_snapshot.h"

namespace graphlens::views {

enum class Highlight : uint8_t { None, Neighbour, Selected };

class GraphCanvas : public QGraphicsItem {
public:
    explicit GraphCanvas(std::shared_ptr<const GraphSnapshot> snapshot);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // The deepest item containing `scenePos`, -1 for none.
    int itemAt(const QPointF& scenePos, bool* onToggle = nullptr) const;
    QRectF itemRect(int index) const;
    // The +/− button of an item in scene coordinates; empty when it cannot expand.
    QRectF toggleRect(int index) const;
    std::vector<int> neighbours(int index) const;
    void select(int index);
    int selected() const { return m_selected; }
    // Where an edge's label is drawn; empty when it has none or no free spot (then it shows only
    // while the edge is highlighted).
    QRectF edgeLabelRect(int edge) const;
    QString edgeLabelText(int edge) const;
    // A long edge out of a variable (its handle read far below) is drawn as a short stub into its
    // consumer, whole only while highlighted: otherwise such edges cross the whole graph.
    bool isEdgeStubbed(int edge) const;

private:
    bool m_drawControls = true; // false while an export paints the scene
    struct Texts {
        bool ready = false;
        QString title;
        QString label;
        QString detail;
    };
    struct EdgeShape {
        bool ready = false;
        QPainterPath path;
        QPolygonF coarse; // segment end points only, for low zoom
        QPolygonF arrow;
        QPointF middle;
        QLineF stub; // the last stretch into the consumer
    };
    struct EdgeLabel {
        QString text;
        QRectF rect; // empty: no free spot
    };
    const Texts& texts(int index) const;
    const EdgeShape& edgeShape(int index) const;
    void paintBox(QPainter* painter, int index, qreal lod) const;
    void paintLeaf(QPainter* painter, int index, qreal lod) const;
    void paintCollapsedGroup(QPainter* painter, int index, qreal lod) const;
    void paintFrame(QPainter* painter, int index, qreal lod) const;
    void paintPort(QPainter* painter, int index, qreal lod) const;
    void paintToggle(QPainter* painter, int index, bool expanded) const;
    void paintHalo(QPainter* painter, const QRectF& rect, qreal radius) const;
    void paintEdge(QPainter* painter, int index, qreal lod) const;
    void placeEdgeLabels() const;

    std::shared_ptr<const GraphSnapshot> m_snapshot;
    QRectF m_bounds;
    std::vector<QRectF> m_rects;      // per item, scene coordinates
    std::vector<QRectF> m_edgeBounds; // per edge, from its control points
    std::vector<int> m_frames;        // expanded items, parents before children
    std::vector<int> m_leaves;        // everything else
    std::vector<std::vector<int>> m_edgesOf;
    std::vector<Highlight> m_highlight;
    std::vector<bool> m_edgeHighlighted;
    int m_selected = -1;
    mutable std::vector<Texts> m_texts;
    mutable std::vector<EdgeShape> m_edgeShapes;
    mutable std::vector<EdgeLabel> m_edgeLabels; // filled on first use, all at once
};

} // namespace graphlens::views

#pragma once
// The QGraphicsItems of the graph view: one BoxItem per visible ViewItem (op, collapsed group,
// expanded frame, port) and one EdgeItem per ViewEdge. They paint straight from the snapshot
// (kept alive by the scene) and drop detail as the zoom goes down: below ~55% no node names,
// below ~30% no text at all and plain rectangles, edge labels only from ~90% up.
#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

#include "core/layout/scene_layout.h"
#include "core/layout/view_graph.h"

namespace graphlens::views {

enum class Highlight : uint8_t { None, Neighbour, Selected };

class BoxItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    BoxItem(const layout::ViewItem& item, int index, const layout::Rect& rect);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    int index() const { return m_index; }
    const layout::ViewItem& item() const { return m_item; }
    // The +/− button in item coordinates; empty when the item cannot expand.
    QRectF toggleRect() const;
    void setHighlight(Highlight highlight);

private:
    void paintLeaf(QPainter* painter, qreal lod) const;
    void paintCollapsedGroup(QPainter* painter, qreal lod) const;
    void paintFrame(QPainter* painter, qreal lod) const;
    void paintPort(QPainter* painter, qreal lod) const;
    void paintToggle(QPainter* painter, bool expanded) const;
    void paintHalo(QPainter* painter, qreal radius) const;

    const layout::ViewItem& m_item;
    int m_index;
    QRectF m_rect;
    QString m_title;   // elided to fit
    QString m_label;
    QString m_detail;
    Highlight m_highlight = Highlight::None;
};

class EdgeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    EdgeItem(const layout::ViewEdge& edge, int index, const std::vector<layout::Point>& path);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override { return {}; }  // edges are not picked by clicks
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    int index() const { return m_index; }
    void setHighlighted(bool highlighted);

private:
    const layout::ViewEdge& m_edge;
    int m_index;
    QPainterPath m_path;
    QPolygonF m_arrow;
    QString m_label;
    QRectF m_labelRect;
    QRectF m_bounds;
    bool m_highlighted = false;
};

} // namespace graphlens::views

#pragma once
// Overview of the whole scene in a corner of the graph view, with the visible part framed.
// Click or drag to move the view there.
#include <QImage>
#include <QPointer>
#include <QWidget>

class QGraphicsView;

namespace graphlens::views {

class Minimap : public QWidget {
    Q_OBJECT
public:
    explicit Minimap(QGraphicsView* view, QWidget* parent = nullptr);

    // The scene was rebuilt: show this picture of it (drawn off the GUI thread with the layout).
    // `covers` is the scene rectangle the picture shows.
    void setOverview(const QImage& overview, const QRectF& covers);
    void viewportMoved(); // the view scrolled or zoomed: redraw the frame
    // Shown when wanted (View ▸ Minimap) and only while part of the graph is off screen: over a
    // graph that fits the view it would cover nodes and offer nothing to navigate to (#21).
    void setWanted(bool wanted);
    bool isWanted() const { return m_wanted; }
    void placeInCorner(); // bottom-right of the view's viewport

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QRectF overviewRect() const; // where the scene is drawn inside the widget
    void centreViewAt(const QPointF& widgetPos);
    void updateVisibility();

    QPointer<QGraphicsView> m_view;
    QImage m_overview;
    QRectF m_covers;
    bool m_wanted = true;
};

} // namespace graphlens::views

#include "views/minimap.h"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>

namespace graphlens::views {

namespace {
constexpr int kMaxSide = 200;
}

Minimap::Minimap(QGraphicsView* view, QWidget* parent)
    : QWidget(parent)
    , m_view(view) {
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    resize(kMaxSide, kMaxSide * 2 / 3);
}

void Minimap::setOverview(const QImage& overview, const QRectF& covers) {
    m_overview = overview;
    m_covers = covers;
    if (m_overview.isNull() || !m_view || !m_view->scene()) {
        hide();
        return;
    }
    // Keep the picture's aspect, within kMaxSide on the long side.
    QSize size = m_overview.size();
    size.scale(QSize(kMaxSide, kMaxSide), Qt::KeepAspectRatio);
    resize(QSize(std::max(size.width(), 64), std::max(size.height(), 40)) + QSize(8, 8));
    updateVisibility(); // placed in the corner when shown
    update();
}

void Minimap::viewportMoved() {
    updateVisibility();
    update();
}

void Minimap::setWanted(bool wanted) {
    m_wanted = wanted;
    updateVisibility();
}

void Minimap::updateVisibility() {
    bool show = m_wanted && !m_overview.isNull() && m_view && m_view->scene();
    if (show) {
        const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
        show = !visible.adjusted(-1, -1, 1, 1).contains(m_covers);
    }
    setVisible(show);
    if (show) placeInCorner();
}

void Minimap::placeInCorner() {
    if (!m_view) return;
    // A child of the view, not of its viewport: scrolling the viewport would move it along.
    const QRect area = m_view->viewport()->geometry();
    move(area.right() - width() - 12, area.bottom() - height() - 12);
    raise();
}

QRectF Minimap::overviewRect() const {
    if (!m_view || !m_view->scene()) return {};
    const QRectF scene = m_view->scene()->sceneRect();
    const QRectF area = QRectF(rect()).adjusted(4, 4, -4, -4);
    QSizeF fitted = scene.size();
    fitted.scale(area.size(), Qt::KeepAspectRatio);
    return { area.left() + (area.width() - fitted.width()) / 2, area.top() + (area.height() - fitted.height()) / 2,
             fitted.width(), fitted.height() };
}

void Minimap::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0x90, 0xa4, 0xae), 1));
    painter.setBrush(QColor(255, 255, 255, 230));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    if (!m_view || !m_view->scene() || m_overview.isNull()) return;
    const QRectF target = overviewRect();
    const QRectF scene = m_view->scene()->sceneRect();
    const qreal toWidget = target.width() / scene.width();
    painter.drawImage(QRectF(target.left() + (m_covers.left() - scene.left()) * toWidget,
                             target.top() + (m_covers.top() - scene.top()) * toWidget, m_covers.width() * toWidget,
                             m_covers.height() * toWidget),
                      m_overview);

    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect().intersected(scene);
    const qreal scale = target.width() / scene.width();
    const QRectF frame((visible.left() - scene.left()) * scale + target.left(),
                       (visible.top() - scene.top()) * scale + target.top(), visible.width() * scale,
                       visible.height() * scale);
    painter.setPen(QPen(QColor(0x1e, 0x6f, 0xd9), 1.5));
    painter.setBrush(QColor(0x1e, 0x6f, 0xd9, 40));
    painter.drawRect(frame);
}

void Minimap::centreViewAt(const QPointF& widgetPos) {
    if (!m_view || !m_view->scene()) return;
    const QRectF target = overviewRect();
    if (target.isEmpty()) return;
    const QRectF scene = m_view->scene()->sceneRect();
    const qreal scale = scene.width() / target.width();
    m_view->centerOn(scene.left() + (widgetPos.x() - target.left()) * scale,
                     scene.top() + (widgetPos.y() - target.top()) * scale);
    update();
}

void Minimap::mousePressEvent(QMouseEvent* event) {
    centreViewAt(event->position());
}

void Minimap::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) centreViewAt(event->position());
}

} // namespace graphlens::views

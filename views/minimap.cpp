#include "views/minimap.h"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>

namespace graphlens::views {

namespace {
constexpr int kMaxSide = 200;
}

Minimap::Minimap(QGraphicsView* view, QWidget* parent) : QWidget(parent), m_view(view) {
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    resize(kMaxSide, kMaxSide * 2 / 3);
}

void Minimap::sceneChanged() {
    if (!m_view || !m_view->scene()) return;
    const QRectF scene = m_view->scene()->sceneRect();
    if (scene.isEmpty()) {
        m_overview = QImage();
        hide();
        return;
    }
    // Keep the scene's aspect, within kMaxSide on the long side and 48 px on the short one.
    const qreal aspect = scene.width() / scene.height();
    QSize size = aspect >= 1 ? QSize(kMaxSide, std::max(48, int(kMaxSide / aspect)))
                             : QSize(std::max(64, int(kMaxSide * aspect)), kMaxSide);
    size = size.boundedTo(QSize(kMaxSide, kMaxSide));
    resize(size + QSize(8, 8));
    const qreal ratio = devicePixelRatioF();
    m_overview = QImage(size * ratio, QImage::Format_ARGB32_Premultiplied);
    m_overview.setDevicePixelRatio(ratio);
    m_overview.fill(Qt::transparent);
    QPainter painter(&m_overview);
    // At this scale every item paints its cheapest level of detail.
    m_view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), scene, Qt::KeepAspectRatio);
    painter.end();
    placeInCorner();
    update();
}

void Minimap::viewportMoved() { update(); }

void Minimap::placeInCorner() {
    if (!parentWidget()) return;
    move(parentWidget()->width() - width() - 12, parentWidget()->height() - height() - 12);
}

QRectF Minimap::overviewRect() const {
    if (!m_view || !m_view->scene()) return {};
    const QRectF scene = m_view->scene()->sceneRect();
    const QRectF area = QRectF(rect()).adjusted(4, 4, -4, -4);
    QSizeF fitted = scene.size();
    fitted.scale(area.size(), Qt::KeepAspectRatio);
    return {area.left() + (area.width() - fitted.width()) / 2, area.top() + (area.height() - fitted.height()) / 2,
            fitted.width(), fitted.height()};
}

void Minimap::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0x90, 0xa4, 0xae), 1));
    painter.setBrush(QColor(255, 255, 255, 230));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    if (!m_view || !m_view->scene() || m_overview.isNull()) return;
    const QRectF target = overviewRect();
    const QSizeF imageSize = QSizeF(m_overview.size()) / m_overview.devicePixelRatio();
    QSizeF drawn = imageSize;
    drawn.scale(target.size(), Qt::KeepAspectRatio);
    painter.drawImage(QRectF(target.topLeft(), drawn), m_overview);

    const QRectF scene = m_view->scene()->sceneRect();
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

void Minimap::mousePressEvent(QMouseEvent* event) { centreViewAt(event->position()); }

void Minimap::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) centreViewAt(event->position());
}

} // namespace graphlens::views

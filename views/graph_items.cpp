#include "views/graph_items.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

#include "views/graph_style.h"

namespace graphlens::views {
namespace {

constexpr qreal kToggleSize = 14;
constexpr qreal kLodNoText = 0.3;
constexpr qreal kLodNoNames = 0.55;
constexpr qreal kLodEdgeLabels = 0.9;

QString elide(const QString& text, const QFont& font, qreal width) {
    return QFontMetricsF(font).elidedText(text, Qt::ElideMiddle, width);
}

QString fromStd(const std::string& text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }

} // namespace

BoxItem::BoxItem(const layout::ViewItem& item, int index, const layout::Rect& rect)
    : m_item(item), m_index(index), m_rect(0, 0, rect.width, rect.height) {
    setPos(rect.x, rect.y);
    setZValue(item.expanded ? item.depth : 100 + item.depth);
    const auto& style = GraphStyle::instance();
    const qreal textWidth = m_rect.width() - 14;
    switch (item.kind) {
    case layout::ItemKind::Group:
    case layout::ItemKind::Series:
        if (item.expanded) {
            m_title = elide(fromStd(item.label), style.titleFont, textWidth - 110);
            m_detail = fromStd(item.title);
        } else {
            m_title = elide(fromStd(item.label), style.titleFont, textWidth - kToggleSize - 12);
            QString detail = fromStd(item.title);
            if (!item.summary.empty()) detail += QStringLiteral(" \u00b7 ") + fromStd(item.summary);
            m_detail = elide(detail, style.smallFont, textWidth - 6);
        }
        break;
    case layout::ItemKind::Call:
        if (item.expanded) {
            m_title = elide(fromStd(item.label) + QStringLiteral("  \u2192  ") + fromStd(item.summary), style.titleFont,
                            textWidth - 150);
            m_detail = fromStd(item.title) + QStringLiteral(" \u00b7 %1 nodes").arg(item.nodeCount);
        } else {
            m_title = elide(fromStd(item.title), style.titleFont, textWidth - kToggleSize - 6);
            m_label = elide(fromStd(item.label), style.labelFont, textWidth - kToggleSize - 6);
        }
        break;
    case layout::ItemKind::Body:
        m_title = elide(fromStd(item.label) + QStringLiteral(": ") + fromStd(item.title), style.titleFont, textWidth - 80);
        m_detail = QStringLiteral("%1 nodes").arg(item.nodeCount);
        break;
    case layout::ItemKind::Port:
        m_label = elide(fromStd(item.label), style.labelFont, textWidth);
        break;
    case layout::ItemKind::Op:
        m_title = elide(fromStd(item.title), style.titleFont, textWidth);
        m_label = elide(fromStd(item.label), style.labelFont, textWidth);
        break;
    }
}

QRectF BoxItem::boundingRect() const { return m_rect.adjusted(-4, -4, 5, 5); }

QRectF BoxItem::toggleRect() const {
    if (!m_item.canExpand) return {};
    if (m_item.expanded) return {m_rect.right() - kToggleSize - 8, 8, kToggleSize, kToggleSize};
    if (m_item.kind == layout::ItemKind::Call)
        return {m_rect.right() - kToggleSize - 4, (m_rect.height() - kToggleSize) / 2, kToggleSize, kToggleSize};
    return {m_rect.right() - kToggleSize - 8, 7, kToggleSize, kToggleSize};
}

void BoxItem::setHighlight(Highlight highlight) {
    if (m_highlight == highlight) return;
    m_highlight = highlight;
    update();
}

void BoxItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (m_item.expanded) {
        paintFrame(painter, lod);
        return;
    }
    switch (m_item.kind) {
    case layout::ItemKind::Group:
    case layout::ItemKind::Series: paintCollapsedGroup(painter, lod); break;
    case layout::ItemKind::Port: paintPort(painter, lod); break;
    default: paintLeaf(painter, lod); break;
    }
}

void BoxItem::paintHalo(QPainter* painter, qreal radius) const {
    if (m_highlight != Highlight::Selected) return;
    const auto& style = GraphStyle::instance();
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.accentSoft);
    painter->drawRoundedRect(m_rect.adjusted(-4, -4, 4, 4), radius + 3, radius + 3);
}

void BoxItem::paintLeaf(QPainter* painter, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto colours = style.colours(m_item.category);
    if (lod < kLodNoText) {
        painter->fillRect(m_rect, m_highlight == Highlight::None ? colours.rim : style.accent);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    paintHalo(painter, 5);
    QPen rim(m_highlight == Highlight::None ? colours.rim : style.accent,
             m_highlight == Highlight::Selected ? 2.2 : (m_highlight == Highlight::Neighbour ? 1.8 : 1.0));
    painter->setPen(rim);
    painter->setBrush(colours.fill);
    painter->drawRoundedRect(m_rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    // Category stripe on the left edge.
    painter->setPen(Qt::NoPen);
    painter->setBrush(colours.rim);
    painter->drawRoundedRect(QRectF(m_rect.left() + 1.5, m_rect.top() + 4, 3, m_rect.height() - 8), 1.5, 1.5);

    const qreal right = m_item.kind == layout::ItemKind::Call ? kToggleSize + 6 : 0;
    const QRectF textArea = m_rect.adjusted(9, 3, -5 - right, -3);
    painter->setPen(style.text);
    painter->setFont(style.titleFont);
    if (lod < kLodNoNames) {
        painter->drawText(textArea, Qt::AlignVCenter | Qt::AlignLeft, m_title);
    } else {
        const qreal half = textArea.height() / 2;
        painter->drawText(QRectF(textArea.left(), textArea.top(), textArea.width(), half + 1),
                          Qt::AlignBottom | Qt::AlignLeft, m_title);
        painter->setFont(style.labelFont);
        painter->setPen(style.mutedText);
        painter->drawText(QRectF(textArea.left(), textArea.top() + half + 1, textArea.width(), half - 1),
                          Qt::AlignTop | Qt::AlignLeft, m_label);
    }
    if (m_item.kind == layout::ItemKind::Call) paintToggle(painter, false);
}

void BoxItem::paintCollapsedGroup(QPainter* painter, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto colours = style.colours(m_item.category);
    if (lod < kLodNoText) {
        painter->fillRect(m_rect, m_highlight == Highlight::None ? style.groupRim : style.accent);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    paintHalo(painter, 8);
    // A second card behind suggests a stack of nodes.
    painter->setPen(QPen(style.groupRim.lighter(115), 1.0));
    painter->setBrush(style.groupFill.darker(104));
    painter->drawRoundedRect(m_rect.adjusted(3.5, 3.5, 2.5, 2.5), 8, 8);
    QPen rim(m_highlight == Highlight::None ? style.groupRim : style.accent,
             m_highlight == Highlight::Selected ? 2.2 : (m_highlight == Highlight::Neighbour ? 1.8 : 1.2));
    painter->setPen(rim);
    painter->setBrush(style.groupFill);
    const QRectF card = m_rect.adjusted(0.5, 0.5, -2.5, -2.5);
    painter->drawRoundedRect(card, 8, 8);
    painter->setPen(Qt::NoPen);
    painter->setBrush(colours.rim);
    painter->drawRoundedRect(QRectF(card.left() + 2, card.top() + 6, 3.5, card.height() - 12), 1.5, 1.5);

    const QRectF textArea = card.adjusted(11, 5, -8, -5);
    painter->setPen(style.text);
    painter->setFont(style.titleFont);
    const qreal half = textArea.height() / 2;
    painter->drawText(QRectF(textArea.left(), textArea.top(), textArea.width() - kToggleSize, half + 2),
                      Qt::AlignVCenter | Qt::AlignLeft, m_title);
    if (lod >= kLodNoNames) {
        painter->setFont(style.smallFont);
        painter->setPen(style.mutedText);
        painter->drawText(QRectF(textArea.left(), textArea.top() + half + 1, textArea.width(), half - 1),
                          Qt::AlignVCenter | Qt::AlignLeft, m_detail);
    }
    paintToggle(painter, false);
}

void BoxItem::paintFrame(QPainter* painter, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const bool call = m_item.kind == layout::ItemKind::Call || m_item.kind == layout::ItemKind::Body;
    painter->setRenderHint(QPainter::Antialiasing, lod >= kLodNoText);
    QColor fill = style.frameFill;
    if (call) fill = QColor(0xf1, 0xf8, 0xf1);
    fill = fill.darker(100 + 2 * (m_item.depth % 4));
    QPen rim(call ? style.callFrameRim : style.frameRim, m_highlight == Highlight::Selected ? 2.2 : 1.2);
    if (m_highlight != Highlight::None) rim.setColor(style.accent);
    if (m_item.kind == layout::ItemKind::Body) rim.setStyle(Qt::DashLine);
    painter->setPen(rim);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect.adjusted(0.5, 0.5, -0.5, -0.5), 10, 10);
    if (lod < kLodNoText) return;
    // Header strip.
    const QRectF header(m_rect.left() + 10, m_rect.top() + 4, m_rect.width() - 20, 22);
    painter->setFont(style.titleFont);
    painter->setPen(call ? style.callFrameRim.darker(130) : style.text);
    painter->drawText(header, Qt::AlignVCenter | Qt::AlignLeft, m_title);
    painter->setFont(style.smallFont);
    painter->setPen(style.mutedText);
    const qreal toggleSpace = m_item.canExpand ? kToggleSize + 8 : 0;
    painter->drawText(header.adjusted(0, 0, -toggleSpace, 0), Qt::AlignVCenter | Qt::AlignRight, m_detail);
    if (m_item.canExpand) paintToggle(painter, true);
}

void BoxItem::paintPort(QPainter* painter, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto colours = style.colours(layout::OpCategory::InputOutput);
    if (lod < kLodNoText) {
        painter->fillRect(m_rect, colours.rim);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    paintHalo(painter, m_rect.height() / 2);
    painter->setPen(QPen(m_highlight == Highlight::None ? colours.rim : style.accent,
                         m_highlight == Highlight::None ? 1.0 : 2.0));
    painter->setBrush(colours.fill);
    const qreal radius = m_rect.height() / 2;
    painter->drawRoundedRect(m_rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    painter->setFont(style.labelFont);
    painter->setPen(style.text);
    painter->drawText(m_rect, Qt::AlignCenter, m_label);
}

void BoxItem::paintToggle(QPainter* painter, bool expanded) const {
    const QRectF box = toggleRect();
    if (box.isEmpty()) return;
    const auto& style = GraphStyle::instance();
    painter->setPen(QPen(style.groupRim, 1.0));
    painter->setBrush(Qt::white);
    painter->drawEllipse(box);
    painter->setPen(QPen(style.text, 1.4, Qt::SolidLine, Qt::RoundCap));
    const QPointF c = box.center();
    painter->drawLine(QPointF(c.x() - 3.5, c.y()), QPointF(c.x() + 3.5, c.y()));
    if (!expanded) painter->drawLine(QPointF(c.x(), c.y() - 3.5), QPointF(c.x(), c.y() + 3.5));
}

EdgeItem::EdgeItem(const layout::ViewEdge& edge, int index, const std::vector<layout::Point>& path)
    : m_edge(edge), m_index(index) {
    setZValue(50);
    if (path.empty()) return;
    m_path.moveTo(path[0].x, path[0].y);
    size_t i = 1;
    for (; i + 2 < path.size(); i += 3)
        m_path.cubicTo(path[i].x, path[i].y, path[i + 1].x, path[i + 1].y, path[i + 2].x, path[i + 2].y);
    for (; i < path.size(); ++i) m_path.lineTo(path[i].x, path[i].y);

    // Arrowhead along the direction of the last segment.
    const QPointF tip(path.back().x, path.back().y);
    QPointF before = tip;
    for (size_t k = path.size() - 1; k-- > 0;) {
        before = QPointF(path[k].x, path[k].y);
        if (QLineF(before, tip).length() > 0.5) break;
    }
    QLineF direction(tip, before);
    if (direction.length() > 0.01) {
        direction.setLength(7.5);
        QLineF left = direction;
        left.setAngle(direction.angle() + 24);
        QLineF right = direction;
        right.setAngle(direction.angle() - 24);
        m_arrow << tip << left.p2() << right.p2();
    }
    m_label = QString::fromStdString(edge.label);
    m_bounds = m_path.boundingRect() | m_arrow.boundingRect();
    if (!m_label.isEmpty()) {
        const QFontMetricsF metrics(GraphStyle::instance().smallFont);
        const QPointF middle = m_path.pointAtPercent(0.5);
        const qreal width = metrics.horizontalAdvance(m_label) + 6;
        m_labelRect = QRectF(middle.x() + 4, middle.y() - metrics.height() / 2 - 1, width, metrics.height() + 2);
        m_bounds |= m_labelRect;
    }
    m_bounds.adjust(-3, -3, 3, 3);
}

void EdgeItem::setHighlighted(bool highlighted) {
    if (m_highlighted == highlighted) return;
    m_highlighted = highlighted;
    setZValue(highlighted ? 60 : 50);
    update();
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (m_path.isEmpty()) return;
    const auto& style = GraphStyle::instance();
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QColor colour = m_edge.control ? style.controlEdge : style.edge;
    qreal width = m_edge.control ? 1.0 : std::min(1.2 + 0.6 * std::log2(static_cast<double>(m_edge.count)), 4.0);
    if (m_highlighted) {
        colour = style.accent;
        width += 1.0;
    }
    QPen pen(colour, width, m_edge.control ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    if (lod < kLodNoText) {
        pen.setCosmetic(true);
        pen.setWidthF(1.0);
        painter->setPen(pen);
        painter->drawPath(m_path);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    if (!m_arrow.isEmpty()) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour);
        painter->drawPolygon(m_arrow);
    }
    if (lod >= kLodEdgeLabels && !m_label.isEmpty()) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 215));
        painter->drawRoundedRect(m_labelRect, 3, 3);
        painter->setFont(style.smallFont);
        painter->setPen(m_highlighted ? style.accent : style.mutedText);
        painter->drawText(m_labelRect, Qt::AlignCenter, m_label);
    }
}

} // namespace graphlens::views

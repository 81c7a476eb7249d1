#include "views/graph_canvas.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "views/graph_style.h"

namespace graphlens::views {
namespace {

using layout::ItemKind;

constexpr qreal kToggleSize = 14;
constexpr qreal kLodNoText = 0.3;
constexpr qreal kLodNoNames = 0.55;
constexpr qreal kLodEdgeLabels = 0.9;
constexpr qreal kLodCountLabels = 1.6;
constexpr qreal kStubLength = 26;

struct Metrics {
    QFontMetricsF title;
    QFontMetricsF label;
    QFontMetricsF small;
};

const Metrics& metrics() {
    const auto& style = GraphStyle::instance();
    static const Metrics m{ QFontMetricsF(style.titleFont), QFontMetricsF(style.labelFont),
                            QFontMetricsF(style.smallFont) };
    return m;
}

QString fromStd(const std::string& text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QRectF toQt(const layout::Rect& rect) {
    return { rect.x, rect.y, rect.width, rect.height };
}

bool crossesFrames(const layout::ViewEdge& edge) {
    return edge.from != edge.fromAnchor || edge.to != edge.toAnchor;
}

} // namespace

GraphCanvas::GraphCanvas(std::shared_ptr<const GraphSnapshot> snapshot)
    : m_snapshot(std::move(snapshot)) {
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); // exposedRect: paint only what is needed
    const auto& view = m_snapshot->view;
    const auto& geometry = m_snapshot->geometry;
    const size_t count = view.items.size();
    m_rects.reserve(count);
    for (const auto& rect : geometry.items) m_rects.push_back(toQt(rect));
    for (size_t i = 0; i < count; ++i) (view.items[i].expanded ? m_frames : m_leaves).push_back(static_cast<int>(i));
    std::stable_sort(m_frames.begin(), m_frames.end(), [&](int a, int b) {
        return view.items[static_cast<size_t>(a)].depth < view.items[static_cast<size_t>(b)].depth;
    });
    m_edgesOf.resize(count);
    m_edgeBounds.reserve(view.edges.size());
    QRectF bounds(0, 0, geometry.width, geometry.height);
    for (size_t e = 0; e < view.edges.size(); ++e) {
        const auto& points = geometry.edges[e];
        QRectF box;
        if (!points.empty()) {
            double left = points[0].x, right = points[0].x, top = points[0].y, bottom = points[0].y;
            for (const auto& p : points) {
                left = std::min(left, p.x);
                right = std::max(right, p.x);
                top = std::min(top, p.y);
                bottom = std::max(bottom, p.y);
            }
            // Room for the arrowhead and a label beside the middle of the edge.
            box = QRectF(left, top, right - left, bottom - top).adjusted(-8, -8, 8 + 160, 8);
        }
        m_edgeBounds.push_back(box);
        bounds |= box;
        m_edgesOf[static_cast<size_t>(view.edges[e].from)].push_back(static_cast<int>(e));
        m_edgesOf[static_cast<size_t>(view.edges[e].to)].push_back(static_cast<int>(e));
    }
    m_bounds = bounds.adjusted(-8, -8, 8, 8);
    m_highlight.assign(count, Highlight::None);
    m_edgeHighlighted.assign(view.edges.size(), false);
    m_texts.resize(count);
    m_edgeShapes.resize(view.edges.size());
}

QRectF GraphCanvas::itemRect(int index) const {
    if (index < 0 || static_cast<size_t>(index) >= m_rects.size()) return {};
    return m_rects[static_cast<size_t>(index)];
}

QRectF GraphCanvas::toggleRect(int index) const {
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    if (!item.canExpand) return {};
    const QRectF r = m_rects[static_cast<size_t>(index)];
    if (item.expanded) return { r.right() - kToggleSize - 8, r.top() + 8, kToggleSize, kToggleSize };
    if (item.kind == ItemKind::Call)
        return { r.right() - kToggleSize - 4, r.center().y() - kToggleSize / 2, kToggleSize, kToggleSize };
    return { r.right() - kToggleSize - 8, r.top() + 7, kToggleSize, kToggleSize };
}

int GraphCanvas::itemAt(const QPointF& scenePos, bool* onToggle) const {
    if (onToggle) *onToggle = false;
    const auto& items = m_snapshot->view.items;
    int best = -1;
    for (size_t i = 0; i < m_rects.size(); ++i) {
        if (!m_rects[i].contains(scenePos)) continue;
        // Leaves sit on top of frames; among frames the deepest wins.
        const bool better = best < 0 || (!items[i].expanded && items[static_cast<size_t>(best)].expanded) ||
            (items[i].expanded == items[static_cast<size_t>(best)].expanded &&
             items[i].depth > items[static_cast<size_t>(best)].depth);
        if (better) best = static_cast<int>(i);
    }
    if (best >= 0 && onToggle) *onToggle = toggleRect(best).adjusted(-3, -3, 3, 3).contains(scenePos);
    return best;
}

std::vector<int> GraphCanvas::neighbours(int index) const {
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

void GraphCanvas::select(int index) {
    if (index >= static_cast<int>(m_rects.size())) index = -1;
    std::fill(m_highlight.begin(), m_highlight.end(), Highlight::None);
    std::fill(m_edgeHighlighted.begin(), m_edgeHighlighted.end(), false);
    m_selected = index;
    if (index >= 0) {
        for (int n : neighbours(index)) m_highlight[static_cast<size_t>(n)] = Highlight::Neighbour;
        for (int e : m_edgesOf[static_cast<size_t>(index)]) m_edgeHighlighted[static_cast<size_t>(e)] = true;
        m_highlight[static_cast<size_t>(index)] = Highlight::Selected;
    }
    update();
}

const GraphCanvas::Texts& GraphCanvas::texts(int index) const {
    Texts& t = m_texts[static_cast<size_t>(index)];
    if (t.ready) return t;
    t.ready = true;
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    const auto& m = metrics();
    const qreal width = m_rects[static_cast<size_t>(index)].width() - 14;
    auto elide = [](const QFontMetricsF& fm, const QString& text, qreal w, Qt::TextElideMode mode = Qt::ElideMiddle) {
        return fm.elidedText(text, mode, std::max<qreal>(w, 10));
    };
    switch (item.kind) {
    case ItemKind::Group:
    case ItemKind::Series:
        if (item.expanded) {
            t.detail = itemCountText(item);
            t.title =
                elide(m.title, fromStd(item.label), width - m.small.horizontalAdvance(t.detail) - kToggleSize - 24);
        } else {
            t.title = elide(m.title, fromStd(item.label), width - kToggleSize - 12);
            QString detail = itemCountText(item);
            if (!item.summary.empty()) detail += QStringLiteral(" \u00b7 ") + fromStd(item.summary);
            t.detail = elide(m.small, detail, width - 6, Qt::ElideRight);
        }
        break;
    case ItemKind::Call:
        if (item.expanded) {
            t.detail = fromStd(item.title) + QStringLiteral(" \u00b7 ") + nodeCountText(item.nodeCount);
            t.title = elide(m.title, fromStd(item.label) + QStringLiteral("  \u2192  ") + fromStd(item.summary),
                            width - m.small.horizontalAdvance(t.detail) - kToggleSize - 24);
        } else {
            t.title = elide(m.title, fromStd(item.title), width - kToggleSize - 6);
            t.label = elide(m.label, fromStd(item.label), width - kToggleSize - 6);
        }
        break;
    case ItemKind::Body:
        t.detail = nodeCountText(item.nodeCount);
        t.title = elide(m.title, fromStd(item.label) + QStringLiteral(": ") + fromStd(item.title),
                        width - m.small.horizontalAdvance(t.detail) - 24);
        break;
    case ItemKind::Port:
        t.label = elide(m.label, fromStd(item.label), width);
        break;
    case ItemKind::Op:
        t.title = elide(m.title, fromStd(item.title), width);
        t.label = elide(m.label, fromStd(item.label), width);
        break;
    }
    return t;
}

const GraphCanvas::EdgeShape& GraphCanvas::edgeShape(int index) const {
    EdgeShape& shape = m_edgeShapes[static_cast<size_t>(index)];
    if (shape.ready) return shape;
    shape.ready = true;
    const auto& points = m_snapshot->geometry.edges[static_cast<size_t>(index)];
    if (points.empty()) return shape;
    shape.path.moveTo(points[0].x, points[0].y);
    shape.coarse << QPointF(points[0].x, points[0].y);
    size_t i = 1;
    for (; i + 2 < points.size(); i += 3) {
        shape.path.cubicTo(points[i].x, points[i].y, points[i + 1].x, points[i + 1].y, points[i + 2].x,
                           points[i + 2].y);
        shape.coarse << QPointF(points[i + 2].x, points[i + 2].y);
    }
    for (; i < points.size(); ++i) {
        shape.path.lineTo(points[i].x, points[i].y);
        shape.coarse << QPointF(points[i].x, points[i].y);
    }
    // The middle of the middle Bézier segment (de Casteljau at t = 0.5), for the label.
    const size_t segments = (points.size() - 1) / 3;
    if (segments > 0) {
        const size_t s0 = (segments / 2) * 3;
        const auto& p0 = points[s0];
        const auto& p1 = points[s0 + 1];
        const auto& p2 = points[s0 + 2];
        const auto& p3 = points[s0 + 3];
        shape.middle = QPointF((p0.x + 3 * p1.x + 3 * p2.x + p3.x) / 8, (p0.y + 3 * p1.y + 3 * p2.y + p3.y) / 8);
    } else {
        shape.middle = QPointF((points.front().x + points.back().x) / 2, (points.front().y + points.back().y) / 2);
    }
    const QPointF tip(points.back().x, points.back().y);
    QPointF before = tip;
    for (size_t k = points.size() - 1; k-- > 0;) {
        before = QPointF(points[k].x, points[k].y);
        if (QLineF(before, tip).length() > 0.5) break;
    }
    QLineF direction(tip, before);
    if (direction.length() > 0.01) {
        QLineF back = direction;
        back.setLength(kStubLength);
        shape.stub = QLineF(back.p2(), tip);
        direction.setLength(7.5);
        QLineF left = direction;
        left.setAngle(direction.angle() + 24);
        QLineF right = direction;
        right.setAngle(direction.angle() - 24);
        shape.arrow << tip << left.p2() << right.p2();
    }
    return shape;
}

namespace {

// The point at `fraction` of an edge's control points: along its cubic Bézier segments, or its
// straight line when it has none.
template<typename Points> QPointF pointAlong(const Points& points, double fraction) {
    const size_t segments = (points.size() - 1) / 3;
    if (segments == 0)
        return { points.front().x + (points.back().x - points.front().x) * fraction,
                 points.front().y + (points.back().y - points.front().y) * fraction };
    const double at = std::clamp(fraction, 0.0, 1.0) * static_cast<double>(segments);
    const size_t segment = std::min(static_cast<size_t>(at), segments - 1);
    const double t = at - static_cast<double>(segment), u = 1 - t;
    const auto& p0 = points[segment * 3];
    const auto& p1 = points[segment * 3 + 1];
    const auto& p2 = points[segment * 3 + 2];
    const auto& p3 = points[segment * 3 + 3];
    const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    return { a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

// Rectangles bucketed by a coarse grid, for "does this overlap anything placed?" in about O(1).
class RectGrid {
public:
    bool overlaps(const QRectF& rect) const {
        bool hit = false;
        visit(rect, [&](const std::vector<QRectF>& cell) {
            for (const QRectF& other : cell)
                if (other.intersects(rect)) hit = true;
        });
        return hit;
    }
    void add(const QRectF& rect) {
        const int x0 = cell(rect.left()), x1 = cell(rect.right()), y0 = cell(rect.top()), y1 = cell(rect.bottom());
        for (int x = x0; x <= x1; ++x)
            for (int y = y0; y <= y1; ++y) m_cells[key(x, y)].push_back(rect);
    }

private:
    static constexpr double kCell = 96;
    static int cell(double v) { return static_cast<int>(std::floor(v / kCell)); }
    static uint64_t key(int x, int y) { return (uint64_t(uint32_t(x)) << 32) | uint32_t(y); }
    template<typename F> void visit(const QRectF& rect, F&& f) const {
        const int x0 = cell(rect.left()), x1 = cell(rect.right()), y0 = cell(rect.top()), y1 = cell(rect.bottom());
        for (int x = x0; x <= x1; ++x)
            for (int y = y0; y <= y1; ++y)
                if (const auto found = m_cells.find(key(x, y)); found != m_cells.end()) f(found->second);
    }
    std::unordered_map<uint64_t, std::vector<QRectF>> m_cells;
};

} // namespace

// Every label placed at once, so that none covers another or a box: each takes the first free
// spot along its edge (the middle, then outwards on either side), or none.
void GraphCanvas::placeEdgeLabels() const {
    const auto& view = m_snapshot->view;
    if (m_edgeLabels.size() == view.edges.size()) return;
    m_edgeLabels.assign(view.edges.size(), {});
    const auto& m = metrics().small;
    RectGrid placed;
    for (size_t i = 0; i < m_rects.size(); ++i)
        if (!view.items[i].expanded) placed.add(m_rects[i]);
    static constexpr double kSpots[] = { 0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8 };
    for (size_t e = 0; e < view.edges.size(); ++e) {
        const auto& edge = view.edges[e];
        const auto& points = m_snapshot->geometry.edges[e];
        if (edge.label.empty() || points.empty() || m_snapshot->isStubbed(e)) continue;
        EdgeLabel& label = m_edgeLabels[e];
        label.text = edge.count > 1 ? QCoreApplication::translate("GraphStyle", "%n tensors", nullptr, int(edge.count))
                                    : fromStd(edge.label);
        const QSizeF size(m.horizontalAdvance(label.text) + 6, m.height() + 2);
        for (const double spot : kSpots) {
            const QPointF at = pointAlong(points, spot);
            const QRectF rect(QPointF(at.x() + 4, at.y() - size.height() / 2), size);
            if (placed.overlaps(rect.adjusted(-1, -1, 1, 1))) continue;
            label.rect = rect;
            placed.add(rect);
            break;
        }
    }
}

bool GraphCanvas::isEdgeStubbed(int edge) const {
    return edge >= 0 && m_snapshot->isStubbed(static_cast<size_t>(edge));
}

QRectF GraphCanvas::edgeLabelRect(int edge) const {
    if (edge < 0 || static_cast<size_t>(edge) >= m_snapshot->view.edges.size()) return {};
    placeEdgeLabels();
    return m_edgeLabels[static_cast<size_t>(edge)].rect;
}

QString GraphCanvas::edgeLabelText(int edge) const {
    if (edge < 0 || static_cast<size_t>(edge) >= m_snapshot->view.edges.size()) return {};
    placeEdgeLabels();
    return m_edgeLabels[static_cast<size_t>(edge)].text;
}

void GraphCanvas::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
    // QGraphicsScene::render (exports) paints with no widget: pictures leave the +/- buttons out.
    m_drawControls = widget != nullptr;
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF exposed = option->exposedRect.isEmpty() ? m_bounds : option->exposedRect;
    const auto& geometry = m_snapshot->geometry;
    const double onScreen = lod * std::max(geometry.width, geometry.height);
    const QImage* overview = nullptr; // the smallest picture at least as big as the graph on screen
    for (const QImage& level : m_snapshot->overviews)
        if (std::max(level.width(), level.height()) >= onScreen) overview = &level;
    if (lod < kLodNoText && overview) {
        // Zoomed out far enough: one image instead of thousands of tiny rectangles.
        painter->setRenderHint(QPainter::SmoothPixmapTransform, true);
        painter->drawImage(QRectF(0, 0, geometry.width, geometry.height), *overview);
        const auto& style = GraphStyle::instance();
        for (size_t e = 0; e < m_edgeHighlighted.size(); ++e)
            if (m_edgeHighlighted[e]) paintEdge(painter, static_cast<int>(e), lod);
        for (size_t i = 0; i < m_highlight.size(); ++i)
            if (m_highlight[i] != Highlight::None) painter->fillRect(m_rects[i], style.accent);
        return;
    }
    for (int index : m_frames)
        if (m_rects[static_cast<size_t>(index)].adjusted(-4, -4, 4, 4).intersects(exposed))
            paintBox(painter, index, lod);
    // Highlighted edges last, over the others.
    for (int pass = 0; pass < 2; ++pass)
        for (size_t e = 0; e < m_edgeBounds.size(); ++e)
            if (m_edgeHighlighted[e] == (pass == 1) && m_edgeBounds[e].intersects(exposed))
                paintEdge(painter, static_cast<int>(e), lod);
    for (int index : m_leaves)
        if (m_rects[static_cast<size_t>(index)].adjusted(-4, -4, 6, 6).intersects(exposed))
            paintBox(painter, index, lod);
}

void GraphCanvas::paintBox(QPainter* painter, int index, qreal lod) const {
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    if (item.expanded) {
        paintFrame(painter, index, lod);
        return;
    }
    switch (item.kind) {
    case ItemKind::Group:
    case ItemKind::Series:
        paintCollapsedGroup(painter, index, lod);
        break;
    case ItemKind::Port:
        paintPort(painter, index, lod);
        break;
    default:
        paintLeaf(painter, index, lod);
        break;
    }
}

void GraphCanvas::paintHalo(QPainter* painter, const QRectF& rect, qreal radius) const {
    const auto& style = GraphStyle::instance();
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.accentSoft);
    painter->drawRoundedRect(rect.adjusted(-4, -4, 4, 4), radius + 3, radius + 3);
}

void GraphCanvas::paintLeaf(QPainter* painter, int index, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    const QRectF rect = m_rects[static_cast<size_t>(index)];
    const Highlight highlight = m_highlight[static_cast<size_t>(index)];
    const auto colours = style.colours(item.category);
    if (lod < kLodNoText) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(rect, highlight == Highlight::None ? colours.rim : style.accent);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    if (highlight == Highlight::Selected) paintHalo(painter, rect, 5);
    painter->setPen(QPen(highlight == Highlight::None ? colours.rim : style.accent,
                         highlight == Highlight::Selected ? 2.2 : (highlight == Highlight::Neighbour ? 1.8 : 1.0)));
    painter->setBrush(colours.fill);
    painter->drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    painter->setPen(Qt::NoPen);
    painter->setBrush(colours.rim);
    painter->drawRoundedRect(QRectF(rect.left() + 1.5, rect.top() + 4, 3, rect.height() - 8), 1.5, 1.5);

    const Texts& t = texts(index);
    const qreal right = item.kind == ItemKind::Call ? kToggleSize + 6 : 0;
    const QRectF area = rect.adjusted(9, 3, -5 - right, -3);
    painter->setPen(style.text);
    painter->setFont(style.titleFont);
    if (lod < kLodNoNames || t.label.isEmpty() || t.label == t.title) {
        painter->drawText(area, Qt::AlignVCenter | Qt::AlignLeft, t.title);
    } else {
        const qreal half = area.height() / 2;
        painter->drawText(QRectF(area.left(), area.top(), area.width(), half + 1), Qt::AlignBottom | Qt::AlignLeft,
                          t.title);
        painter->setFont(style.labelFont);
        painter->setPen(style.mutedText);
        painter->drawText(QRectF(area.left(), area.top() + half + 1, area.width(), half - 1),
                          Qt::AlignTop | Qt::AlignLeft, t.label);
    }
    if (item.kind == ItemKind::Call) paintToggle(painter, index, false);
}

void GraphCanvas::paintCollapsedGroup(QPainter* painter, int index, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    const QRectF rect = m_rects[static_cast<size_t>(index)];
    const Highlight highlight = m_highlight[static_cast<size_t>(index)];
    if (lod < kLodNoText) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(rect, highlight == Highlight::None ? style.groupRim : style.accent);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    if (highlight == Highlight::Selected) paintHalo(painter, rect, 8);
    // A second card behind suggests a stack of nodes.
    painter->setPen(QPen(style.groupRim.lighter(115), 1.0));
    painter->setBrush(style.groupFill.darker(104));
    painter->drawRoundedRect(rect.adjusted(3.5, 3.5, 2.5, 2.5), 8, 8);
    painter->setPen(QPen(highlight == Highlight::None ? style.groupRim : style.accent,
                         highlight == Highlight::Selected ? 2.2 : (highlight == Highlight::Neighbour ? 1.8 : 1.2)));
    painter->setBrush(style.groupFill);
    const QRectF card = rect.adjusted(0.5, 0.5, -2.5, -2.5);
    painter->drawRoundedRect(card, 8, 8);
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.colours(item.category).rim);
    painter->drawRoundedRect(QRectF(card.left() + 2, card.top() + 6, 3.5, card.height() - 12), 1.5, 1.5);

    const Texts& t = texts(index);
    const QRectF area = card.adjusted(11, 5, -8, -5);
    const qreal half = area.height() / 2;
    painter->setPen(style.text);
    painter->setFont(style.titleFont);
    painter->drawText(QRectF(area.left(), area.top(), area.width() - kToggleSize, half + 2),
                      Qt::AlignVCenter | Qt::AlignLeft, t.title);
    if (lod >= kLodNoNames) {
        painter->setFont(style.smallFont);
        painter->setPen(style.mutedText);
        painter->drawText(QRectF(area.left(), area.top() + half + 1, area.width(), half - 1),
                          Qt::AlignVCenter | Qt::AlignLeft, t.detail);
    }
    paintToggle(painter, index, false);
}

void GraphCanvas::paintFrame(QPainter* painter, int index, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    const QRectF rect = m_rects[static_cast<size_t>(index)];
    const Highlight highlight = m_highlight[static_cast<size_t>(index)];
    const bool call = item.kind == ItemKind::Call || item.kind == ItemKind::Body;
    painter->setRenderHint(QPainter::Antialiasing, lod >= kLodNoText);
    QColor fill = call ? QColor(0xf1, 0xf8, 0xf1) : style.frameFill;
    fill = fill.darker(100 + 2 * (item.depth % 4));
    QPen rim(call ? style.callFrameRim : style.frameRim, highlight == Highlight::Selected ? 2.2 : 1.2);
    if (highlight != Highlight::None) rim.setColor(style.accent);
    if (item.kind == ItemKind::Body) rim.setStyle(Qt::DashLine);
    if (lod < kLodNoText) rim.setCosmetic(true);
    painter->setPen(rim);
    painter->setBrush(fill);
    if (lod < kLodNoText) {
        painter->drawRect(rect);
        return;
    }
    painter->drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 10, 10);
    const Texts& t = texts(index);
    const QRectF header(rect.left() + 10, rect.top() + 4, rect.width() - 20, 22);
    painter->setFont(style.titleFont);
    painter->setPen(call ? style.callFrameRim.darker(130) : style.text);
    painter->drawText(header, Qt::AlignVCenter | Qt::AlignLeft, t.title);
    painter->setFont(style.smallFont);
    painter->setPen(style.mutedText);
    const qreal toggleSpace = item.canExpand ? kToggleSize + 8 : 0;
    painter->drawText(header.adjusted(0, 0, -toggleSpace, 0), Qt::AlignVCenter | Qt::AlignRight, t.detail);
    if (item.canExpand) paintToggle(painter, index, true);
}

void GraphCanvas::paintPort(QPainter* painter, int index, qreal lod) const {
    const auto& style = GraphStyle::instance();
    const QRectF rect = m_rects[static_cast<size_t>(index)];
    const Highlight highlight = m_highlight[static_cast<size_t>(index)];
    const auto colours = style.colours(layout::OpCategory::InputOutput);
    if (lod < kLodNoText) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(rect, colours.rim);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    const qreal radius = rect.height() / 2;
    if (highlight == Highlight::Selected) paintHalo(painter, rect, radius);
    painter->setPen(
        QPen(highlight == Highlight::None ? colours.rim : style.accent, highlight == Highlight::None ? 1.0 : 2.0));
    painter->setBrush(colours.fill);
    painter->drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    painter->setFont(style.labelFont);
    painter->setPen(style.text);
    painter->drawText(rect, Qt::AlignCenter, texts(index).label);
}

void GraphCanvas::paintToggle(QPainter* painter, int index, bool expanded) const {
    const QRectF box = toggleRect(index);
    if (box.isEmpty() || !m_drawControls) return;
    const auto& style = GraphStyle::instance();
    painter->setPen(QPen(style.groupRim, 1.0));
    painter->setBrush(Qt::white);
    painter->drawEllipse(box);
    painter->setPen(QPen(style.text, 1.4, Qt::SolidLine, Qt::RoundCap));
    const QPointF c = box.center();
    painter->drawLine(QPointF(c.x() - 3.5, c.y()), QPointF(c.x() + 3.5, c.y()));
    if (!expanded) painter->drawLine(QPointF(c.x(), c.y() - 3.5), QPointF(c.x(), c.y() + 3.5));
}

void GraphCanvas::paintEdge(QPainter* painter, int index, qreal lod) const {
    const auto& edge = m_snapshot->view.edges[static_cast<size_t>(index)];
    const EdgeShape& shape = edgeShape(index);
    if (shape.path.isEmpty()) return;
    const auto& style = GraphStyle::instance();
    const bool highlighted = m_edgeHighlighted[static_cast<size_t>(index)];
    const bool crossing = crossesFrames(edge);
    QColor colour = edge.control ? style.controlEdge : style.edge;
    qreal width = edge.control ? 1.0 : std::min(1.2 + 0.5 * std::log2(static_cast<double>(edge.count)), 3.5);
    if (crossing && !highlighted) {
        // Faint, but opaque: blending thousands of long lines is the slow path of the raster engine.
        const QColor back = style.background;
        colour = QColor((colour.red() * 3 + back.red() * 7) / 10, (colour.green() * 3 + back.green() * 7) / 10,
                        (colour.blue() * 3 + back.blue() * 7) / 10);
    }
    if (highlighted) {
        colour = style.accent;
        width += 1.0;
    }
    QPen pen(colour, width, edge.control ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    const bool stub = m_snapshot->isStubbed(static_cast<size_t>(index)) && !highlighted;
    if (stub && lod < kLodNoText) return; // a stub would be a speck
    if (lod < kLodNoText) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        pen.setCosmetic(true);
        pen.setWidthF(highlighted ? 2.0 : 1.0);
        pen.setStyle(Qt::SolidLine);
        painter->setPen(pen);
        painter->drawPolyline(shape.coarse);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    if (stub) {
        // A dot where the stub starts marks "from a variable"; selecting either end draws it whole.
        painter->setPen(pen);
        painter->drawLine(shape.stub);
        painter->setPen(Qt::NoPen);
        painter->setBrush(style.colours(layout::OpCategory::Variable).rim);
        painter->drawEllipse(shape.stub.p1(), 2.6, 2.6);
        painter->setBrush(colour);
        if (!shape.arrow.isEmpty()) painter->drawPolygon(shape.arrow);
        return;
    }
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(shape.path);
    if (!shape.arrow.isEmpty()) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour);
        painter->drawPolygon(shape.arrow);
    }
    const bool showLabel = highlighted || (edge.count > 1 ? lod >= kLodCountLabels : lod >= kLodEdgeLabels);
    if (showLabel && !edge.label.empty() && (!crossing || highlighted)) {
        placeEdgeLabels();
        const EdgeLabel& label = m_edgeLabels[static_cast<size_t>(index)];
        QRectF rect = label.rect;
        if (rect.isEmpty()) {
            if (!highlighted) return; // no free spot: shown with its edge's highlight only
            const auto& m = metrics().small;
            rect = QRectF(shape.middle.x() + 4, shape.middle.y() - m.height() / 2 - 1,
                          m.horizontalAdvance(label.text) + 6, m.height() + 2);
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 215));
        painter->drawRoundedRect(rect, 3, 3);
        painter->setFont(style.smallFont);
        painter->setPen(highlighted ? style.accent : style.mutedText);
        painter->drawText(rect, Qt::AlignCenter, label.text);
    }
}

} // namespace graphlens::views

#include "views/pass_graph_view.h"

#include <algorithm>

#include <QFontMetricsF>
#include <QPainter>
#include <QSet>

#include "core/layout/view_graph.h"
#include "views/graph_scene.h"
#include "views/graph_style.h"
#include "views/pass_models.h"

namespace graphlens::views {
namespace {

using layout::ItemKind;

constexpr qreal kBadgeMinZoom = 0.3;

// Badge text per mark, in the order the legend lists them.
constexpr std::array<passes::NodeMark, 4> kBadgeOrder{ passes::NodeMark::Added, passes::NodeMark::Removed,
                                                       passes::NodeMark::Rewritten, passes::NodeMark::Fused };

QString badgeText(passes::NodeMark mark, int count) {
    switch (mark) {
    case passes::NodeMark::Added:
        return QStringLiteral("+%1").arg(count);
    case passes::NodeMark::Removed:
        return QStringLiteral("\u2212%1").arg(count);
    case passes::NodeMark::Rewritten:
        return QStringLiteral("~%1").arg(count);
    case passes::NodeMark::Fused:
        return QStringLiteral("\u2295%1").arg(count);
    case passes::NodeMark::None:
        break;
    }
    return {};
}

} // namespace

PassGraphView::PassGraphView(QWidget* parent)
    : GraphView(parent) {
    setMinimapVisible(false); // two minimaps side by side crowd the graphs; the viewports are synced
    connect(this, &GraphView::zoomChanged, this, &PassGraphView::viewportMoved);
    // The two graphs differ in size, so lining up a node in both may need either to look past its
    // graph's edge: the view's scene rect is padded well beyond the graph, and panning is by drag.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(this, &GraphView::layoutFinished, this, [this] {
        const QPointF centre = mapToScene(viewport()->rect().center());
        const QRectF graphRect = graphScene()->sceneRect();
        const qreal pad = std::max(graphRect.width(), graphRect.height()) + 2000;
        setSceneRect(graphRect.adjusted(-pad, -pad, pad, pad));
        centerOn(centre);
        recomputeItemMarks();
        applyFocus();
    });
}

void PassGraphView::setMarks(std::shared_ptr<const passes::NodeMarks> marks) {
    m_marks = std::move(marks);
    recomputeItemMarks();
    viewport()->update();
}

std::string PassGraphView::functionName(int function) const {
    if (function < 0 || !model()) return {};
    const auto& functions = model()->metaGraphs[static_cast<size_t>(metaGraph())].library.functions();
    return static_cast<size_t>(function) < functions.size() ? functions[static_cast<size_t>(function)].name
                                                            : std::string();
}

QString PassGraphView::itemNodeName(int index) const {
    const auto* shot = snapshot();
    if (!shot || index < 0 || static_cast<size_t>(index) >= shot->view.items.size()) return {};
    const auto& item = shot->view.items[static_cast<size_t>(index)];
    if (item.node == graph::kNoNode || !item.graph) return {};
    return QString::fromStdString(item.graph->node(item.node).name());
}

void PassGraphView::recomputeItemMarks() {
    m_marked.clear();
    const auto* shot = snapshot();
    m_markIndex.assign(shot ? shot->view.items.size() : 0, -1);
    if (!shot || !m_marks || m_marks->empty()) return;
    const auto& items = shot->view.items;
    auto lookup = [&](const layout::ViewItem& item, graph::NodeId node) {
        const auto found = m_marks->find(passes::markKey(functionName(item.function), item.graph->node(node).name()));
        return found == m_marks->end() ? passes::NodeMark::None : found->second.mark;
    };
    for (size_t i = 0; i < items.size(); ++i) {
        const auto& item = items[i];
        if (item.expanded || !item.graph) continue;
        Marked marked;
        marked.item = static_cast<int>(i);
        if (item.node != graph::kNoNode && item.kind != ItemKind::Body) {
            marked.mark = lookup(item, item.node);
        } else if (item.kind == ItemKind::Group && item.scope >= 0) {
            // Every node below the collapsed scope, counted by mark; the most frequent colours it.
            const auto& scopes = item.graph->scopes();
            std::vector<int32_t> pending{ item.scope };
            while (!pending.empty()) {
                const auto& scope = scopes[static_cast<size_t>(pending.back())];
                pending.pop_back();
                for (graph::NodeId node : scope.nodes) ++marked.counts[static_cast<size_t>(lookup(item, node))];
                pending.insert(pending.end(), scope.childScopes.begin(), scope.childScopes.end());
            }
            // A group is drawn as removed only when nothing of it is left; one that keeps some of
            // its nodes takes the most frequent other change, or "rewritten" (changed inside) when
            // it only lost nodes. The badge gives the counts (#21).
            const auto& counts = marked.counts;
            const int removed = counts[static_cast<size_t>(passes::NodeMark::Removed)];
            int total = 0;
            for (int count : counts) total += count;
            int best = 0;
            for (passes::NodeMark mark : kBadgeOrder)
                if (mark != passes::NodeMark::Removed && counts[static_cast<size_t>(mark)] > best) {
                    best = counts[static_cast<size_t>(mark)];
                    marked.mark = mark;
                }
            if (removed > 0 && removed == total) marked.mark = passes::NodeMark::Removed;
            else if (removed > 0 && best == 0) marked.mark = passes::NodeMark::Rewritten;
        }
        if (marked.mark == passes::NodeMark::None) continue;
        m_markIndex[i] = static_cast<int>(m_marked.size());
        m_marked.push_back(marked);
    }
}

passes::NodeMark PassGraphView::itemMark(int index) const {
    if (index < 0 || static_cast<size_t>(index) >= m_markIndex.size() || m_markIndex[static_cast<size_t>(index)] < 0)
        return passes::NodeMark::None;
    return m_marked[static_cast<size_t>(m_markIndex[static_cast<size_t>(index)])].mark;
}

std::array<int, 5> PassGraphView::itemCounts(int index) const {
    if (index < 0 || static_cast<size_t>(index) >= m_markIndex.size() || m_markIndex[static_cast<size_t>(index)] < 0)
        return {};
    return m_marked[static_cast<size_t>(m_markIndex[static_cast<size_t>(index)])].counts;
}

int PassGraphView::focusNodes(const QStringList& names) {
    m_focusNames = names;
    m_focused.clear();
    m_pendingFocus.clear();
    if (!model() || model()->metaGraphs.empty()) return 0;
    const auto& meta = model()->metaGraphs[static_cast<size_t>(metaGraph())];
    // Main-graph nodes first; a name not there may be a function body's ("function|node" or bare).
    std::vector<graph::NodeId> mainNodes;
    int functionTarget = -1;
    graph::NodeId functionNode = graph::kNoNode;
    for (const QString& name : names) {
        const std::string text = name.toStdString();
        const graph::NodeId node = meta.graph.find(text);
        if (node != graph::kNoNode) {
            mainNodes.push_back(node);
            continue;
        }
        const auto bar = text.find('|');
        const std::string function = bar == std::string::npos ? std::string() : text.substr(0, bar);
        const std::string bare = bar == std::string::npos ? text : text.substr(bar + 1);
        const auto& functions = meta.library.functions();
        for (size_t f = 0; f < functions.size(); ++f) {
            if (!function.empty() && functions[f].name != function) continue;
            const graph::NodeId inBody = functions[f].body.find(bare);
            if (inBody == graph::kNoNode) continue;
            functionTarget = static_cast<int>(f);
            functionNode = inBody;
            m_focusNames << QString::fromStdString(bare);
            break;
        }
    }
    const int found = static_cast<int>(mainNodes.size()) + (functionTarget >= 0 ? 1 : 0);
    if (!found) {
        viewport()->update();
        return 0;
    }
    m_pendingFocus = m_focusNames;
    if (mainNodes.empty()) {
        revealNode(functionTarget, functionNode); // opens the function when it is not shown in place
        if (!isBusy()) applyFocus();
        return found;
    }
    const bool popped = root().function >= 0;
    if (popped) popTo(0);
    QStringList keys;
    for (graph::NodeId node : mainNodes)
        for (const auto& key : layout::scopesToReveal(meta.graph, node))
            if (!isExpanded(QString::fromStdString(key)) && !keys.contains(QString::fromStdString(key)))
                keys << QString::fromStdString(key);
    if (!keys.isEmpty()) setExpanded(keys, true);
    else if (!popped && !isBusy()) applyFocus();
    return found;
}

void PassGraphView::applyFocus() {
    m_focused.clear();
    const auto* shot = snapshot();
    if (m_focusNames.isEmpty() || !shot) {
        m_pendingFocus.clear();
        return;
    }
    const QSet<QString> wanted(m_focusNames.begin(), m_focusNames.end());
    int root = -1;
    int rootRank = -1;
    QRectF bounds;
    for (size_t i = 0; i < shot->view.items.size(); ++i) {
        const auto& item = shot->view.items[i];
        if (item.expanded || item.kind == ItemKind::Body) continue;
        const QString name = itemNodeName(static_cast<int>(i));
        if (name.isEmpty() || !wanted.contains(name)) continue;
        m_focused.push_back(static_cast<int>(i));
        bounds |= graphScene()->itemRect(static_cast<int>(i));
        const int rank = static_cast<int>(m_focusNames.lastIndexOf(name));
        if (rank > rootRank) {
            rootRank = rank;
            root = static_cast<int>(i);
        }
    }
    const bool move = !m_pendingFocus.isEmpty();
    m_pendingFocus.clear();
    if (move && root >= 0) {
        selectItem(root);
        fitInView(bounds.adjusted(-90, -90, 90, 90), Qt::KeepAspectRatio);
        if (zoom() > 1.0) setTransform(QTransform());
        centerOn(bounds.center());
        emit zoomChanged(zoom());
        emit focusApplied();
    }
    viewport()->update();
}

void PassGraphView::drawForeground(QPainter* painter, const QRectF& rect) {
    GraphView::drawForeground(painter, rect);
    if (m_marked.empty() && m_focused.empty()) return;
    const auto& style = GraphStyle::instance();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const qreal scale = zoom();
    for (const Marked& marked : m_marked) {
        const QRectF box = graphScene()->itemRect(marked.item);
        if (!box.adjusted(-40, -40, 40, 40).intersects(rect)) continue;
        const QColor colour = markColour(marked.mark);
        QPen pen(colour, 2.5);
        pen.setCosmetic(true);
        if (marked.mark == passes::NodeMark::Removed) pen.setStyle(Qt::DashLine);
        QColor fill = colour;
        fill.setAlpha(40);
        painter->setPen(pen);
        painter->setBrush(fill);
        painter->drawRoundedRect(box.adjusted(-3, -3, 3, 3), 7, 7);
        const auto& counts = marked.counts;
        const bool group = std::any_of(counts.begin() + 1, counts.end(), [](int c) { return c > 0; });
        if (!group || scale < kBadgeMinZoom) continue;
        // A badge over the group's top-right corner: "+2 −1 ~3 ⊕1", each in its colour.
        QFont font = style.smallFont;
        font.setBold(true);
        const QFontMetricsF metrics(font);
        std::vector<std::pair<QString, QColor>> parts;
        qreal width = 8;
        for (passes::NodeMark mark : kBadgeOrder)
            if (const int count = counts[static_cast<size_t>(mark)]) {
                parts.emplace_back(badgeText(mark, count), markColour(mark));
                width += metrics.horizontalAdvance(parts.back().first) + 5;
            }
        const qreal height = metrics.height() + 4;
        const QRectF badge(box.right() - width + 6, box.top() - height / 2 - 3, width, height);
        painter->setPen(QPen(colour, 1.2));
        painter->setBrush(QColor(255, 255, 255, 240));
        painter->drawRoundedRect(badge, height / 2, height / 2);
        painter->setFont(font);
        qreal x = badge.left() + 6;
        for (const auto& [text, textColour] : parts) {
            painter->setPen(textColour);
            painter->drawText(QPointF(x, badge.top() + 2 + metrics.ascent()), text);
            x += metrics.horizontalAdvance(text) + 5;
        }
    }
    QPen focusPen(style.accent, 3.5);
    focusPen.setCosmetic(true);
    painter->setPen(focusPen);
    painter->setBrush(Qt::NoBrush);
    for (int item : m_focused) painter->drawRoundedRect(graphScene()->itemRect(item).adjusted(-8, -8, 8, 8), 10, 10);
    painter->restore();
}

void PassGraphView::scrollContentsBy(int dx, int dy) {
    GraphView::scrollContentsBy(dx, dy);
    emit viewportMoved();
}

} // namespace graphlens::views

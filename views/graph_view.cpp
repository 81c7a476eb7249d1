#include "views/graph_view.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDateTime>
#include <QElapsedTimer>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QTimer>
#include <QWheelEvent>
#include <QtMath>

#include "core/layout/view_graph.h"
#include "views/graph_scene.h"
#include "views/graph_style.h"
#include "views/minimap.h"

namespace graphlens::views {
namespace {

constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 4.0;
// The least zoom at which a graph first opens: node names and op types are drawn from ~55% and
// comfortable to read from here.
constexpr qreal kOpeningZoom = 0.8;

qint64 nowMs() {
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

GraphView::GraphView(QWidget* parent)
    : QGraphicsView(parent)
    , m_scene(new GraphScene(this))
    , m_jobs(new JobRunner(this))
    , m_cache(std::make_shared<layout::LayoutCache>()) {
    setScene(m_scene);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    setRenderHint(QPainter::Antialiasing, true);
    setRenderHint(QPainter::TextAntialiasing, true);
    setFrameShape(QFrame::NoFrame);
    setAcceptDrops(false); // files dropped here go to the main window
    viewport()->setAcceptDrops(false);
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundBrush(GraphStyle::instance().background);

    // Overlays are children of the view itself: children of the viewport scroll with the scene.
    m_minimap = new Minimap(this, this);
    m_minimap->hide();
    m_overlay = new QLabel(this);
    m_overlay->setAlignment(Qt::AlignCenter);
    m_overlay->setStyleSheet(
        QStringLiteral("QLabel { background: rgba(255,255,255,235); color: #37474f; border: 1px solid #cfd8dc;"
                       " border-radius: 6px; padding: 8px 14px; font-size: 13px; }"));
    m_overlay->setText(tr("Open a TensorFlow model: File \u25b8 Open, or drop a file or folder here."));
    m_overlay->adjustSize();

    connect(m_jobs, &JobRunner::progressChanged, this, [this](quint64, double fraction, const QString& stage) {
        m_overlay->setText(tr("Laying out\u2026 %1% (%2)").arg(qRound(fraction * 100)).arg(stage));
        m_overlay->adjustSize();
        updateOverlay();
    });
}

GraphView::~GraphView() = default;

std::unordered_set<std::string>& GraphView::expansion() {
    const GraphRoot r = root();
    return m_expanded[{ r.metaGraph, r.function }];
}

const std::unordered_set<std::string>& GraphView::expansion() const {
    static const std::unordered_set<std::string> empty;
    const GraphRoot r = root();
    const auto found = m_expanded.find({ r.metaGraph, r.function });
    return found == m_expanded.end() ? empty : found->second;
}

void GraphView::setModel(std::shared_ptr<const graph::Model> model, int metaGraph) {
    m_jobs->cancel();
    m_model = std::move(model);
    m_metaGraph = metaGraph;
    m_roots.clear();
    m_expanded.clear();
    m_signature.clear();
    m_slice.reset();
    m_selectedKey.clear();
    m_anchorKey.clear();
    m_cache->clear();
    m_snapshot.reset();
    m_scene->setSnapshot(nullptr);
    if (!m_model || m_model->metaGraphs.empty()) {
        m_overlay->setText(m_model ? tr("This file holds no graph.")
                                   : tr("Open a TensorFlow model: File \u25b8 Open, or drop a file or folder here."));
        m_overlay->adjustSize();
        m_overlay->show();
        updateOverlay();
        m_minimap->setOverview({}, {});
        emit rootChanged();
        return;
    }
    m_metaGraph = std::clamp(metaGraph, 0, static_cast<int>(m_model->metaGraphs.size()) - 1);
    m_roots.push_back({ m_metaGraph, -1 });
    expandInitially();
    m_fitOnNextSnapshot = true;
    emit rootChanged();
    scheduleLayout();
}

// A graph whose top level is one big scope (InceptionV3/..., model/...) opens that scope, so the
// first picture shows structure rather than a single box.
void GraphView::expandInitially() {
    const graph::Graph* graph = graphOf(*m_model, root().metaGraph, root().function);
    if (!graph || graph->scopes().empty()) return;
    int32_t scope = 0;
    for (int level = 0; level < 3; ++level) {
        const auto& current = graph->scopes()[static_cast<size_t>(scope)];
        const auto visibleChildren = current.childScopes.size() + current.nodes.size();
        if (visibleChildren > 12) return;
        int32_t biggest = -1;
        for (int32_t child : current.childScopes)
            if (biggest < 0 ||
                graph->scopes()[static_cast<size_t>(child)].totalNodes >
                    graph->scopes()[static_cast<size_t>(biggest)].totalNodes)
                biggest = child;
        if (biggest < 0) return;
        const auto& big = graph->scopes()[static_cast<size_t>(biggest)];
        if (big.totalNodes * 10 < current.totalNodes * 6) return;    // not dominant
        if (big.childScopes.size() + big.nodes.size() > 400) return; // too flat to open
        expansion().insert(layout::scopeKey("", big.path));
        scope = biggest;
    }
}

void GraphView::openFunction(int function) {
    if (!m_model || function < 0) return;
    const auto& functions = m_model->metaGraphs[static_cast<size_t>(m_metaGraph)].library.functions();
    if (static_cast<size_t>(function) >= functions.size()) return;
    if (root().function == function) return;
    m_roots.push_back({ m_metaGraph, function });
    m_selectedKey.clear();
    m_anchorKey.clear();
    m_fitOnNextSnapshot = true;
    emit rootChanged();
    scheduleLayout();
}

bool GraphView::openFunctionByName(const QString& name) {
    if (!m_model) return false;
    const int index = m_model->metaGraphs[static_cast<size_t>(m_metaGraph)].library.indexOf(name.toStdString());
    if (index < 0) return false;
    openFunction(index);
    return true;
}

void GraphView::popTo(int depth) {
    if (depth < 0 || static_cast<size_t>(depth) + 1 >= m_roots.size()) return;
    m_roots.resize(static_cast<size_t>(depth) + 1);
    m_selectedKey.clear();
    m_anchorKey.clear();
    m_fitOnNextSnapshot = true;
    emit rootChanged();
    scheduleLayout();
}

void GraphView::setSignature(const QString& key) {
    if (!m_model) return;
    const std::string wanted = key.toStdString();
    if (wanted == m_signature) return;
    m_signature = wanted;
    m_slice.reset();
    const auto& meta = m_model->metaGraphs[static_cast<size_t>(m_metaGraph)];
    if (const graph::Signature* signature = meta.signature(m_signature)) {
        std::vector<graph::NodeId> outputs;
        for (const auto& output : signature->outputs)
            if (output.endpoint.node != graph::kNoNode) outputs.push_back(output.endpoint.node);
        if (!outputs.empty()) m_slice = std::make_shared<const std::vector<bool>>(meta.graph.backwardSlice(outputs));
    } else {
        m_signature.clear();
    }
    m_fitOnNextSnapshot = true;
    if (root().function >= 0) popTo(0);
    else scheduleLayout();
}

void GraphView::toggle(const QString& key) {
    const std::string k = key.toStdString();
    auto& set = expansion();
    const bool expanded = !set.erase(k);
    if (expanded) set.insert(k);
    scheduleLayout(k);
    emit expansionToggled(key, expanded);
}

void GraphView::setExpanded(const QStringList& keys, bool expanded) {
    auto& set = expansion();
    std::string anchor;
    for (const QString& key : keys) {
        anchor = key.toStdString();
        if (expanded) set.insert(anchor);
        else set.erase(anchor);
    }
    scheduleLayout(anchor);
    for (const QString& key : keys) emit expansionToggled(key, expanded);
}

void GraphView::collapseAll() {
    expansion().clear();
    m_fitOnNextSnapshot = true;
    scheduleLayout();
}

bool GraphView::isExpanded(const QString& key) const {
    return expansion().count(key.toStdString()) > 0;
}

QStringList GraphView::expandedKeys() const {
    QStringList keys;
    for (const auto& key : expansion()) keys << QString::fromStdString(key);
    keys.sort();
    return keys;
}

SnapshotRequest GraphView::snapshotRequest() const {
    SnapshotRequest request;
    request.model = m_model;
    request.root = root();
    request.expanded = expansion();
    request.slice = request.root.function < 0 ? m_slice : nullptr;
    request.signature = m_signature;
    request.cache = m_cache;
    request.metrics = GraphStyle::instance().metrics();
    return request;
}

void GraphView::scheduleLayout(const std::string& anchorKey) {
    if (!m_model || m_roots.empty()) return;
    m_anchorKey = anchorKey;
    SnapshotRequest request = snapshotRequest();
    m_requestStartedMs = nowMs();
    emit layoutStarted();
    // Jobs that end within 250 ms never show the "Laying out…" overlay.
    QTimer::singleShot(260, this, &GraphView::updateOverlay);
    m_jobs->start<std::shared_ptr<const GraphSnapshot>>(
        tr("Laying out the graph"),
        [request = std::move(request)](const Progress& progress) -> std::shared_ptr<const GraphSnapshot> {
            return buildSnapshot(request, progress);
        },
        [this](std::shared_ptr<const GraphSnapshot> snapshot) { applySnapshot(std::move(snapshot)); },
        [this](const JobError& error) {
            updateOverlay();
            if (!error.cancelled) emit layoutFailed(error.message);
        });
}

void GraphView::applySnapshot(std::shared_ptr<const GraphSnapshot> snapshot) {
    QElapsedTimer timer;
    timer.start();
    const QPointF oldCentre = mapToScene(viewport()->rect().center());
    const int oldAnchor = m_snapshot && !m_anchorKey.empty() ? m_snapshot->view.find(m_anchorKey) : -1;
    const QPointF oldTopLeft = oldAnchor >= 0 ? m_scene->itemRect(oldAnchor).topLeft() : QPointF();
    m_snapshot = std::move(snapshot);
    m_scene->setSnapshot(m_snapshot);
    m_timing = {};
    m_timing.buildMs = m_snapshot->buildMilliseconds;
    m_timing.layoutMs = m_snapshot->layoutMilliseconds;
    m_timing.layoutsComputed = m_snapshot->geometry.layoutsComputed;
    m_timing.layoutsFromCache = m_snapshot->geometry.layoutsFromCache;
    m_timing.items = m_snapshot->view.items.size();
    m_timing.edges = m_snapshot->view.edges.size();

    const int selected = m_selectedKey.empty() ? -1 : m_snapshot->view.find(m_selectedKey);
    if (m_fitOnNextSnapshot) {
        m_fitOnNextSnapshot = false;
        showOpening();
    } else if (oldAnchor >= 0 && m_snapshot->view.find(m_anchorKey) >= 0) {
        m_openingPending = false; // an expansion: the user's view from now on
        // Keep the item that was expanded or collapsed where it was on screen.
        const QPointF newTopLeft = m_scene->itemRect(m_snapshot->view.find(m_anchorKey)).topLeft();
        centerOn(oldCentre + (newTopLeft - oldTopLeft));
    } else {
        centerOn(oldCentre);
    }
    m_anchorKey.clear();
    if (selected >= 0) {
        m_scene->select(selected);
        const QRectF rect = m_scene->itemRect(selected);
        if (!mapToScene(viewport()->rect()).boundingRect().contains(rect)) centerOn(rect.center());
        emitSelection(selected);
    } else if (!m_selectedKey.empty()) {
        m_selectedKey.clear();
        emitSelection(-1);
    }
    m_timing.sceneMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    m_awaitingFirstPaint = true;
    updateOverlay();
    m_minimap->setOverview(m_snapshot->thumbnail,
                           QRectF(0, 0, m_snapshot->geometry.width, m_snapshot->geometry.height));
    QStringList notes;
    for (const auto& note : m_snapshot->view.notes) notes << QString::fromStdString(note);
    emit notesChanged(notes);
    viewport()->update();
    emit layoutFinished();
}

void GraphView::paintEvent(QPaintEvent* event) {
    QElapsedTimer timer;
    timer.start();
    QGraphicsView::paintEvent(event);
    if (m_awaitingFirstPaint) {
        m_awaitingFirstPaint = false;
        m_timing.paintMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        m_timing.firstPaintMs = static_cast<double>(nowMs() - m_requestStartedMs);
    }
}

void GraphView::updateOverlay() {
    const bool busyLong = m_jobs->isRunning() && nowMs() - m_requestStartedMs >= 250;
    const bool empty = !m_model || m_model->metaGraphs.empty();
    if (!busyLong && !empty) {
        m_overlay->hide();
        return;
    }
    m_overlay->adjustSize();
    const QRect area = viewport()->geometry();
    m_overlay->move(area.left() + (area.width() - m_overlay->width()) / 2,
                    area.top() + (empty ? (area.height() - m_overlay->height()) / 2 : 16));
    m_overlay->show();
    m_overlay->raise();
}

void GraphView::revealNode(int function, graph::NodeId node) {
    if (!m_model || node == graph::kNoNode) return;
    // Already visible somewhere (a call expanded in place included)?
    if (m_snapshot) {
        const auto& items = m_snapshot->view.items;
        for (size_t i = 0; i < items.size(); ++i) {
            if (items[i].node == node && items[i].function == function && items[i].kind != layout::ItemKind::Body) {
                selectItem(static_cast<int>(i));
                centerOn(m_scene->itemRect(static_cast<int>(i)).center());
                return;
            }
        }
    }
    if (function != root().function) {
        if (function < 0) popTo(0);
        else openFunction(function);
    }
    const graph::Graph* graph = graphOf(*m_model, m_metaGraph, function);
    if (!graph || static_cast<size_t>(node) >= graph->size()) return;
    for (const auto& key : layout::scopesToReveal(*graph, node)) expansion().insert(key);
    m_selectedKey = layout::nodeKey("", graph->node(node).name());
    if (m_slice && function < 0 && !(*m_slice)[static_cast<size_t>(node)]) {
        m_signature.clear(); // the node is outside the slice: show everything
        m_slice.reset();
    }
    scheduleLayout();
}

void GraphView::selectItem(int index) {
    if (!m_snapshot) return;
    m_scene->select(index);
    m_selectedKey = index >= 0 ? m_snapshot->view.items[static_cast<size_t>(index)].key : std::string();
    emitSelection(index);
}

int GraphView::selectedItem() const {
    return m_scene->selected();
}

NodeRef GraphView::nodeOf(int index) const {
    NodeRef ref;
    if (!m_snapshot || index < 0 || static_cast<size_t>(index) >= m_snapshot->view.items.size()) return ref;
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    ref.model = m_model;
    ref.metaGraph = m_snapshot->root.metaGraph;
    ref.function = item.function;
    ref.node = item.node;
    return ref;
}

void GraphView::emitSelection(int index) {
    emit itemSelected(index);
    const NodeRef ref = nodeOf(index);
    if (ref.valid()) emit nodeSelected(ref);
}

void GraphView::zoomBy(qreal factor) {
    m_openingPending = false;
    const qreal current = zoom();
    const qreal target = std::clamp(current * factor, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(target, current)) return;
    scale(target / current, target / current);
    emit zoomChanged(zoom());
    m_minimap->viewportMoved();
}

void GraphView::zoomIn() {
    zoomBy(1.25);
}
void GraphView::zoomOut() {
    zoomBy(0.8);
}
qreal GraphView::zoom() const {
    return transform().m11();
}

void GraphView::resetZoom() {
    m_openingPending = false;
    setTransform(QTransform());
    emit zoomChanged(1.0);
    m_minimap->viewportMoved();
}

void GraphView::fitToView() {
    m_openingPending = false;
    const QRectF rect = m_scene->sceneRect();
    if (rect.isEmpty()) return;
    fitInView(rect, Qt::KeepAspectRatio);
    // Small graphs stay at 100% rather than being blown up; huge ones stop at the minimum zoom.
    const qreal z = zoom();
    if (z > 1.0) setTransform(QTransform());
    else if (z < kMinZoom) setTransform(QTransform::fromScale(kMinZoom, kMinZoom));
    centerOn(rect.center());
    emit zoomChanged(zoom());
    m_minimap->viewportMoved();
}

QRectF GraphView::outputsRect() const {
    if (!m_snapshot) return {};
    const auto& view = m_snapshot->view;
    const size_t count = view.items.size();
    // Top-level items and the top-level edges between them.
    auto topOf = [&](int32_t item) {
        while (item >= 0 && view.items[static_cast<size_t>(item)].parent >= 0)
            item = view.items[static_cast<size_t>(item)].parent;
        return item;
    };
    // A SavedModel says what it computes: the first output of its first serving signature.
    if (root().function < 0 && m_model) {
        const auto& meta = m_model->metaGraphs[static_cast<size_t>(m_metaGraph)];
        for (const auto& signature : meta.signatures) {
            if (signature.key == "__saved_model_init_op" || signature.outputs.empty()) continue;
            const graph::NodeId node = signature.outputs.front().endpoint.node;
            if (node == graph::kNoNode) continue;
            // The node's own box, else the outermost scope or series that holds it.
            int32_t item = view.find(layout::nodeKey("", meta.graph.node(node).name()));
            if (item < 0)
                for (const auto& key : layout::scopesToReveal(meta.graph, node))
                    if ((item = view.find(key)) >= 0) break;
            if (item >= 0) return m_scene->itemRect(topOf(item));
        }
    }
    std::vector<std::vector<int32_t>> inputs(count);
    std::vector<bool> feeds(count, false);
    for (const auto& edge : view.edges) {
        const int32_t from = topOf(edge.from), to = topOf(edge.to);
        if (from < 0 || to < 0 || from == to || edge.control) continue;
        feeds[static_cast<size_t>(from)] = true;
        inputs[static_cast<size_t>(to)].push_back(from);
    }
    // Of the items that feed nothing (the graph's results; with a signature slice, its outputs),
    // the one most of the graph leads to: a SavedModel's save and restore ops feed nothing too.
    int32_t best = -1;
    size_t bestReach = 0;
    std::vector<int32_t> seen(count, -1);
    for (const int32_t root : view.roots) {
        if (feeds[static_cast<size_t>(root)]) continue;
        size_t reach = 0;
        std::vector<int32_t> stack{ root };
        seen[static_cast<size_t>(root)] = root;
        while (!stack.empty()) {
            const int32_t item = stack.back();
            stack.pop_back();
            ++reach;
            for (const int32_t input : inputs[static_cast<size_t>(item)])
                if (seen[static_cast<size_t>(input)] != root) {
                    seen[static_cast<size_t>(input)] = root;
                    stack.push_back(input);
                }
        }
        if (best < 0 || reach > bestReach) {
            best = root;
            bestReach = reach;
        }
    }
    return best < 0 ? QRectF() : m_scene->itemRect(best);
}

void GraphView::showOpening() {
    const QRectF whole = m_scene->sceneRect();
    const QRectF room = viewport()->rect();
    if (whole.isEmpty() || room.width() < 8 || room.height() < 8) {
        m_openingPending = true; // not laid out yet: again at the first real size
        return;
    }
    const qreal fit = std::min(room.width() / whole.width(), room.height() / whole.height());
    if (fit >= kOpeningZoom) {
        fitToView(); // all of it is readable at once
        m_openingPending = true;
        return;
    }
    setTransform(QTransform::fromScale(kOpeningZoom, kOpeningZoom));
    const QSizeF shown = room.size() / kOpeningZoom;
    const QRectF output = outputsRect();
    QPointF centre = whole.center();
    if (!output.isEmpty()) {
        // The output in view, and as much of what leads to it as fits above.
        centre.setX(output.center().x());
        if (whole.height() > shown.height()) centre.setY(output.bottom() + 40 - shown.height() / 2);
    }
    centerOn(centre);
    m_openingPending = true;
    emit zoomChanged(zoom());
    m_minimap->viewportMoved();
}

void GraphView::focusItem(int index) {
    m_openingPending = false;
    const QRectF rect = m_scene->itemRect(index);
    if (rect.isEmpty()) return;
    fitInView(rect.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
    if (zoom() > 1.0) setTransform(QTransform());
    centerOn(rect.center());
    emit zoomChanged(zoom());
    m_minimap->viewportMoved();
}

void GraphView::setMinimapVisible(bool visible) {
    m_minimap->setWanted(visible);
}

bool GraphView::isMinimapVisible() const {
    return m_minimap->isWanted();
}

const QWidget* GraphView::minimapWidget() const {
    return m_minimap;
}

void GraphView::wheelEvent(QWheelEvent* event) {
    m_openingPending = false;
    if (event->modifiers() & (Qt::ShiftModifier | Qt::AltModifier)) {
        QGraphicsView::wheelEvent(event); // scroll
        m_minimap->viewportMoved();
        return;
    }
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    m_openingPending = false;
    m_pressPos = event->pos();
    setFocus();
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || (event->pos() - m_pressPos).manhattanLength() > 4) {
        m_minimap->viewportMoved();
        return;
    }
    bool onToggle = false;
    const int index = m_scene->itemAt(mapToScene(event->pos()), &onToggle);
    if (index >= 0 && onToggle) {
        toggle(QString::fromStdString(m_snapshot->view.items[static_cast<size_t>(index)].key));
        return;
    }
    // Clicking inside an expanded frame (not on a child) selects nothing, as on the background.
    if (index >= 0 && m_snapshot->view.items[static_cast<size_t>(index)].expanded) {
        selectItem(-1);
        return;
    }
    selectItem(index);
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* event) {
    const int index = m_scene->itemAt(mapToScene(event->pos()));
    if (index < 0) {
        QGraphicsView::mouseDoubleClickEvent(event);
        return;
    }
    const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
    if (item.canExpand) toggle(QString::fromStdString(item.key));
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    m_openingPending = false;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        return;
    case Qt::Key_Minus:
        zoomOut();
        return;
    case Qt::Key_0:
        fitToView();
        return;
    case Qt::Key_Escape:
        if (m_jobs->isRunning()) m_jobs->cancel();
        else selectItem(-1);
        return;
    case Qt::Key_Backspace:
        if (m_roots.size() > 1) popTo(static_cast<int>(m_roots.size()) - 2);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter: {
        const int index = selectedItem();
        if (index >= 0 && m_snapshot->view.items[static_cast<size_t>(index)].canExpand)
            toggle(QString::fromStdString(m_snapshot->view.items[static_cast<size_t>(index)].key));
        return;
    }
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

void GraphView::contextMenuEvent(QContextMenuEvent* event) {
    const int index = m_scene->itemAt(mapToScene(event->pos()));
    QMenu menu(this);
    if (index >= 0) {
        const auto& item = m_snapshot->view.items[static_cast<size_t>(index)];
        const QString key = QString::fromStdString(item.key);
        if (item.canExpand)
            menu.addAction(item.expanded ? tr("Collapse") : tr("Expand in place"), this, [this, key] { toggle(key); });
        else if (!item.cannotExpandReason.empty())
            menu.addAction(tr("Cannot expand: %1").arg(QString::fromStdString(item.cannotExpandReason)))
                ->setEnabled(false);
        if (item.kind == layout::ItemKind::Call && item.graph) {
            for (const auto& ref : item.graph->node(item.node).functions) {
                const QString name = QString::fromStdString(ref.function);
                menu.addAction(tr("Open function %1").arg(name), this, [this, name] { openFunctionByName(name); });
            }
        }
        if (item.node != graph::kNoNode && item.graph) {
            const QString name = QString::fromStdString(item.graph->node(item.node).name());
            menu.addAction(tr("Copy name"), this, [name] { QApplication::clipboard()->setText(name); });
        }
        menu.addSeparator();
    }
    menu.addAction(tr("Fit to window"), this, &GraphView::fitToView);
    menu.addAction(tr("Collapse all"), this, &GraphView::collapseAll);
    if (m_roots.size() > 1) menu.addAction(tr("Back to the main graph"), this, [this] { popTo(0); });
    menu.exec(event->globalPos());
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    // Until the user moves it, the opening view is redone for the size the view ends up with (a
    // tab or pane is often laid out after its first snapshot arrives).
    if (m_openingPending && m_snapshot) showOpening();
    m_minimap->placeInCorner();
    updateOverlay();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    m_minimap->viewportMoved();
}

} // namespace graphlens::views

#pragma once
// The graph view: a zoomable, pannable picture of a graph collapsed by name scope. Groups and
// function calls expand in place (click +/−, double-click, or Enter); a call can also be opened
// on its own, with a stack of roots for breadcrumbs. Layout runs as a job off the GUI thread; each
// expansion state is laid out once per group and cached, so going back is instant.
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <QGraphicsView>

#include "core/layout/scene_layout.h"
#include "views/graph_snapshot.h"
#include "views/job_runner.h"

class QLabel;

namespace graphlens::views {

class GraphScene;
class Minimap;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);
    ~GraphView() override;

    void setModel(std::shared_ptr<const graph::Model> model, int metaGraph = 0);
    const std::shared_ptr<const graph::Model>& model() const { return m_model; }
    int metaGraph() const { return m_metaGraph; }

    // Roots: the main graph, then each function opened on its own (breadcrumbs).
    void openFunction(int function);
    bool openFunctionByName(const QString& name);
    void popTo(int depth); // 0 = main graph
    const std::vector<GraphRoot>& roots() const { return m_roots; }
    GraphRoot root() const { return m_roots.empty() ? GraphRoot{} : m_roots.back(); }

    // Shows only the backward slice of a SignatureDef's outputs (main graph); "" for everything.
    void setSignature(const QString& key);
    QString signature() const { return QString::fromStdString(m_signature); }

    void toggle(const QString& key);
    void setExpanded(const QStringList& keys, bool expanded);
    void collapseAll();
    bool isExpanded(const QString& key) const;
    QStringList expandedKeys() const; // of the current root

    // Expands what is needed for the node to be visible, selects it and centres on it.
    void revealNode(int function, graph::NodeId node);
    void selectItem(int index);
    int selectedItem() const;
    NodeRef nodeOf(int index) const;

    const GraphSnapshot* snapshot() const { return m_snapshot.get(); }
    // What the layout job of the current root and expansion would be given (for exports).
    SnapshotRequest snapshotRequest() const;
    std::shared_ptr<const GraphSnapshot> sharedSnapshot() const { return m_snapshot; }
    GraphScene* graphScene() const { return m_scene; }
    JobRunner& layoutJobs() { return *m_jobs; }
    bool isBusy() const { return m_jobs->isRunning(); }

    void zoomIn();
    void zoomOut();
    void zoomBy(qreal factor);
    void fitToView();
    // How a graph first appears: fitted when that keeps it readable, else at a readable zoom with
    // its outputs (what the graph computes) at the bottom of the view and what leads to them above.
    void showOpening();
    // What the graph computes: the top-level item holding a serving signature's first output, else
    // the one that feeds nothing and that most of the graph leads to.
    QRectF outputsRect() const;
    void resetZoom();
    void focusItem(int index); // centres on an item and zooms so it fits (never above 100%)
    qreal zoom() const;
    void setMinimapVisible(bool visible);
    bool isMinimapVisible() const; // wanted: shown only while part of the graph is off screen
    const QWidget* minimapWidget() const;

    struct Timing {
        double buildMs = 0;      // ViewGraph, worker thread
        double layoutMs = 0;     // all groups, worker thread
        double sceneMs = 0;      // building QGraphicsItems, GUI thread
        double firstPaintMs = 0; // request to the end of the first paint of the result
        double paintMs = 0;      // that paint alone, GUI thread
        int layoutsComputed = 0;
        int layoutsFromCache = 0;
        size_t items = 0;
        size_t edges = 0;
    };
    const Timing& lastTiming() const { return m_timing; }

signals:
    void nodeSelected(const graphlens::views::NodeRef& node);
    void itemSelected(int index); // any item, groups included; -1 when cleared
    void rootChanged();
    void layoutStarted();
    void layoutFinished();
    void layoutFailed(const QString& message);
    void zoomChanged(qreal zoom);
    void notesChanged(const QStringList& notes);
    // The user or a caller expanded or collapsed an item (toggle, setExpanded); lets another view
    // of a related graph follow.
    void expansionToggled(const QString& key, bool expanded);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void paintEvent(QPaintEvent* event) override;

private:
    using ExpansionKey = std::pair<int, int>; // metaGraph, function
    std::unordered_set<std::string>& expansion();
    const std::unordered_set<std::string>& expansion() const;
    void scheduleLayout(const std::string& anchorKey = {});
    void applySnapshot(std::shared_ptr<const GraphSnapshot> snapshot);
    void expandInitially();
    void updateOverlay();
    void emitSelection(int index);

    GraphScene* m_scene = nullptr;
    Minimap* m_minimap = nullptr;
    QLabel* m_overlay = nullptr;
    JobRunner* m_jobs = nullptr;
    std::shared_ptr<layout::LayoutCache> m_cache;

    std::shared_ptr<const graph::Model> m_model;
    int m_metaGraph = 0;
    std::vector<GraphRoot> m_roots;
    std::map<ExpansionKey, std::unordered_set<std::string>> m_expanded;
    std::string m_signature;
    std::shared_ptr<const std::vector<bool>> m_slice;
    std::shared_ptr<const GraphSnapshot> m_snapshot;

    std::string m_selectedKey;
    std::string m_anchorKey; // item kept in place on screen across the next layout
    bool m_fitOnNextSnapshot = true;
    bool m_openingPending = false; // the opening view stands until the user moves or zooms
    QPoint m_pressPos;
    qint64 m_requestStartedMs = 0;
    bool m_awaitingFirstPaint = false;
    Timing m_timing;
};

} // namespace graphlens::views

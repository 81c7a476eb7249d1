#pragma once
// The GraphLens main window: the graph in the middle, the model browser on the left, the node
// inspector and search on the right. Files open off the GUI thread (File ▸ Open, recent files,
// drag and drop, the command line) with progress and Cancel in the status bar; a file that cannot
// be read at all is reported in a dialog, one read only in part in a warning bar. Scripts open in
// the Code dock (File ▸ Open Script), run with F5 off the GUI thread, and fill the Output and
// Retrace log docks. Run ▸ Optimize Graph runs the optimisation passes on the open model (or
// traced graph) off the GUI thread and shows them in a Before / after tab beside the graph.
#include <functional>
#include <memory>
#include <vector>

#include <QMainWindow>

#include "core/graph/model.h"
#include "core/util/progress.h"

class QAction;
class QLabel;
class QMenu;
class QTabWidget;
class QDockWidget;
class QTreeView;

namespace graphlens::views {
class GraphPanel;
class GraphView;
class JobProgressWidget;
class JobRunner;
struct JobError;
class ModelBrowserModel;
class NodeInspector;
class PassView;
class SearchPanel;
} // namespace graphlens::views

namespace graphlens::app {

class ScriptSession;
class WarningBar;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts loading `path` (file or directory) in the background.
    void openPath(const QString& path);
    // Opens the graph of a trace of the last script run in the graph view, from memory and off
    // the GUI thread as openPath does; the window names it by the trace's function graph
    // ("__inference_f_12").
    void openTracedGraph(int functionId, int traceIndex);
    // The model of the current document (the tab shown, or the last graph tab shown).
    const std::shared_ptr<const graph::Model>& model() const {
        return m_documents[static_cast<size_t>(m_current)].model;
    }
    int documentCount() const { return static_cast<int>(m_documents.size()); }

    views::GraphPanel* graphPanel() const; // the current document's
    views::GraphView* graphView() const;
    views::NodeInspector* inspector() const { return m_inspector; }
    views::SearchPanel* searchPanel() const { return m_search; }
    views::ModelBrowserModel* browserModel() const { return m_browserModel; }
    QTreeView* browserView() const { return m_browser; }
    views::JobRunner& loader() { return *m_loader; }
    views::JobRunner& exporter() { return *m_exporter; }
    // File ▸ Export without the dialog: the view as shown, or (`wholeGraph`) the graph shown with
    // every name scope and series open, by the path's suffix (.svg, .png, .dot); exportFinished
    // says when it is written.
    void exportGraphTo(const QString& path, bool wholeGraph);
    WarningBar* warningBar() const { return m_warnings; }
    ScriptSession* scriptSession() const { return m_script; }
    // Opens a Python script in the Code dock (shown with the Output and Retrace log docks).
    bool openScript(const QString& path);
    // Runs the optimisation passes on the model shown (an imported model or a traced graph) off
    // the GUI thread and opens the Before / after tab; false when no graph is open.
    bool optimizeGraph();
    views::PassView* passView() const { return m_passView; } // null until the first optimisation
    QTabWidget* centralTabs() const { return m_tabs; }
    QAction* optimizeAction() const { return m_optimizeAction; }

signals:
    void modelLoaded();
    void loadFailed(const QString& message);
    void exportFinished(const QString& path, const QString& error); // error empty on success
    // A trace was selected in the retrace log. The graph of that trace comes from the engine
    // (issue #5): connect here to open it in the graph view (setModel on the traced graph).
    void traceGraphRequested(int functionId, int traceIndex);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createDocks();
    void createScriptDocks();
    void showScriptDocks();
    // Runs `work` on the loader (replacing a load in progress) and shows its model; `name` names
    // it in the status bar and errors. A file's path goes to the recent files.
    // A traced graph is no file: `title` names it in the window title and the breadcrumbs.
    // `documentKey` non-empty: the model opens as a document of its own (a tab) under that key.
    void load(const QString& name, std::function<std::shared_ptr<const graph::Model>(const Progress&)> work,
              const QString& recentPath = {}, const QString& title = {}, const QString& documentKey = {});
    void setModel(std::shared_ptr<const graph::Model> model); // the file's document
    void openDocument(const QString& key, std::shared_ptr<const graph::Model> model, const QString& title);
    // A graph panel whose view's selections reach the inspector while its document is current.
    views::GraphPanel* connectPanel(views::GraphPanel* panel);
    void showDocument(int index); // the docks, window title and summary follow it
    int documentIndex(const QWidget* panel) const;
    void closeDocument(int index);
    void showLoadError(const QString& name, const views::JobError& error);
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void exportGraph(bool wholeGraph);
    void browserActivated(const QModelIndex& index);
    void showAbout();

    // An open graph: the file's (the first tab, replaced by File ▸ Open) or a traced graph (a tab
    // of its own, closable; selected again in the retrace log it is raised, not opened twice).
    struct Document {
        views::GraphPanel* panel = nullptr;
        std::shared_ptr<const graph::Model> model;
        QString title; // empty for a file: its name
        QString key;   // "trace <function> <index>" for a traced graph; empty for the file
    };
    std::vector<Document> m_documents;
    int m_current = 0; // the document the docks show
    bool m_minimapWanted = true;
    views::GraphPanel* m_graph = nullptr; // the file's document
    views::NodeInspector* m_inspector = nullptr;
    views::SearchPanel* m_search = nullptr;
    views::ModelBrowserModel* m_browserModel = nullptr;
    QTreeView* m_browser = nullptr;
    WarningBar* m_warnings = nullptr;
    views::JobRunner* m_loader = nullptr;
    views::JobRunner* m_exporter = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QLabel* m_modelSummary = nullptr;
    ScriptSession* m_script = nullptr;
    QDockWidget* m_codeDock = nullptr;
    QDockWidget* m_outputDock = nullptr;
    QDockWidget* m_retraceDock = nullptr;
    QString m_loadingName;
    QTabWidget* m_tabs = nullptr;
    views::PassView* m_passView = nullptr;
    views::JobProgressWidget* m_progress = nullptr;
    QAction* m_optimizeAction = nullptr;
};

} // namespace graphlens::app

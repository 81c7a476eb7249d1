#include "app/gui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/script_session.h"
#include "app/gui/warning_bar.h"
#include "core/graph/io/model_loader.h"
#include "views/code_view.h"
#include "views/graph_export.h"
#include "views/graph_panel.h"
#include "views/graph_scene.h"
#include "views/graph_view.h"
#include "views/job_progress_widget.h"
#include "views/job_runner.h"
#include "views/model_browser_model.h"
#include "views/name_first_columns.h"
#include "views/node_inspector.h"
#include "views/pass_view.h"
#include "views/retrace_log_model.h"
#include "views/retrace_log_view.h"
#include "views/search_panel.h"

namespace graphlens::app {
namespace {

constexpr int kMaxRecent = 10;
const char* kRecentKey = "recentFiles";

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_graph(new views::GraphPanel(this))
    , m_inspector(new views::NodeInspector(this))
    , m_search(new views::SearchPanel(this))
    , m_browserModel(new views::ModelBrowserModel(this))
    , m_browser(new QTreeView(this))
    , m_warnings(new WarningBar(this))
    , m_loader(new views::JobRunner(this))
    , m_exporter(new views::JobRunner(this))
    , m_modelSummary(new QLabel(this))
    , m_script(new ScriptSession(this)) {
    setWindowTitle(tr("GraphLens"));
    setAcceptDrops(true);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_warnings);
    // The graph, and once the passes have run, their Before / after tab; a single tab shows no bar.
    m_tabs = new QTabWidget(central);
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabBarAutoHide(true);
    m_tabs->setTabsClosable(true);
    m_tabs->addTab(m_graph, tr("Graph"));
    m_tabs->tabBar()->setTabButton(0, QTabBar::RightSide, nullptr);
    m_tabs->tabBar()->setTabButton(0, QTabBar::LeftSide, nullptr);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (const int document = documentIndex(m_tabs->widget(index)); document > 0) {
            closeDocument(document);
            return;
        }
        if (m_tabs->widget(index) != m_passView) return;
        m_passView->jobs().cancel();
        m_tabs->removeTab(index); // kept alive: the progress strip follows its job runner
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (const int document = documentIndex(m_tabs->widget(index)); document >= 0 && document != m_current)
            showDocument(document);
    });
    m_documents.push_back({ m_graph, nullptr, {}, {} });
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    createDocks();
    createActions();

    m_progress = new views::JobProgressWidget(this);
    m_progress->follow(m_loader);
    m_progress->follow(m_exporter);
    m_progress->follow(&m_script->runner());
    statusBar()->addPermanentWidget(m_progress);
    m_modelSummary->setStyleSheet(QStringLiteral("color: #606f7a;"));
    statusBar()->addWidget(m_modelSummary, 1);
    statusBar()->showMessage(tr("Open a TensorFlow model: File \u25b8 Open, or drop a file or folder on the window."));

    connectPanel(m_graph);
    // The docks act on the current document's view.
    connect(m_inspector, &views::NodeInspector::openFunctionRequested, this,
            [this](const QString& name) { graphView()->openFunctionByName(name); });
    connect(m_inspector, &views::NodeInspector::nodeRequested, this,
            [this](int function, graph::NodeId node) { graphView()->revealNode(function, node); });
    connect(m_search, &views::SearchPanel::nodeActivated, this,
            [this](int function, graph::NodeId node) { graphView()->revealNode(function, node); });
    connect(m_browser, &QTreeView::activated, this, &MainWindow::browserActivated);
    connect(m_script->retraceLog(), &views::RetraceLogView::traceActivated, this,
            [this](int functionId, int traceIndex) {
                emit traceGraphRequested(functionId, traceIndex);
                openTracedGraph(functionId, traceIndex);
            });
    connect(m_script, &ScriptSession::runFinished, this, [this](bool ok) {
        statusBar()->showMessage(
            ok ? tr("The script finished.") : tr("The script stopped with an error or was stopped."), 5000);
    });
    connect(m_loader, &views::JobRunner::progressChanged, this, [this](quint64, double fraction, const QString& stage) {
        statusBar()->showMessage(tr("Loading %1: %2 (%3%)").arg(m_loadingName, stage).arg(qRound(fraction * 100)));
    });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

MainWindow::~MainWindow() = default;

views::GraphView* MainWindow::graphView() const {
    return graphPanel()->view();
}

views::GraphPanel* MainWindow::graphPanel() const {
    return m_documents[static_cast<size_t>(m_current)].panel;
}

views::GraphPanel* MainWindow::connectPanel(views::GraphPanel* panel) {
    views::GraphView* view = panel->view();
    m_progress->follow(&view->layoutJobs());
    view->setMinimapVisible(m_minimapWanted);
    connect(view, &views::GraphView::nodeSelected, this, [this, view](const views::NodeRef& node) {
        if (view == graphView()) m_inspector->showNode(node);
    });
    connect(view, &views::GraphView::itemSelected, this, [this, view](int index) {
        if (view != graphView()) return;
        const auto* snapshot = view->snapshot();
        if (index < 0 || !snapshot) m_inspector->clear();
        else if (snapshot->view.items[static_cast<size_t>(index)].node == graph::kNoNode)
            m_inspector->showItem(*snapshot, index);
    });
    connect(view, &views::GraphView::layoutFailed, this,
            [this](const QString& message) { statusBar()->showMessage(tr("Layout failed: %1").arg(message), 8000); });
    return panel;
}

int MainWindow::documentIndex(const QWidget* panel) const {
    for (size_t i = 0; i < m_documents.size(); ++i)
        if (m_documents[i].panel == panel) return static_cast<int>(i);
    return -1;
}

void MainWindow::createDocks() {
    m_browser->setModel(m_browserModel);
    m_browser->setUniformRowHeights(true);
    m_browser->setAlternatingRowColors(true);
    // Type and Size at 118 and 96 px at most, and together at most 45% of the dock: expanding a
    // signature (tensor names in Size) or narrowing the dock leaves the names readable.
    views::keepFirstColumnReadable(m_browser, { 118, 96 });

    auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable |
                       QDockWidget::DockWidgetFloatable);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* browser = dock(tr("Model"), QStringLiteral("modelDock"), m_browser, Qt::LeftDockWidgetArea);
    QDockWidget* inspector =
        dock(tr("Inspector"), QStringLiteral("inspectorDock"), m_inspector, Qt::RightDockWidgetArea);
    QDockWidget* search = dock(tr("Search"), QStringLiteral("searchDock"), m_search, Qt::LeftDockWidgetArea);
    splitDockWidget(browser, search, Qt::Vertical);
    resizeDocks({ browser, inspector }, { 460, 420 }, Qt::Horizontal);
    resizeDocks({ browser, search }, { 520, 380 }, Qt::Vertical);
    m_viewMenu = new QMenu(this);
    for (QDockWidget* d : { browser, inspector, search }) m_viewMenu->addAction(d->toggleViewAction());
    createScriptDocks();
}

void MainWindow::createScriptDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* widget) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable |
                       QDockWidget::DockWidgetFloatable);
        addDockWidget(Qt::BottomDockWidgetArea, d);
        d->hide(); // until a script is opened: a model-only session keeps the whole height
        m_viewMenu->addAction(d->toggleViewAction());
        return d;
    };
    m_codeDock = dock(tr("Code"), QStringLiteral("codeDock"), m_script->codeView());
    m_retraceDock = dock(tr("Retrace log"), QStringLiteral("retraceDock"), m_script->retraceLog());
    m_outputDock = dock(tr("Output"), QStringLiteral("outputDock"), m_script->outputPane());
    splitDockWidget(m_codeDock, m_retraceDock, Qt::Horizontal);
    tabifyDockWidget(m_retraceDock, m_outputDock);
    connect(m_script, &ScriptSession::runStarted, this, [this] {
        m_outputDock->show();
        m_outputDock->raise();
    });
    connect(m_script, &ScriptSession::runFinished, this, [this] {
        if (!m_script->retraceLog()->model()->rowCount()) return;
        m_retraceDock->show();
        m_retraceDock->raise();
    });
}

void MainWindow::showScriptDocks() {
    for (QDockWidget* d : { m_codeDock, m_retraceDock, m_outputDock }) d->show();
    resizeDocks({ m_codeDock }, { height() * 9 / 20 }, Qt::Vertical);
    resizeDocks({ m_codeDock, m_retraceDock }, { width() * 11 / 20, width() * 9 / 20 }, Qt::Horizontal);
}

bool MainWindow::openScript(const QString& path) {
    if (!m_script->openScript(path)) return false;
    showScriptDocks();
    m_codeDock->raise();
    m_script->codeView()->sourceEditor()->setFocus();
    statusBar()->showMessage(tr("Opened %1. Run it with F5.").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open\u2026"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a TensorFlow model"), QString(),
            tr("TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)"));
        if (!path.isEmpty()) openPath(path);
    });
    file->addAction(tr("Open &Folder\u2026"), this, [this] {
        const QString path = QFileDialog::getExistingDirectory(this, tr("Open a SavedModel folder"));
        if (!path.isEmpty()) openPath(path);
    });
    file->addAction(tr("Open S&cript\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a Python script"), QString(),
                                                          tr("Python scripts (*.py);;All files (*)"));
        if (!path.isEmpty()) openScript(path);
    });
    file->addAction(m_script->codeView()->saveAction());
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export View\u2026"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { exportGraph(false); });
    file->addAction(tr("Export &Whole Graph\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                    [this] { exportGraph(true); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    // Each acts on the view of the document shown.
    auto onView = [this](void (views::GraphView::*act)()) { return [this, act] { (graphView()->*act)(); }; };
    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->addAction(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                        onView(&views::GraphView::fitToView));
    viewMenu->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, onView(&views::GraphView::zoomIn));
    viewMenu->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, onView(&views::GraphView::zoomOut));
    viewMenu->addAction(tr("Actual &Size"), QKeySequence(Qt::CTRL | Qt::Key_1), this,
                        onView(&views::GraphView::resetZoom));
    viewMenu->addSeparator();
    QAction* minimap = viewMenu->addAction(tr("&Minimap"));
    minimap->setCheckable(true);
    minimap->setChecked(true);
    minimap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(minimap, &QAction::toggled, this, [this](bool wanted) {
        m_minimapWanted = wanted;
        for (const Document& document : m_documents) document.panel->view()->setMinimapVisible(wanted);
    });
    viewMenu->addAction(tr("&Collapse All"), this, onView(&views::GraphView::collapseAll));
    viewMenu->addAction(tr("&Back to Main Graph"), QKeySequence(Qt::ALT | Qt::Key_Left), this,
                        [this] { graphView()->popTo(0); });
    viewMenu->addAction(tr("Fi&nd Node\u2026"), QKeySequence::Find, this, [this] {
        m_search->parentWidget()->show();
        m_search->focusPattern();
    });
    viewMenu->addSeparator();
    QMenu* panels = viewMenu->addMenu(tr("&Panels"));
    panels->addActions(m_viewMenu->actions());

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setMovable(false);
    tools->setIconSize(QSize(16, 16));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Open"), this,
                     [file] { file->actions().front()->trigger(); });
    tools->addSeparator();
    tools->addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Main graph"), this,
                     [this] { graphView()->popTo(0); });
    tools->addAction(tr("Fit"), this, onView(&views::GraphView::fitToView));
    tools->addAction(tr("Zoom +"), this, onView(&views::GraphView::zoomIn));
    tools->addAction(tr("Zoom \u2212"), this, onView(&views::GraphView::zoomOut));
    tools->addAction(tr("Collapse all"), this, onView(&views::GraphView::collapseAll));
    tools->addAction(minimap);
    tools->addSeparator();
    tools->addAction(tr("Find"), this, [this] {
        m_search->parentWidget()->show();
        m_search->focusPattern();
    });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_script->codeView()->runAction());
    run->addAction(m_script->codeView()->stopAction());
    run->addSeparator();
    m_optimizeAction = run->addAction(tr("&Optimize Graph…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G), this,
                                      [this] { optimizeGraph(); });
    m_optimizeAction->setObjectName(QStringLiteral("optimizeGraphAction"));
    m_optimizeAction->setStatusTip(
        tr("Run grappler's passes on the graph shown and compare it before and after each pass"));
    // The actions live in the Code view's toolbar too; here they must work with the dock hidden.
    for (QAction* action : { m_script->codeView()->runAction(), m_script->codeView()->stopAction() }) {
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
    }
    tools->addSeparator();
    tools->addAction(m_script->codeView()->runAction());
    tools->addAction(m_script->codeView()->stopAction());
    tools->addSeparator();
    tools->addAction(m_optimizeAction);
    // Chinese puts the accelerator after the text, "运行(&R)"; a tool button drops only the '&',
    // so the "(R)" goes here.
    static const QRegularExpression trailingAccelerator(QStringLiteral("\\(&\\w\\)"));
    for (QAction* action : tools->actions())
        if (action->text().contains(trailingAccelerator))
            action->setIconText(QString(action->text()).remove(trailingAccelerator));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About GraphLens"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::openTracedGraph(int functionId, int traceIndex) {
    // The trace's GraphDef becomes the same Model a GraphDef file of it would (io::loadGraphDef),
    // so the graph view, the browser and the inspector show it as they show imported graphs
    // (function bodies expand in place). It goes from memory to the loader: no temp file.
    const eager::TracedGraph* traced = m_script->tracedGraph(functionId, traceIndex);
    if (!traced) {
        statusBar()->showMessage(tr("The graph of this trace is no longer kept (only the most recent ones are)."),
                                 6000);
        return;
    }
    const QString key = QStringLiteral("trace %1 %2").arg(functionId).arg(traceIndex);
    for (size_t i = 0; i < m_documents.size(); ++i)
        if (m_documents[i].key == key) {
            m_tabs->setCurrentWidget(m_documents[i].panel);
            emit modelLoaded();
            return;
        }
    const std::string name = traced->name;
    // Named as the retrace log names it: the function, the concrete function's signature, the trace.
    QString title = q(name);
    if (const auto* function = m_script->retraceLog()->model()->functionById(functionId)) {
        QString signature;
        if (const auto* event = function->traceEvent(traceIndex))
            if (const auto* concrete = function->concrete(event->concrete))
                signature = views::compactSignature(q(concrete->signature));
        title = tr("%1%2 \u00b7 trace #%3").arg(q(function->name), signature).arg(traceIndex);
    }
    load(
        title,
        [graph = traced->graph, name](const Progress& progress) {
            tensorflow::GraphDef copy = *graph; // consumed by the loader; the session's stays for the next open
            return io::loadGraphDef(std::move(copy), name, progress);
        },
        {}, title, key);
}

bool MainWindow::optimizeGraph() {
    if (!model() || model()->metaGraphs.empty()) {
        statusBar()->showMessage(tr("Open a model or a traced graph first: the passes run on the graph shown."), 6000);
        return false;
    }
    if (!m_passView) {
        m_passView = new views::PassView(this);
        m_passView->setObjectName(QStringLiteral("passView"));
        m_progress->follow(&m_passView->jobs());
        connect(m_passView, &views::PassView::failed, this, [this](const QString& message) {
            statusBar()->showMessage(tr("Optimization failed: %1").arg(message), 8000);
        });
        connect(m_passView, &views::PassView::timelineChanged, this, [this] {
            const auto& timeline = m_passView->timeline();
            if (!timeline) return;
            QString message = tr("Optimized %1: %2 passes in %3 ms")
                                  .arg(q(timeline->title))
                                  .arg(timeline->stepCount() - 1)
                                  .arg(timeline->totalMillis, 0, 'f', 1);
            if (timeline->profile.runs > 0)
                message += QStringLiteral("; ") +
                    tr("profiled: %1 ms of kernel time per run over %n runs", nullptr, timeline->profile.runs)
                        .arg(timeline->profile.secondsPerRun * 1000, 0, 'f', 3);
            statusBar()->showMessage(message, 6000);
        });
    }
    const QString title = tr("Before / after · %1").arg(QFileInfo(q(model()->path)).fileName());
    int index = m_tabs->indexOf(m_passView);
    if (index < 0) index = m_tabs->addTab(m_passView, title);
    else m_tabs->setTabText(index, title);
    m_tabs->setCurrentIndex(index);
    m_passView->optimize(model(), graphView()->metaGraph());
    return true;
}

void MainWindow::openPath(const QString& path) {
    const std::string file = QFileInfo(path).absoluteFilePath().toStdString();
    load(
        QFileInfo(path).fileName(), [file](const Progress& progress) { return io::loadModel(file, progress); }, path);
}

void MainWindow::load(const QString& name, std::function<std::shared_ptr<const graph::Model>(const Progress&)> work,
                      const QString& recentPath, const QString& title, const QString& documentKey) {
    m_loadingName = name;
    statusBar()->showMessage(tr("Loading %1\u2026").arg(name));
    m_loader->start<std::shared_ptr<const graph::Model>>(
        tr("Loading %1").arg(name), std::move(work),
        [this, name, recentPath, title, documentKey](std::shared_ptr<const graph::Model> model) {
            if (!recentPath.isEmpty()) rememberRecent(recentPath);
            if (documentKey.isEmpty()) setModel(std::move(model));
            else openDocument(documentKey, std::move(model), title);
            statusBar()->showMessage(tr("Loaded %1").arg(name), 5000);
            emit modelLoaded();
        },
        [this, name](const views::JobError& error) {
            if (error.cancelled) {
                statusBar()->showMessage(tr("Loading %1 cancelled").arg(name), 5000);
                emit loadFailed(error.message);
                return;
            }
            statusBar()->clearMessage();
            showLoadError(name, error);
            emit loadFailed(error.message);
        });
}

void MainWindow::setModel(std::shared_ptr<const graph::Model> model) {
    // The before/after view compares the previous model's graph: it goes with it.
    if (m_passView) {
        m_passView->jobs().cancel();
        if (const int index = m_tabs->indexOf(m_passView); index >= 0) m_tabs->removeTab(index);
    }
    Document& file = m_documents.front();
    file.model = std::move(model);
    m_graph->setModel(file.model, 0);
    const QString name = QFileInfo(q(file.model->path)).fileName();
    m_tabs->setTabText(m_tabs->indexOf(m_graph), name);
    m_tabs->setTabToolTip(m_tabs->indexOf(m_graph), q(file.model->path));
    m_tabs->setCurrentWidget(m_graph);
    showDocument(0);
}

void MainWindow::openDocument(const QString& key, std::shared_ptr<const graph::Model> model, const QString& title) {
    auto* panel = connectPanel(new views::GraphPanel(m_tabs));
    panel->setModel(model, 0, title);
    m_documents.push_back({ panel, std::move(model), title, key });
    const int tab = m_tabs->addTab(panel, title);
    m_tabs->setTabToolTip(tab, title);
    m_tabs->setCurrentIndex(tab); // shows it
    showDocument(static_cast<int>(m_documents.size()) - 1);
}

void MainWindow::closeDocument(int index) {
    if (index <= 0 || static_cast<size_t>(index) >= m_documents.size()) return;
    views::GraphPanel* panel = m_documents[static_cast<size_t>(index)].panel;
    panel->view()->layoutJobs().cancel();
    m_documents.erase(m_documents.begin() + index);
    if (m_current == index) m_current = 0;
    else if (m_current > index) --m_current;
    m_tabs->removeTab(m_tabs->indexOf(panel)); // shows another tab, whose document the docks follow
    panel->deleteLater();
    if (documentIndex(m_tabs->currentWidget()) < 0) showDocument(m_current);
}

void MainWindow::showDocument(int index) {
    m_current = index;
    const Document& document = m_documents[static_cast<size_t>(index)];
    const std::shared_ptr<const graph::Model>& current = document.model;
    m_inspector->clear();
    if (!current) return;
    m_browserModel->setModel(current);
    m_browser->expandToDepth(0);
    m_search->setModel(current, 0);
    const QString title = document.title;
    setWindowTitle(tr("%1 \u2014 GraphLens").arg(title.isEmpty() ? QFileInfo(q(current->path)).fileName() : title));
    QStringList warnings;
    for (const auto& warning : current->warnings) warnings << q(warning);
    for (const auto& meta : current->metaGraphs) {
        for (const auto& warning : meta.graph.warnings()) warnings << q(warning);
        for (const auto& warning : meta.library.warnings()) warnings << q(warning);
    }
    m_warnings->showWarnings(QFileInfo(q(current->path)).fileName(), warnings);
    QString summary = q(graph::formatName(current->format));
    if (!current->metaGraphs.empty()) {
        const auto& meta = current->metaGraphs[0];
        summary += tr(" \u00b7 %1 nodes \u00b7 %2 functions \u00b7 %3 signatures \u00b7 %4 variables")
                       .arg(meta.graph.size())
                       .arg(meta.library.functions().size())
                       .arg(meta.signatures.size())
                       .arg(meta.variables.size());
    }
    m_modelSummary->setText(summary);
}

void MainWindow::showLoadError(const QString& name, const views::JobError& error) {
    const views::ErrorText text = views::describeError(error);
    auto* box =
        new QMessageBox(QMessageBox::Critical, tr("Cannot open %1").arg(name), text.headline, QMessageBox::Ok, this);
    box->setInformativeText(text.details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->open(); // window-modal, does not block the event loop
}

void MainWindow::rememberRecent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openPath(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (recent.isEmpty()) m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            QSettings().remove(kRecentKey);
            rebuildRecentMenu();
        });
    }
}

void MainWindow::exportGraph(bool wholeGraph) {
    auto* view = graphView();
    if (!view->snapshot()) {
        statusBar()->showMessage(tr("Nothing to export yet."), 4000);
        return;
    }
    QString selectedFilter;
    const QString path = QFileDialog::getSaveFileName(
        this, wholeGraph ? tr("Export the whole graph") : tr("Export the view"), QStringLiteral("graph.svg"),
        tr("SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)"), &selectedFilter);
    if (!path.isEmpty()) exportGraphTo(path, wholeGraph);
}

void MainWindow::exportGraphTo(const QString& path, bool wholeGraph) {
    auto* view = graphView();
    if (!view->snapshot()) return;
    if (wholeGraph) {
        // Every scope opened, laid out and painted off the GUI thread: a whole graph can take a while.
        views::SnapshotRequest request = view->snapshotRequest();
        request.cache = nullptr; // the view's cache belongs to its own layout jobs
        m_exporter->start<QString>(
            tr("Exporting the whole graph"),
            [request = std::move(request), path](const Progress& progress) mutable {
                request.expanded = views::everyScopeExpanded(request, progress);
                return views::exportSnapshot(views::buildSnapshot(request, progress, false), path);
            },
            [this, path](const QString& error) {
                if (error.isEmpty()) statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
                else QMessageBox::warning(this, tr("Export failed"), error);
                emit exportFinished(path, error);
            },
            [this, path](const views::JobError& error) {
                if (!error.cancelled) QMessageBox::warning(this, tr("Export failed"), error.message);
                emit exportFinished(path, error.cancelled ? tr("Cancelled") : error.message);
            });
        return;
    }
    const QRectF source = view->mapToScene(view->viewport()->rect()).boundingRect();
    QString error;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) error = views::exportPng(*view->graphScene(), path, source);
    else if (suffix == QLatin1String("dot") || suffix == QLatin1String("gv"))
        error = views::exportDot(*view->snapshot(), path);
    else error = views::exportSvg(*view->graphScene(), path, source);
    if (error.isEmpty()) statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
    else QMessageBox::warning(this, tr("Export failed"), error);
    emit exportFinished(path, error);
}

void MainWindow::browserActivated(const QModelIndex& index) {
    using Kind = views::ModelBrowserModel::Kind;
    const auto kind = static_cast<Kind>(index.data(views::ModelBrowserModel::KindRole).toInt());
    const int item = index.data(views::ModelBrowserModel::IndexRole).toInt();
    auto* view = graphView();
    switch (kind) {
    case Kind::Function:
        view->openFunction(item);
        break;
    case Kind::Signature: {
        auto* box = graphPanel()->signatureBox();
        box->setCurrentIndex(std::max(0, box->findData(index.data(views::ModelBrowserModel::KeyRole))));
        break;
    }
    case Kind::SignatureInput:
    case Kind::SignatureOutput:
        if (item >= 0) view->revealNode(-1, item);
        break;
    case Kind::Variable: {
        if (!model() || model()->metaGraphs.empty() || item < 0) break;
        const auto& meta =
            model()->metaGraphs[static_cast<size_t>(index.data(views::ModelBrowserModel::MetaGraphRole).toInt())];
        const auto& variable = meta.variables[static_cast<size_t>(item)];
        if (variable.node != graph::kNoNode) view->revealNode(-1, variable.node);
        else if (!variable.readers.empty())
            view->revealNode(variable.readers.front().first, variable.readers.front().second);
        break;
    }
    default:
        break;
    }
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About GraphLens"),
                       tr("<h3>GraphLens %1</h3><p>A native inspector for TensorFlow models: SavedModels, GraphDefs, "
                          "meta graphs, checkpoints and event files.</p><p>Name scopes and function calls expand in "
                          "place; layout runs in the background and is cached per group.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().front().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile()) return;
    const QString path = urls.front().toLocalFile();
    if (path.endsWith(QLatin1String(".py"), Qt::CaseInsensitive)) openScript(path);
    else openPath(path);
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_script->maybeSave()) {
        event->ignore();
        return;
    }
    m_script->stop();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    m_loader->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace graphlens::app

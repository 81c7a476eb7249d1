// Offscreen tests of the script side of the main window: a script opens in the Code dock, runs
// off the GUI thread with its output in the Output dock, an uncaught exception marks its line,
// Stop ends an endless loop, the retrace log dock shows the run's log and its call-site links move
// the editor, a trace's graph opens from memory; writes docs/screenshots/main_window_script.png.
#include <cstdio>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>

#include "app/gui/main_window.h"
#include "app/gui/script_runner.h"
#include "app/gui/script_session.h"
#include "views/code_editor.h"
#include "views/code_view.h"
#include "views/graph_panel.h"
#include "views/graph_view.h"
#include "views/job_runner.h"
#include "views/model_browser_model.h"
#include "views/retrace_log_model.h"
#include "views/retrace_log_view.h"
#include "views/traces_chart.h"

using graphlens::app::MainWindow;
using graphlens::app::ScriptSession;

namespace {

QString writeScript(const QTemporaryDir& dir, const char* name, const char* text) {
    const QString path = dir.filePath(QLatin1String(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(text);
    return path;
}

// Runs the open script and waits for the run to end; false on timeout.
bool runAndWait(MainWindow& window, int timeoutMs = 60000) {
    QSignalSpy finished(window.scriptSession(), &ScriptSession::runFinished);
    window.scriptSession()->codeView()->runAction()->trigger();
    return finished.count() > 0 || finished.wait(timeoutMs);
}

QString output(MainWindow& window) {
    return window.scriptSession()->outputPane()->toPlainText();
}

} // namespace

class ScriptSessionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("GraphLensTests"));
        QCoreApplication::setApplicationName(QStringLiteral("GraphLensScriptTests"));
    }

    void tracebackLocationFindsTheScriptsInnermostFrame() {
        const QString report = QStringLiteral("Traceback (most recent call last):\n"
                                              "  File \"/s/a.py\", line 9, in <module>\n"
                                              "    f()\n"
                                              "  File \"/s/a.py\", line 4, in f\n"
                                              "    return 1 / 0\n"
                                              "  File \"/lib/other.py\", line 2, in g\n"
                                              "ZeroDivisionError: division by zero\n");
        const auto [line, text] = graphlens::app::tracebackLocation(report, QStringLiteral("/s/a.py"));
        QCOMPARE(line, 4);
        QCOMPARE(text, QStringLiteral("ZeroDivisionError: division by zero"));
        QCOMPARE(graphlens::app::tracebackLocation(report, QStringLiteral("/x.py")).first, 0);
    }

    void openRunOutputAndTracebackDiagnostic() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = writeScript(dir, "fails.py",
                                         "import tensorflow as tf\n"
                                         "print('hello from the script')\n"
                                         "print(tf.constant([1, 2]) * 3)\n"
                                         "def divide(a, b):\n"
                                         "    return a / b\n"
                                         "divide(1, 0)\n");
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* session = window.scriptSession();
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("codeDock"))->isVisible());
        QVERIFY(window.openScript(path));
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("codeDock"))->isVisible());
        QVERIFY(session->codeView()->text().startsWith(QLatin1String("import tensorflow")));

        QSignalSpy started(session, &ScriptSession::runStarted);
        QVERIFY(runAndWait(window));
        QCOMPARE(started.count(), 1);
        const QString text = output(window);
        QVERIFY2(text.contains(QLatin1String("hello from the script")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("tf.Tensor([3 6], shape=(2,), dtype=int32)")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("ZeroDivisionError: division by zero")), qPrintable(text));
        // The innermost frame in the script is the `return a / b` line.
        const auto& diagnostics = session->codeView()->sourceEditor()->diagnostics();
        QCOMPARE(diagnostics.size(), 1);
        QCOMPARE(diagnostics[0].line, 5);
        QCOMPARE(diagnostics[0].severity, graphlens::views::Severity::Error);
        QVERIFY(diagnostics[0].text.contains(QLatin1String("ZeroDivisionError")));
        QVERIFY(session->codeView()->runAction()->isEnabled());
        QVERIFY(!session->codeView()->stopAction()->isEnabled());
        // No tf.function ran: the retrace log says so instead of staying blank.
        QVERIFY(session->retraceLog()->messageLabel()->text().contains(QLatin1String("No tf.function")));
    }

    void stopEndsAnEndlessLoopWithoutBlockingTheGui() {
        QTemporaryDir dir;
        const QString path = writeScript(dir, "loop.py", "print('looping')\nn = 0\nwhile True:\n    n += 1\n");
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScript(path));
        auto* session = window.scriptSession();
        QSignalSpy finished(session, &ScriptSession::runFinished);
        session->codeView()->runAction()->trigger();
        QVERIFY(session->isRunning());
        QVERIFY(!session->codeView()->runAction()->isEnabled());
        QVERIFY(session->codeView()->stopAction()->isEnabled());
        // Output arrives while the script still runs.
        QVERIFY(QTest::qWaitFor([&] { return output(window).contains(QLatin1String("looping")); }, 20000));
        QVERIFY(session->isRunning());
        QElapsedTimer clock;
        clock.start();
        session->codeView()->stopAction()->trigger();
        QVERIFY(finished.count() > 0 || finished.wait(10000));
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(finished.front().front().toBool(), false);
        QVERIFY(output(window).contains(QLatin1String("Stopped.")));
        QVERIFY(session->codeView()->runAction()->isEnabled());
        QVERIFY(!session->isRunning());
    }

    // The normalize part of retrace_demo.py run by the engine: TF 2.21 traces it 12 times and
    // warns twice (checked with the oracle, see tests/views/data/README.md); the log shows that and
    // the warning becomes a diagnostic on normalize's def line.
    void runningARetracingScriptFillsTheRetraceLog() {
        QTemporaryDir dir;
        QFile demo(QStringLiteral(GRAPHLENS_VIEWS_DATA_DIR "/retrace_demo.py"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        const QByteArray lines = demo.readAll();
        // Lines 1-14 (imports and normalize) and a loop calling it with a new Python float each time.
        QByteArray script = lines.left(lines.indexOf("@tf.function\ndef accumulate"));
        script += "for step in range(12):\n    normalize(tf.ones([2, 4]), scale=float(step))\nprint('done')\n";
        const QString path = writeScript(dir, "retrace_normalize.py", script.constData());
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScript(path));
        QVERIFY(runAndWait(window, 120000));
        auto* session = window.scriptSession();
        QVERIFY2(output(window).contains(QLatin1String("done")), qPrintable(output(window)));
        const auto& log = session->retraceLog()->model()->log();
        QCOMPARE(log.functions().size(), size_t(1));
        QCOMPARE(log.functions()[0].name, std::string("normalize"));
        QCOMPARE(log.functions()[0].line, 7);
        QCOMPARE(log.functions()[0].calls, int64_t(12));
        QCOMPARE(log.functions()[0].traces, int64_t(12));
        QCOMPARE(log.functions()[0].warnings.size(), size_t(2));
        QCOMPARE(session->retraceLog()->model()->rowCount(), 1);
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("retraceDock"))->isVisible());
        bool warned = false;
        for (const auto& d : session->codeView()->sourceEditor()->diagnostics())
            warned |= d.line == 7 && d.severity == graphlens::views::Severity::Warning;
        QVERIFY(warned);
        QCOMPARE(session->retraceLog()->chart()->traceSeries().size(), 1);
    }

    void selectingATraceOpensItsGraph() {
        QTemporaryDir dir;
        const QString path = writeScript(dir, "traced_cond.py",
                                         "import tensorflow as tf\n"
                                         "@tf.function\n"
                                         "def f(x):\n"
                                         "    if tf.reduce_sum(x) > 0:\n"
                                         "        y = x * 2.0\n"
                                         "    else:\n"
                                         "        y = -x\n"
                                         "    return y\n"
                                         "print(f(tf.constant(3.0)).numpy(), f(tf.constant([1.0, 2.0])).numpy())\n");
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // A model is open: the trace's graph opens beside it, in a tab of its own.
        QSignalSpy fileLoaded(&window, &MainWindow::modelLoaded);
        window.openPath(QStringLiteral(GRAPHLENS_FIXTURES_DIR "/tf2onnx_fc_layers_frozen/frozen.pb"));
        QVERIFY(fileLoaded.wait(30000));
        const auto fileModel = window.model();
        QVERIFY(window.openScript(path));
        QVERIFY(runAndWait(window, 120000));
        auto* session = window.scriptSession();
        QVERIFY2(output(window).contains(QLatin1String("6.0 [2. 4.]")), qPrintable(output(window)));
        const auto* traced = session->tracedGraph(0, 1);
        QVERIFY(traced);
        QVERIFY(traced->graph && traced->graph->node_size() > 0);
        const QString traceName = QString::fromStdString(traced->name);
        QVERIFY2(traceName.startsWith(QLatin1String("__inference_f_")), qPrintable(traceName));
        const QStringList traceFiles{ QStringLiteral("graphlens-trace-*") };
        const QStringList tempBefore = QDir(QDir::tempPath()).entryList(traceFiles, QDir::Files);
        QSignalSpy loaded(&window, &MainWindow::modelLoaded);
        QVERIFY(session->retraceLog()->selectTrace(0, 1));
        QVERIFY(loaded.count() > 0 || loaded.wait(30000));
        const auto& model = window.model();
        QVERIFY(model);
        const auto tracedModel = model;
        // Opened from memory: named after the trace's function graph, and no file written for it.
        QCOMPARE(QString::fromStdString(model->path), traceName);
        // Titled as the retrace log names the trace (function, signature, trace), not "Main graph".
        const QString title = QStringLiteral("f(x: float32[2]) \u00b7 trace #1");
        QVERIFY2(window.windowTitle().startsWith(title), qPrintable(window.windowTitle()));
        QCOMPARE(window.graphPanel()->rootTitle(), title);
        QToolButton* crumb = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] {
                for (auto* button : window.graphPanel()->findChildren<QToolButton*>())
                    if (button->text() == title && button->isVisible()) crumb = button;
                return crumb != nullptr;
            },
            30000));
        QTest::qWait(20);
        QVERIFY2(crumb->width() >= QFontMetrics(crumb->font()).horizontalAdvance(title),
                 qPrintable(QStringLiteral("crumb %1 px for its title").arg(crumb->width())));
        const QStringList recentFiles = QSettings().value(QStringLiteral("recentFiles")).toStringList();
        QVERIFY(!recentFiles.contains(traceName) && !recentFiles.contains(QFileInfo(traceName).absoluteFilePath()));
        QCOMPARE(QDir(QDir::tempPath()).entryList(traceFiles, QDir::Files), tempBefore);
        QVERIFY(QTest::qWaitFor([&] { return window.graphView()->snapshot() != nullptr; }, 30000));
        QVERIFY(!window.graphView()->snapshot()->view.items.empty());
        QVERIFY(window.browserModel()->rowCount() > 0);
        QCOMPARE(model->metaGraphs.size(), size_t(1));
        const auto& mg = model->metaGraphs[0];
        bool hasIf = false;
        for (const auto& n : mg.graph.nodes()) hasIf |= n.op() == "StatelessIf";
        QVERIFY(hasIf);
        QCOMPARE(mg.library.functions().size(), size_t(2)); // the two branches
        // Its own document: a second tab; the file's is kept and comes back with its tab.
        auto* tabs = window.centralTabs();
        QCOMPARE(window.documentCount(), 2);
        QCOMPARE(tabs->tabText(tabs->currentIndex()), title);
        QVERIFY(window.graphView()->snapshot() != nullptr);
        QCOMPARE(tabs->tabText(0), QStringLiteral("frozen.pb"));
        tabs->setCurrentIndex(0);
        QCOMPARE(window.model(), fileModel);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("frozen.pb")));
        QCOMPARE(window.graphPanel()->rootTitle(), QString());
        // The other trace opens a third tab; selected again, the first trace's tab is raised, not
        // opened twice.
        QVERIFY(session->retraceLog()->selectTrace(0, 0));
        QVERIFY(QTest::qWaitFor([&] { return window.documentCount() == 3; }, 30000));
        QVERIFY(window.model() != tracedModel);
        QVERIFY(session->retraceLog()->selectTrace(0, 1));
        QVERIFY(QTest::qWaitFor([&] { return window.model() == tracedModel; }, 10000));
        QCOMPARE(window.documentCount(), 3);
        QCOMPARE(tabs->tabText(tabs->currentIndex()), title);
        // the placeholder keeps the second trace's shape
        const auto x = mg.graph.find("x");
        QVERIFY(x != graphlens::graph::kNoNode);
        QTest::qWait(1500); // the layout runs off the GUI thread
        const QString shots = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR);
        QDir().mkpath(shots);
        QVERIFY(window.grab().save(shots + QStringLiteral("/traced_graph.png")));
        std::printf("screenshot: %s/traced_graph.png\n", qPrintable(shots));
        // Closing the trace's tab leaves the file's document.
        emit tabs->tabCloseRequested(tabs->currentIndex());
        QCOMPARE(window.documentCount(), 2);
        QVERIFY(window.model() != tracedModel);
        QCOMPARE(tabs->count(), 2);
    }

    void retraceLogLinksMoveTheEditor() {
        QTemporaryDir dir;
        QFile::copy(QStringLiteral(GRAPHLENS_VIEWS_DATA_DIR "/retrace_demo.py"),
                    dir.filePath(QStringLiteral("retrace_demo.py")));
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScript(dir.filePath(QStringLiteral("retrace_demo.py"))));
        auto* session = window.scriptSession();
        QVERIFY(runAndWait(window, 120000));
        QCOMPARE(session->retraceLog()->model()->rowCount(), 3);
        QSignalSpy requested(&window, &MainWindow::traceGraphRequested);
        QVERIFY(session->retraceLog()->selectTrace(0, 2));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.front().at(1).toInt(), 2);
        session->goToSource(QStringLiteral("retrace_demo.py"), 32);
        QCOMPARE(session->codeView()->sourceEditor()->currentLine(), 32);
        emit session->retraceLog()->callSiteActivated(dir.filePath(QStringLiteral("retrace_demo.py")), 7);
        QCOMPARE(session->codeView()->sourceEditor()->currentLine(), 7);

        // The converted code of the function under the cursor comes from core/function.
        session->codeView()->goToLine(10); // y = x / tf.reduce_max(x), inside normalize
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !session->codeView()->isConverting() &&
                    session->codeView()->convertedSnapshot().functionName == QLatin1String("normalize");
            },
            20000));
        const auto& converted = session->codeView()->convertedSnapshot();
        QVERIFY2(converted.error.isEmpty(), qPrintable(converted.error));
        QVERIFY(converted.code.startsWith(QLatin1String("def tf__normalize(x, scale):")));
        const QVector<int> linked = session->codeView()->convertedEditor()->linkedLines();
        QVERIFY(!linked.isEmpty());
        const QString linkedText =
            session->codeView()->convertedEditor()->document()->findBlockByNumber(linked[0] - 1).text();
        QVERIFY2(linkedText.contains(QLatin1String("reduce_max")), qPrintable(linkedText));
        QFile recorded(QStringLiteral(GRAPHLENS_VIEWS_DATA_DIR "/normalize_autograph.txt"));
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        QCOMPARE(converted.code.trimmed(), QString::fromUtf8(recorded.readAll()).trimmed());

        // The whole window with the script docks, for the docs.
        window.findChild<QDockWidget*>(QStringLiteral("retraceDock"))->raise();
        session->codeView()->sourceEditor()->goToLine(9);
        QTest::qWait(100);
        const QString shots = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR);
        QDir().mkpath(shots);
        QVERIFY(window.grab().save(shots + QStringLiteral("/main_window_script.png")));
        std::printf("screenshot: %s/main_window_script.png\n", qPrintable(shots));
    }
};

QTEST_MAIN(ScriptSessionTest)
#include "script_session_test.moc"

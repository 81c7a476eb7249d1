// The retrace log views on the values core makes: the log of retrace_demo.py really run through
// session::runScript (the run the GUI makes), and logs built with RetraceLog's own calls for what
// a short script does not reach (collapsed retraces, a dropped concrete function). The tree model
// under QAbstractItemModelTester, the traces-over-calls chart's series and points, the view's
// details, selection and call-site links; writes docs/screenshots/retrace_log_view.png.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>

#include "core/function/retrace_log.h"
#include "core/session/session.h"
#include "views/retrace_log_model.h"
#include "views/retrace_log_view.h"
#include "views/traces_chart.h"

using namespace graphlens::views;
namespace function = graphlens::function;
namespace session = graphlens::session;

namespace {

const std::string kDemo = GRAPHLENS_VIEWS_DATA_DIR "/retrace_demo.py";

// retrace_demo.py as the GUI runs it: TF 2.21 traces normalize 12 times (one per Python float,
// warning at calls 5 and 6), accumulate 3 times (a new shape each call) and dense twice
// (reduce_retracing relaxes the batch dimension on the second shape), as tests/views/data/README.md
// records from the oracle. Run once; every test takes a copy.
const function::RetraceLog& demoLog() {
    static const function::RetraceLog log = [] {
        std::ifstream in(kDemo);
        REQUIRE(in);
        session::ScriptRequest request;
        request.source.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        request.path = kDemo;
        std::string err; // TF's retrace warnings, and what went wrong if the run fails
        request.out = [](std::string_view) {};
        request.err = [&err](std::string_view text) { err += text; };
        session::ScriptResult result = session::runScript(request);
        INFO(err << result.failure);
        REQUIRE(result.failure.empty());
        REQUIRE(result.ok);
        return std::move(result.retraceLog);
    }();
    return log;
}

// A loop calling step(n) with a new Python int 8 times, under tight bounds (2 head entries, 2
// tail entries): traces 2..7 share their reasons and collapse into one entry (repeat 6), and the
// concrete functions of traces 2..5 are dropped, so that entry's concrete function is gone.
function::RetraceLog collapsedLog() {
    function::RetraceLog log(function::RetraceLog::Limits{ 2, 2 });
    const int f = log.addFunction("step", "Trainer.step", "/s/loop.py", 3);
    for (int n = 0; n < 8; ++n) {
        const std::string signature = "(n: Literal[" + std::to_string(n) + "])";
        const int c = log.addConcreteFunction(f, "__inference_step_" + std::to_string(10 + n), signature, 4,
                                              { { "AddV2", 1 }, { "Const", 2 }, { "Identity", 1 } });
        function::TraceEvent event;
        event.callIndex = log.recordCall(f, c);
        event.concrete = c;
        event.signature = signature;
        event.callSite = { "/s/loop.py", 9 };
        event.timeMs = 1.5;
        event.graphNodes = 4;
        if (n == 0) event.reasons.push_back({ function::RetraceKind::FirstCall, "", "first call" });
        else
            event.reasons.push_back({ function::RetraceKind::PythonValue, "n",
                                      "python value " + std::to_string(n - 1) + " -> " + std::to_string(n) });
        event.summary = n == 0 ? "first call" : "n: " + event.reasons[0].detail;
        log.recordTrace(f, std::move(event));
    }
    log.recordWarning(f, 4, "5 out of the last 5 calls to <function step> triggered tf.function retracing.");
    return log;
}

// Fails the test on any Qt warning (QAbstractItemModelTester reports through qWarning).
class NoQtWarnings {
public:
    NoQtWarnings() {
        s_count = 0;
        m_previous = qInstallMessageHandler(&NoQtWarnings::handle);
    }
    ~NoQtWarnings() { qInstallMessageHandler(m_previous); }
    int count() const { return s_count; }

private:
    static void handle(QtMsgType type, const QMessageLogContext&, const QString& message) {
        if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg) {
            ++s_count;
            std::fprintf(stderr, "warning: %s\n", qPrintable(message));
        }
    }
    static inline std::atomic<int> s_count{ 0 };
    QtMessageHandler m_previous;
};

QVector<QPointF> points(std::initializer_list<std::pair<double, double>> list) {
    QVector<QPointF> result;
    for (const auto& [x, y] : list) result.push_back({ x, y });
    return result;
}

} // namespace

TEST_CASE("retrace log: the engine's log of the demo script", "[retrace]") {
    const function::RetraceLog& log = demoLog();
    REQUIRE(log.functions().size() == 3);
    const function::FunctionRecord& normalize = log.functions()[0];
    CHECK(normalize.name == "normalize");
    CHECK(QFileInfo(QString::fromStdString(normalize.file)).fileName() == QLatin1String("retrace_demo.py"));
    CHECK(normalize.line == 7);
    CHECK(normalize.calls == 12);
    CHECK(normalize.traces == 12);
    CHECK(normalize.concreteFunctions.size() == 12);
    REQUIRE(normalize.warnings.size() == 2);
    CHECK(normalize.warnings[0].callIndex == 4); // 0-based: the 5th call
    CHECK(normalize.warnings[0].text.rfind("5 out of the last 5 calls to <function normalize", 0) == 0);
    const function::TraceEvent* second = normalize.traceEvent(1);
    REQUIRE(second);
    CHECK(second->callIndex == 1);
    CHECK(second->callSite.line == 32);
    REQUIRE(second->reasons.size() == 1);
    CHECK(second->reasons[0].kind == function::RetraceKind::PythonValue);
    CHECK(second->reasons[0].argument == "scale");
    CHECK(second->ops.at("StatelessIf") == 1);
    CHECK(second->libraryOps.at("RealDiv") == 1);
    CHECK(log.functions()[1].traces == 3);
    const function::ConcreteFunctionRecord* relaxed = log.functions()[2].concrete(1);
    REQUIRE(relaxed);
    CHECK(relaxed->signature.find("shape=(None, 4)") != std::string::npos);
    CHECK(relaxed->calls == 2);
    CHECK(formatOpHistogram(relaxed->ops).startsWith(QStringLiteral("Placeholder \u00d72")));
}

TEST_CASE("retrace log model: functions -> concrete functions -> trace events", "[retrace]") {
    NoQtWarnings warnings;
    RetraceLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setLog(demoLog());
    CHECK(resets.count() == 1);
    REQUIRE(model.rowCount() == 3);
    CHECK(model.columnCount() == RetraceLogModel::ColumnCount);
    const QModelIndex normalize = model.index(0, 0);
    CHECK(normalize.data().toString() == QLatin1String("normalize"));
    CHECK(model.index(0, RetraceLogModel::CallsColumn).data().toInt() == 12);
    // Function rows say why they traced (kinds counted over the traces), not what they hold.
    CHECK(model.index(0, RetraceLogModel::ReasonColumn).data().toString() ==
          QStringLiteral("first call, python value \u00d711 \u00b7 retrace warning"));
    CHECK(model.index(1, RetraceLogModel::ReasonColumn).data().toString() ==
          QStringLiteral("first call, shape \u00d72"));
    CHECK(model.index(0, RetraceLogModel::OpsColumn).data().toString().isEmpty());
    CHECK(normalize.data(Qt::ToolTipRole).toString().contains(QLatin1String("12 traces, 12 concrete functions")));
    REQUIRE(model.rowCount(normalize) == 12); // one row per concrete function
    const QModelIndex concrete1 = model.index(1, 0, normalize);
    CHECK(concrete1.data(RetraceLogModel::KindRole).toInt() == int(RetraceLogModel::Kind::ConcreteFunction));
    CHECK(concrete1.data().toString() == QLatin1String("(x: float32[2, 4], scale: 1.0)"));
    CHECK(concrete1.data(Qt::ToolTipRole).toString().contains(QLatin1String("Literal[1.0]")));
    CHECK(concrete1.data(Qt::ToolTipRole).toString().startsWith(QLatin1String("__inference_normalize_")));
    // A concrete function's reason is the one of the trace that made it; its ops have their column.
    CHECK(model.index(1, RetraceLogModel::ReasonColumn, normalize).data().toString() ==
          QLatin1String("scale: python value 0.0 -> 1.0"));
    CHECK(model.index(1, RetraceLogModel::OpsColumn, normalize)
              .data()
              .toString()
              .startsWith(QStringLiteral("Const \u00d73, Identity \u00d72")));
    CHECK(model.index(1, 0, model.index(2, 0)).data().toString() ==
          QLatin1String("(x: float32[None, 4], w: var float32[4, 8])"));
    CHECK(model.index(0, RetraceLogModel::CallsColumn, model.index(2, 0)).data().toInt() == 12);
    CHECK(compactSignature(QStringLiteral("(values: TensorSpec(shape=(3,), dtype=tf.int32, name=None))")) ==
          QLatin1String("(values: int32[3])"));
    REQUIRE(model.rowCount(concrete1) == 1);
    const QModelIndex event1 = model.index(0, 0, concrete1);
    CHECK(event1.data(RetraceLogModel::TraceIndexRole).toInt() == 1);
    CHECK(event1.data(RetraceLogModel::FunctionIdRole).toInt() == 0);
    CHECK(event1.data(RetraceLogModel::ConcreteIdRole).toInt() == 1);
    CHECK(event1.data().toString() == QLatin1String("Trace #1 at call 2"));
    CHECK(model.index(0, RetraceLogModel::ReasonColumn, concrete1).data().toString() ==
          QLatin1String("scale: python value 0.0 -> 1.0"));
    CHECK(model.index(0, RetraceLogModel::TimeColumn, concrete1).data(RetraceLogModel::SortRole).toDouble() ==
          Approx(demoLog().functions()[0].traceEvents[1].timeMs));
    CHECK(model.index(0, RetraceLogModel::NodesColumn, concrete1).data().toInt() == 10);
    CHECK(event1.data(Qt::ToolTipRole).toString().contains(QLatin1String("python_value (scale)")));
    // The last concrete function holds the last trace; the accumulate traces hang under theirs.
    CHECK(model.rowCount(model.index(11, 0, normalize)) == 1);
    CHECK_FALSE(model.indexOfTrace(0, 99).isValid());
    CHECK(model.indexOfTrace(2, 1).parent().data(RetraceLogModel::ConcreteIdRole).toInt() == 1);
    CHECK(model.indexOfTrace(1, 2).data().toString() == QLatin1String("Trace #2 at call 3"));
    CHECK(model.functionById(2)->name == "dense");
    CHECK(model.functionById(3) == nullptr);

    // A collapsed entry shows how many retraces it stands for; its concrete function was dropped,
    // so it hangs under its function. Resets stay clean.
    model.setLog(collapsedLog());
    CHECK(resets.count() == 2);
    REQUIRE(model.rowCount() == 1);
    const QModelIndex step = model.index(0, 0);
    CHECK(step.data().toString() == QLatin1String("Trainer.step"));
    CHECK(model.index(0, RetraceLogModel::ReasonColumn).data().toString() ==
          QStringLiteral("first call, python value \u00d77 \u00b7 retrace warning"));
    CHECK(step.data(Qt::ToolTipRole).toString().contains(QLatin1String("8 traces, 4 concrete functions")));
    CHECK(step.data(Qt::ToolTipRole).toString().contains(QLatin1String("5 out of the last 5 calls")));
    REQUIRE(model.rowCount(step) == 5); // 4 concrete functions and the orphaned entry
    const QModelIndex collapsed = model.indexOfTrace(0, 2);
    REQUIRE(collapsed.isValid());
    CHECK(collapsed.parent() == step);
    CHECK(collapsed.data().toString() == QStringLiteral("Trace #2 at call 3 \u00d76"));
    CHECK(collapsed.data(Qt::ToolTipRole).toString().contains(QLatin1String("Stands for 6 identical retraces")));
    CHECK(model.index(collapsed.row(), RetraceLogModel::TimeColumn, step).data(RetraceLogModel::SortRole).toDouble() ==
          Approx(1.5));
    CHECK(model.index(0, RetraceLogModel::TimeColumn).data(RetraceLogModel::SortRole).toDouble() == Approx(12.0));
    model.setLog({});
    CHECK(model.rowCount() == 0);
    CHECK(resets.count() == 3);
    CHECK(warnings.count() == 0);
}

TEST_CASE("traces chart: one stepped series per function and the warnings marked", "[retrace]") {
    const function::RetraceLog& log = demoLog();
    CHECK(cumulativeTracePoints(log.functions()[2]) ==
          points({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 13, 1 }, { 13, 2 }, { 14, 2 } }));
    CHECK(cumulativeTracePoints(log.functions()[1]) ==
          points({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 }, { 3, 2 }, { 3, 3 } }));
    const QVector<QPointF> normalize = cumulativeTracePoints(log.functions()[0]);
    REQUIRE(normalize.size() == 25); // start, then a step of two points at each of the 12 calls
    CHECK(normalize[23] == QPointF(12, 11));
    CHECK(normalize[24] == QPointF(12, 12));
    CHECK(tracesAfterCall(log.functions()[0], 4) == 5);
    CHECK(callNumber(-1) == 0); // get_concrete_function outside a call
    // A collapsed entry climbs by its repeat count, then the line runs flat to the last call.
    CHECK(cumulativeTracePoints(collapsedLog().functions()[0]) ==
          points({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 }, { 3, 2 }, { 3, 8 }, { 8, 8 } }));

    TracesChart chart;
    chart.setLog(log);
    REQUIRE(chart.traceSeries().size() == 3);
    CHECK(chart.chart()->series().size() == 4); // three lines and the warning markers
    CHECK(chart.traceSeries()[0]->name() == QLatin1String("normalize"));
    CHECK(chart.traceSeries()[0]->points() == normalize);
    REQUIRE(chart.warningSeries());
    CHECK(chart.warningSeries()->points() == points({ { 5, 5 }, { 6, 6 } }));

    // At the smallest height the dock gives it, the axes still show their numbers (Qt Charts
    // elides a label it has no room for to "…").
    chart.resize(640, chart.minimumHeight());
    chart.show();
    REQUIRE(QTest::qWaitForWindowExposed(&chart));
    QApplication::processEvents();
    QStringList labels;
    for (QGraphicsItem* item : chart.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            labels << text->toPlainText();
    INFO(labels.join(QLatin1Char('|')).toStdString());
    CHECK(labels.contains(QLatin1String("10")));
    CHECK(labels.contains(QLatin1String("12"))); // the x axis's last call
    for (const QString& label : labels) CHECK_FALSE(label.endsWith(QLatin1String("...")));
    chart.setLog({});
    CHECK(chart.chart()->series().isEmpty());
    CHECK(chart.warningSeries() == nullptr);
}

TEST_CASE("retrace log view: details, trace activation, call-site links, the empty log", "[retrace]") {
    RetraceLogView view;
    view.resize(1200, 800);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy traces(&view, &RetraceLogView::traceActivated);
    QSignalSpy sites(&view, &RetraceLogView::callSiteActivated);
    view.setLog(demoLog());
    CHECK(view.messageLabel()->isHidden());
    CHECK(view.tree()->model()->rowCount() == 3);
    // The reasons are what the log is for: their column is not squeezed by the histograms'.
    CHECK(view.tree()->header()->sectionSize(RetraceLogModel::ReasonColumn) >= 250);

    REQUIRE(view.selectTrace(0, 1));
    REQUIRE(traces.count() == 1);
    CHECK(traces.front().at(0).toInt() == 0);
    CHECK(traces.front().at(1).toInt() == 1);
    const QString detail = view.detailPane()->toPlainText();
    CHECK(detail.contains(QLatin1String("normalize: trace #1 at call 2")));
    CHECK(detail.contains(QLatin1String("python_value")));
    CHECK(detail.contains(QLatin1String("scale")));
    CHECK(detail.contains(QLatin1String("python value 0.0 -> 1.0")));
    CHECK(detail.contains(QLatin1String("Pass a tensor instead of a Python number")));
    CHECK(detail.contains(QLatin1String("retrace_demo.py:32")));
    CHECK(detail.contains(QLatin1String("StatelessIf")));
    CHECK(detail.contains(QLatin1String("RealDiv"))); // library ops
    CHECK(view.detailPane()->toHtml().contains(QLatin1String("site:0")));
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:0")));
    REQUIRE(sites.count() == 1);
    CHECK(QFileInfo(sites.front().at(0).toString()).fileName() == QLatin1String("retrace_demo.py"));
    CHECK(sites.front().at(1).toInt() == 32);
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:7"))); // no such link
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("https://example.com")));
    CHECK(sites.count() == 1);

    // A concrete function's row opens the graph of the trace that made it.
    view.tree()->setCurrentIndex(view.tree()->model()->index(2, 0, view.tree()->model()->index(0, 0)));
    REQUIRE(traces.count() == 2);
    CHECK(traces.back().at(0).toInt() == 0);
    CHECK(traces.back().at(1).toInt() == 2);

    // A function row shows its warnings and links to its definition; it activates no trace.
    view.tree()->setCurrentIndex(view.tree()->model()->index(0, 0));
    CHECK(traces.count() == 2);
    CHECK(view.detailPane()->toPlainText().contains(QLatin1String("6 out of the last 6 calls")));
    CHECK(view.detailPane()->toPlainText().contains(QStringLiteral("12 calls \u00b7 12 traces")));
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:0")));
    REQUIRE(sites.count() == 2);
    CHECK(sites.back().at(1).toInt() == 7);

    // A collapsed entry says what it stands for.
    view.setLog(collapsedLog());
    REQUIRE(view.selectTrace(0, 2));
    CHECK(traces.back().at(1).toInt() == 2);
    CHECK(view.detailPane()->toPlainText().contains(QLatin1String("This entry stands for 6 identical retraces.")));

    view.clear();
    CHECK_FALSE(view.messageLabel()->isHidden());
    CHECK(view.messageLabel()->text().contains(QLatin1String("No tf.function was traced")));
    CHECK(view.tree()->model()->rowCount() == 0);
    CHECK(view.detailPane()->toPlainText().isEmpty());
}

TEST_CASE("retrace log view: screenshot", "[retrace][screenshot]") {
    RetraceLogView view;
    view.resize(1280, 820);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setLog(demoLog());
    view.tree()->expandAll();
    REQUIRE(view.selectTrace(0, 4));
    QTest::qWait(100);
    const QString dir = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString path = dir + QStringLiteral("/retrace_log_view.png");
    REQUIRE(view.grab().save(path));
    std::printf("screenshot: %s\n", qPrintable(path));
}

// The retrace log: JSON parsing (the sample and malformed documents), the tree model under
// QAbstractItemModelTester, the traces-over-calls chart's series and points, the view's details,
// selection and call-site links; writes docs/screenshots/retrace_log_view.png.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdio>

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>

#ifdef GRAPHLENS_HAVE_FUNCTION
#include "core/function/retrace_log.h"
#endif
#include "views/retrace_log_model.h"
#include "views/retrace_log_snapshot.h"
#include "views/retrace_log_view.h"
#include "views/traces_chart.h"

using namespace graphlens::views;

namespace {

QByteArray readData(const char* name) {
    QFile file(QStringLiteral(GRAPHLENS_VIEWS_DATA_DIR "/") + QLatin1String(name));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

RetraceLogSnapshot sample() {
    RetraceLogSnapshot snapshot = parseRetraceLog(readData("retrace_log_sample.json"));
    REQUIRE(snapshot.isValid());
    return snapshot;
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

TEST_CASE("retrace log: the sample parses into functions, concrete functions and events", "[retrace]") {
    const RetraceLogSnapshot log = sample();
    CHECK(log.version == 1);
    REQUIRE(log.functions.size() == 3);
    const TracedFunctionInfo& normalize = log.functions[0];
    CHECK(normalize.name == QLatin1String("normalize"));
    CHECK(normalize.file == QLatin1String("retrace_demo.py"));
    CHECK(normalize.line == 7);
    CHECK(normalize.calls == 12);
    CHECK(normalize.traces == 12);
    CHECK(normalize.concreteFunctions.size() == 12);
    CHECK(normalize.traceEvents.size() == 9);
    CHECK(normalize.totalTraces() == 12); // the last entry stands for 4
    CHECK(normalize.collapsedEvents == 3);
    REQUIRE(normalize.warnings.size() == 2);
    CHECK(normalize.warnings[0].callIndex == 4); // 0-based: the 5th call
    CHECK(normalize.warnings[0].text.startsWith(QLatin1String("5 out of the last 5 calls to <function normalize")));
    const TraceEvent* second = normalize.eventByIndex(1);
    REQUIRE(second);
    CHECK(second->callIndex == 1);
    CHECK(second->callSiteLine == 32);
    REQUIRE(second->reasons.size() == 1);
    CHECK(second->reasons[0].kind == QLatin1String("python_value"));
    CHECK(second->reasons[0].argument == QLatin1String("scale"));
    CHECK(second->ops.value(QStringLiteral("StatelessIf")) == 1);
    CHECK(second->libraryOps.value(QStringLiteral("RealDiv")) == 1);
    CHECK(normalize.eventByIndex(8)->repeat == 4);
    const ConcreteFunctionInfo* relaxed = log.functions[2].concreteById(1);
    REQUIRE(relaxed);
    CHECK(relaxed->signature.contains(QLatin1String("shape=(None, 4)")));
    CHECK(relaxed->calls == 2);
    CHECK(formatOpHistogram(relaxed->ops).startsWith(QStringLiteral("Placeholder \u00d72")));
}

TEST_CASE("retrace log: malformed documents give a clear error, never a crash", "[retrace]") {
    const std::pair<const char*, const char*> cases[] = {
        { "", "not valid JSON" },
        { "{\"version\": 1, \"functions\": [", "not valid JSON" },
        { "[1, 2]", "not a JSON object" },
        { "{\"version\": 2, \"functions\": []}", "unsupported version 2" },
        { "{\"functions\": []}", "unsupported version 0" },
        { "{\"version\": 1, \"functions\": {}}", "log.functions: expected an array" },
        { "{\"version\": 1, \"functions\": [3]}", "log.functions[0]: expected an object" },
        { "{\"version\": 1, \"functions\": [{\"calls\": \"x\"}]}", "log.functions[0].calls: expected a number" },
        { "{\"version\": 1, \"functions\": [{\"trace_events\": [{\"ops\": {\"Add\": \"2\"}}]}]}",
          "log.functions[0].trace_events[0].ops.Add: expected a number" },
        { "{\"version\": 1, \"functions\": [{\"trace_events\": [{\"call_site\": 7}]}]}",
          "log.functions[0].trace_events[0].call_site: expected an object" },
    };
    for (const auto& [json, expected] : cases) {
        INFO(json);
        const RetraceLogSnapshot log = parseRetraceLog(QByteArray(json));
        CHECK_FALSE(log.isValid());
        CHECK(log.functions.isEmpty());
        CHECK(log.error.contains(QLatin1String(expected)));
    }
    // Every prefix of the sample is either the whole document or an error.
    const QByteArray whole = readData("retrace_log_sample.json");
    for (qsizetype length = 0; length < whole.size(); length += 97) {
        const RetraceLogSnapshot log = parseRetraceLog(whole.left(length));
        CHECK_FALSE(log.isValid());
    }
    CHECK(parseRetraceLog("{\"version\": 1, \"functions\": []}").isValid());
}

#ifdef GRAPHLENS_HAVE_FUNCTION
TEST_CASE("retrace log: reads what core's RetraceLog writes", "[retrace]") {
    graphlens::function::RetraceLog log;
    const int f = log.addFunction("scale", "Model.scale", "/s/train.py", 12);
    const int c =
        log.addConcreteFunction(f, "__inference_scale_7", "(x: TensorSpec(shape=(2,), dtype=tf.float32, name='x'))", 5,
                                { { "Mul", 1 }, { "Placeholder", 1 } });
    log.recordCall(f, c);
    graphlens::function::TraceEvent event;
    event.callIndex = 0;
    event.concrete = c;
    event.signature = "(x: TensorSpec(shape=(2,), dtype=tf.float32, name='x'))";
    event.callSite = { "/s/train.py", 30 };
    event.timeMs = 3.25;
    event.graphNodes = 5;
    event.ops = { { "Mul", 1 }, { "Placeholder", 1 } };
    event.reasons.push_back({ graphlens::function::RetraceKind::Other, "x", "first call" });
    event.summary = "first call";
    log.recordTrace(f, event);
    log.recordWarning(f, 0, "1 out of the last 1 calls");
    const RetraceLogSnapshot snapshot = parseRetraceLog(QByteArray::fromStdString(log.toJson()));
    INFO(log.toJson());
    REQUIRE(snapshot.isValid());
    REQUIRE(snapshot.functions.size() == 1);
    const TracedFunctionInfo& function = snapshot.functions[0];
    CHECK(function.qualname == QLatin1String("Model.scale"));
    CHECK(function.line == 12);
    CHECK(function.calls == 1);
    REQUIRE(function.concreteFunctions.size() == 1);
    CHECK(function.concreteFunctions[0].name == QLatin1String("__inference_scale_7"));
    CHECK(function.concreteFunctions[0].ops.value(QStringLiteral("Mul")) == 1);
    REQUIRE(function.traceEvents.size() == 1);
    const TraceEvent& read = function.traceEvents[0];
    CHECK(read.callIndex == 0);
    CHECK(read.concrete == function.concreteFunctions[0].id);
    CHECK(read.callSiteFile == QLatin1String("/s/train.py"));
    CHECK(read.callSiteLine == 30);
    CHECK(read.timeMs == Approx(3.25));
    REQUIRE(read.reasons.size() == 1);
    CHECK(read.reasons[0].argument == QLatin1String("x"));
    CHECK_FALSE(read.reasons[0].kind.isEmpty());
    CHECK(read.repeat == 1);
    REQUIRE(function.warnings.size() == 1);
    CHECK(function.warnings[0].text == QLatin1String("1 out of the last 1 calls"));
    CHECK(compactSignature(read.signature) == QLatin1String("(x: float32[2])"));
}
#endif

TEST_CASE("retrace log model: functions -> concrete functions -> trace events", "[retrace]") {
    NoQtWarnings warnings;
    RetraceLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setSnapshot(sample());
    REQUIRE(model.rowCount() == 3);
    CHECK(model.columnCount() == RetraceLogModel::ColumnCount);
    const QModelIndex normalize = model.index(0, 0);
    CHECK(normalize.data().toString() == QLatin1String("normalize"));
    CHECK(model.index(0, RetraceLogModel::CallsColumn).data().toInt() == 12);
    CHECK(model.index(0, RetraceLogModel::ReasonColumn).data().toString().contains(QLatin1String("12 traces")));
    CHECK(model.index(0, RetraceLogModel::ReasonColumn).data().toString().contains(QLatin1String("retrace warning")));
    REQUIRE(model.rowCount(normalize) == 12); // one row per concrete function
    const QModelIndex concrete1 = model.index(1, 0, normalize);
    CHECK(concrete1.data(RetraceLogModel::KindRole).toInt() == int(RetraceLogModel::Kind::ConcreteFunction));
    CHECK(concrete1.data().toString() == QLatin1String("(x: float32[2, 4], scale: 1.0)"));
    CHECK(concrete1.data(Qt::ToolTipRole).toString().contains(QLatin1String("Literal[1.0]")));
    CHECK(model.index(1, 0, model.index(2, 0)).data().toString() ==
          QLatin1String("(x: float32[None, 4], w: var float32[4, 8])"));
    CHECK(compactSignature(QStringLiteral("(values: TensorSpec(shape=(3,), dtype=tf.int32, name=None))")) ==
          QLatin1String("(values: int32[3])"));
    REQUIRE(model.rowCount(concrete1) == 1);
    const QModelIndex event1 = model.index(0, 0, concrete1);
    CHECK(event1.data(RetraceLogModel::TraceIndexRole).toInt() == 1);
    CHECK(event1.data(RetraceLogModel::FunctionIdRole).toInt() == 0);
    CHECK(event1.data().toString() == QLatin1String("Trace #1 at call 2"));
    CHECK(model.index(0, RetraceLogModel::ReasonColumn, concrete1).data().toString() ==
          QLatin1String("scale: new Python value 1.0"));
    CHECK(model.index(0, RetraceLogModel::TimeColumn, concrete1).data(RetraceLogModel::SortRole).toDouble() ==
          Approx(9.8));
    CHECK(model.index(0, RetraceLogModel::NodesColumn, concrete1).data().toInt() == 10);
    // The collapsed entry shows how many retraces it stands for.
    const QModelIndex collapsed = model.indexOfTrace(0, 8);
    REQUIRE(collapsed.isValid());
    CHECK(collapsed.data().toString().endsWith(QStringLiteral("\u00d74")));
    CHECK(collapsed.data(Qt::ToolTipRole).toString().contains(QLatin1String("Stands for 4 identical retraces")));
    // Concrete functions without events (9..11, made by the collapsed retraces) have no children.
    CHECK(model.rowCount(model.index(11, 0, normalize)) == 0);
    CHECK_FALSE(model.indexOfTrace(0, 99).isValid());
    CHECK(model.indexOfTrace(2, 1).parent().data(RetraceLogModel::ConcreteIdRole).toInt() == 1);

    // An event whose concrete function is missing hangs under its function; resets stay clean.
    RetraceLogSnapshot orphan = parseRetraceLog(R"({"version": 1, "functions": [{"id": 4, "name": "f",
        "trace_events": [{"index": 0, "call_index": 1, "concrete": 9, "summary": "first call"}]}]})");
    REQUIRE(orphan.isValid());
    model.setSnapshot(orphan);
    REQUIRE(model.rowCount(model.index(0, 0)) == 1);
    CHECK(model.index(0, 0, model.index(0, 0)).data(RetraceLogModel::TraceIndexRole).toInt() == 0);
    model.setSnapshot(RetraceLogSnapshot{});
    CHECK(model.rowCount() == 0);
    CHECK(warnings.count() == 0);
}

TEST_CASE("traces chart: one stepped series per function and the warnings marked", "[retrace]") {
    const RetraceLogSnapshot log = sample();
    CHECK(cumulativeTracePoints(log.functions[2]) ==
          points({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 13, 1 }, { 13, 2 }, { 14, 2 } }));
    CHECK(cumulativeTracePoints(log.functions[1]) ==
          points({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 }, { 3, 2 }, { 3, 3 } }));
    const QVector<QPointF> normalize = cumulativeTracePoints(log.functions[0]);
    REQUIRE(normalize.size() == 20); // start, 9 steps of two points, flat to call 12
    CHECK(normalize[17] == QPointF(9, 8));
    CHECK(normalize[18] == QPointF(9, 12)); // the collapsed entry climbs by its repeat count
    CHECK(normalize[19] == QPointF(12, 12));
    CHECK(tracesAfterCall(log.functions[0], 4) == 5);
    CHECK(callNumber(-1) == 0); // get_concrete_function outside a call

    TracesChart chart;
    chart.setSnapshot(log);
    REQUIRE(chart.traceSeries().size() == 3);
    CHECK(chart.chart()->series().size() == 4); // three lines and the warning markers
    CHECK(chart.traceSeries()[0]->name() == QLatin1String("normalize"));
    CHECK(chart.traceSeries()[0]->points() == normalize);
    REQUIRE(chart.warningSeries());
    CHECK(chart.warningSeries()->points() == points({ { 5, 5 }, { 6, 6 } }));
    chart.setSnapshot(RetraceLogSnapshot{});
    CHECK(chart.chart()->series().isEmpty());
    CHECK(chart.warningSeries() == nullptr);
}

TEST_CASE("retrace log view: details, trace activation, call-site links, errors", "[retrace]") {
    RetraceLogView view;
    view.resize(1200, 800);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy traces(&view, &RetraceLogView::traceActivated);
    QSignalSpy sites(&view, &RetraceLogView::callSiteActivated);
    view.setSnapshot(sample());
    CHECK(view.messageLabel()->isHidden());
    CHECK(view.tree()->model()->rowCount() == 3);

    REQUIRE(view.selectTrace(0, 1));
    REQUIRE(traces.count() == 1);
    CHECK(traces.front().at(0).toInt() == 0);
    CHECK(traces.front().at(1).toInt() == 1);
    const QString detail = view.detailPane()->toPlainText();
    CHECK(detail.contains(QLatin1String("python_value")));
    CHECK(detail.contains(QLatin1String("scale")));
    CHECK(detail.contains(QLatin1String("Python float 0.0 -> 1.0")));
    CHECK(detail.contains(QLatin1String("Pass scale as a tensor")));
    CHECK(detail.contains(QLatin1String("retrace_demo.py:32")));
    CHECK(detail.contains(QLatin1String("StatelessIf")));
    CHECK(detail.contains(QLatin1String("RealDiv"))); // library ops
    CHECK(view.detailPane()->toHtml().contains(QLatin1String("site:0")));
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:0")));
    REQUIRE(sites.count() == 1);
    CHECK(sites.front().at(0).toString() == QLatin1String("retrace_demo.py"));
    CHECK(sites.front().at(1).toInt() == 32);
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:7"))); // no such link
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("https://example.com")));
    CHECK(sites.count() == 1);

    // A function row shows its warnings and links to its definition; it activates no trace.
    view.tree()->setCurrentIndex(view.tree()->model()->index(0, 0));
    CHECK(traces.count() == 1);
    CHECK(view.detailPane()->toPlainText().contains(QLatin1String("6 out of the last 6 calls")));
    emit view.detailPane()->anchorClicked(QUrl(QStringLiteral("site:0")));
    REQUIRE(sites.count() == 2);
    CHECK(sites.back().at(1).toInt() == 7);

    view.setSnapshot(parseRetraceLog("{\"version\": 1, \"functions\": [{\"calls\": \"x\"}]}"));
    CHECK_FALSE(view.messageLabel()->isHidden());
    CHECK(view.messageLabel()->text().contains(QLatin1String("expected a number")));
    CHECK(view.tree()->model()->rowCount() == 0);
    CHECK(view.detailPane()->toPlainText().isEmpty());
    view.clear();
    CHECK(view.messageLabel()->text().contains(QLatin1String("No tf.function was traced")));
}

TEST_CASE("retrace log view: screenshot", "[retrace][screenshot]") {
    RetraceLogView view;
    view.resize(1280, 820);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(sample());
    view.tree()->expandAll();
    REQUIRE(view.selectTrace(0, 4));
    QTest::qWait(100);
    const QString dir = QStringLiteral(GRAPHLENS_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString path = dir + QStringLiteral("/retrace_log_view.png");
    REQUIRE(view.grab().save(path));
    std::printf("screenshot: %s\n", qPrintable(path));
}

#include "views/traces_chart.h"

#include <algorithm>
#include <utility>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include "views/retrace_log_model.h"

namespace graphlens::views {
namespace {

using function::FunctionRecord;
using function::TraceEvent;

// Distinct, print-friendly colours (Tableau 10 order); the warning marker uses its own red.
const QColor kSeriesColors[] = { QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                 QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
                                 QColor(0x9c, 0x75, 0x5f), QColor(0xba, 0xb0, 0xac) };
const QColor kWarningColor(0xe1, 0x57, 0x59);

// The smallest of 1, 2, 5, 10, 20, 50, ... that splits [0, max] into at most `intervals`.
double niceStep(double max, int intervals) {
    for (double magnitude = 1;; magnitude *= 10)
        for (double step : { 1.0, 2.0, 5.0 })
            if (max / (step * magnitude) <= intervals) return step * magnitude;
}

// Pixels a tick label needs along its axis: a line of text on the y axis, a number on the x axis.
constexpr double kYLabelPixels = 22;
constexpr double kXLabelPixels = 48;

} // namespace

QVector<QPointF> cumulativeTracePoints(const FunctionRecord& function) {
    std::vector<const TraceEvent*> events;
    for (const auto& e : function.traceEvents) events.push_back(&e);
    std::stable_sort(events.begin(), events.end(),
                     [](const TraceEvent* a, const TraceEvent* b) { return a->callIndex < b->callIndex; });
    QVector<QPointF> points{ { 0, 0 } };
    int64_t traces = 0;
    int64_t lastCall = 0;
    for (const TraceEvent* e : events) {
        const int64_t call = callNumber(e->callIndex);
        points.push_back({ double(call), double(traces) });
        traces += e->repeat;
        points.push_back({ double(call), double(traces) });
        lastCall = std::max(lastCall, call);
    }
    const int64_t end = std::max(lastCall, function.calls);
    if (double(end) > points.back().x()) points.push_back({ double(end), double(traces) });
    // Drop the zero-length steps a trace at call 0 would leave behind.
    points.erase(std::unique(points.begin(), points.end()), points.end());
    return points;
}

int64_t tracesAfterCall(const FunctionRecord& function, int64_t callIndex) {
    int64_t traces = 0;
    for (const auto& e : function.traceEvents)
        if (e.callIndex <= callIndex) traces += e.repeat;
    return traces;
}

TracesChart::TracesChart(QWidget* parent)
    : QChartView(new QChart(), parent) {
    setRenderHint(QPainter::Antialiasing);
    // No chart title and the legend on the right: at the dock's 160 px a title and a bottom
    // legend leave the axes so little height that Qt Charts elides every tick label to "..." (#21).
    // The y axis's title says what the chart is.
    chart()->legend()->setAlignment(Qt::AlignRight);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    // tall enough for its axes and legend, short enough that the Retrace log dock beside the
    // other docks still fits a 720 px screen (#21); the splitter gives it more when there is room
    setMinimumHeight(160);
    // Qt Charts elides a label that does not fit between its neighbours to "...": fewer ticks
    // when the plot gets small.
    connect(chart(), &QChart::plotAreaChanged, this, [this] { updateTicks(); });
}

void TracesChart::updateTicks() {
    const QRectF plot = chart()->plotArea();
    const auto intervals = [](double pixels, double perLabel) {
        return std::clamp(static_cast<int>(pixels / perLabel), 1, 10);
    };
    for (auto [axis, count] : { std::pair{ m_xAxis, intervals(plot.width(), kXLabelPixels) },
                                std::pair{ m_yAxis, intervals(plot.height(), kYLabelPixels) } }) {
        if (!axis) continue;
        const double step = niceStep(axis->max(), count);
        if (axis->tickInterval() != step) axis->setTickInterval(step);
    }
}

void TracesChart::setLog(const function::RetraceLog& log) {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    m_lines.clear();
    m_functionIds.clear();
    m_warnings = nullptr;
    m_xAxis = m_yAxis = nullptr;

    auto* xAxis = new QValueAxis(c);
    xAxis->setTitleText(tr("Call"));
    xAxis->setLabelFormat(QStringLiteral("%d"));
    auto* yAxis = new QValueAxis(c);
    yAxis->setTitleText(tr("Traces"));
    yAxis->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(xAxis, Qt::AlignBottom);
    c->addAxis(yAxis, Qt::AlignLeft);

    double maxX = 1, maxY = 1;
    QVector<QPointF> warningPoints;
    const auto& functions = log.functions();
    for (size_t i = 0; i < functions.size(); ++i) {
        const FunctionRecord& function = functions[i];
        auto* line = new QLineSeries(c);
        line->setName(QString::fromStdString(function.name));
        line->replace(cumulativeTracePoints(function));
        QPen pen(kSeriesColors[i % std::size(kSeriesColors)]);
        pen.setWidthF(2);
        line->setPen(pen);
        c->addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        m_lines.push_back(line);
        m_functionIds.push_back(function.id);
        for (const QPointF& p : line->points()) {
            maxX = std::max(maxX, p.x());
            maxY = std::max(maxY, p.y());
        }
        for (const auto& warning : function.warnings)
            warningPoints.push_back(
                { double(callNumber(warning.callIndex)), double(tracesAfterCall(function, warning.callIndex)) });
    }
    if (!warningPoints.isEmpty()) {
        m_warnings = new QScatterSeries(c);
        m_warnings->setName(tr("Retrace warning"));
        m_warnings->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        m_warnings->setMarkerSize(9);
        m_warnings->setColor(kWarningColor);
        m_warnings->setBorderColor(kWarningColor.darker(140));
        m_warnings->replace(warningPoints);
        c->addSeries(m_warnings);
        m_warnings->attachAxis(xAxis);
        m_warnings->attachAxis(yAxis);
    }
    // Whole-number ticks at a 1-2-5 step: calls and traces are counts, never fractions.
    for (auto [axis, max] : { std::pair{ xAxis, maxX }, std::pair{ yAxis, maxY + 1 } }) {
        axis->setRange(0, max);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
    }
    m_xAxis = xAxis;
    m_yAxis = yAxis;
    updateTicks(); // the step, from the range and the plot's size
}

void TracesChart::highlightFunction(int functionId) {
    for (int i = 0; i < m_lines.size(); ++i) {
        QPen pen = m_lines[i]->pen();
        pen.setWidthF(functionId >= 0 && m_functionIds[i] == functionId ? 3.5 : 2);
        m_lines[i]->setPen(pen);
    }
}

} // namespace graphlens::views

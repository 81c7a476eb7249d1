#pragma once
// Traces over calls: one stepped line per traced function (x = call index, y = traces so far),
// so a function that keeps retracing climbs while a healthy one goes flat after its first call.
// Calls where TensorFlow logged its retrace warning are marked with a scatter series.
#include <QChartView>
#include <QPointF>
#include <QVector>

#include "core/function/retrace_log.h"

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace graphlens::views {

// The stepped points of one function: (0,0), then at every trace event's call number (callIndex
// + 1: the x axis counts calls from 1) a vertical step by the event's `repeat`, then flat to the
// last call.
QVector<QPointF> cumulativeTracePoints(const function::FunctionRecord& function);
// Cumulative traces of `function` right after the call with 0-based index `callIndex`.
int64_t tracesAfterCall(const function::FunctionRecord& function, int64_t callIndex);

class TracesChart : public QChartView {
    Q_OBJECT
public:
    explicit TracesChart(QWidget* parent = nullptr);

    void setLog(const function::RetraceLog& log);
    // Emphasises one function's line (the one selected in the tree); -1 for none.
    void highlightFunction(int functionId);

    QVector<QLineSeries*> traceSeries() const { return m_lines; }
    QScatterSeries* warningSeries() const { return m_warnings; }

private:
    void updateTicks();

    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QVector<QLineSeries*> m_lines;
    QVector<int> m_functionIds;
    QScatterSeries* m_warnings = nullptr;
};

} // namespace graphlens::views

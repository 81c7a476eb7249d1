#pragma once
// The retrace log panel: the tree of functions -> concrete functions -> traces on the left, the
// selected row's details on the right (signature, every reason with its argument and detail, the
// suggestion, the call site as a link, the op histogram), and the traces-over-calls chart below.
//
//   auto* log = new RetraceLogView;
//   log->setLog(std::move(result.retraceLog)); // session::ScriptResult, via the script thread
//   connect(log, &RetraceLogView::callSiteActivated, code, &CodeView::goToLine);
//   connect(log, &RetraceLogView::traceActivated, app, &App::showTraceGraph);
#include <QPair>
#include <QWidget>

#include "core/function/retrace_log.h"

class QLabel;
class QTextBrowser;
class QTreeView;
class QUrl;
class QSortFilterProxyModel;

namespace graphlens::views {

class RetraceLogModel;
class TracesChart;

class RetraceLogView : public QWidget {
    Q_OBJECT
public:
    explicit RetraceLogView(QWidget* parent = nullptr);

    // Shows `log`; an empty one says how to fill it in place of the tree.
    void setLog(function::RetraceLog log);
    void clear();
    // Selects a trace's row (and so emits traceActivated); false when there is none.
    bool selectTrace(int functionId, int traceIndex);

    RetraceLogModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    QTextBrowser* detailPane() const { return m_detail; }
    TracesChart* chart() const { return m_chart; }
    QLabel* messageLabel() const { return m_message; }

signals:
    // A trace event's row, or a concrete function's (then the trace that made it), became current:
    // the app opens that trace's graph.
    void traceActivated(int functionId, int traceIndex);
    // A file:line link in the details was clicked (a call site or a function's definition).
    void callSiteActivated(const QString& file, int line);

private:
    void showDetails(const QModelIndex& index);
    void linkClicked(const QUrl& url);
    QString link(const QString& file, int line);

    RetraceLogModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTreeView* m_tree = nullptr;
    QTextBrowser* m_detail = nullptr;
    TracesChart* m_chart = nullptr;
    QLabel* m_message = nullptr;
    QVector<QPair<QString, int>> m_links; // targets of the "site:N" anchors in the details
};

} // namespace graphlens::views

#include "views/retrace_log_view.h"

#include <algorithm>

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

#include "views/retrace_log_model.h"
#include "views/traces_chart.h"

namespace graphlens::views {
namespace {

// Aliases: showDetails' `function` would hide the namespace.
using function::ConcreteFunctionRecord;
using function::FunctionRecord;
using function::retraceKindName;
using function::TraceEvent;

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QString esc(const QString& text) {
    return text.toHtmlEscaped();
}

QString esc(const std::string& text) {
    return q(text).toHtmlEscaped();
}

// The op histogram as an HTML table with proportional bars: reads at a glance which ops dominate.
QString histogramHtml(const function::OpHistogram& ops) {
    if (ops.empty()) return {};
    std::vector<std::pair<std::string, int64_t>> sorted(ops.begin(), ops.end());
    int64_t maxCount = 1;
    for (const auto& entry : sorted) maxCount = std::max(maxCount, entry.second);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    for (const auto& [op, count] : sorted) {
        const int64_t width = std::max<int64_t>(2, 140 * count / maxCount);
        html += QStringLiteral("<tr><td><code>%1</code>&nbsp;&nbsp;</td><td align='right'>%2&nbsp;</td>"
                               "<td><table cellspacing='0' cellpadding='0'><tr><td width='%3' height='8' "
                               "bgcolor='#4e79a7'></td></tr></table></td></tr>")
                    .arg(esc(op))
                    .arg(count)
                    .arg(width);
    }
    return html + QStringLiteral("</table>");
}

QString section(const QString& title) {
    return QStringLiteral("<h4 style='margin-top:10px; margin-bottom:3px; color:#39464f'>%1</h4>").arg(esc(title));
}

} // namespace

RetraceLogView::RetraceLogView(QWidget* parent)
    : QWidget(parent)
    , m_model(new RetraceLogModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_tree(new QTreeView(this))
    , m_detail(new QTextBrowser(this))
    , m_chart(new TracesChart(this))
    , m_message(new QLabel(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RetraceLogModel::SortRole);
    m_tree->setModel(m_proxy);
    m_tree->setObjectName(QStringLiteral("retraceTree"));
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(-1, Qt::AscendingOrder); // the log's own order until the user sorts
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(RetraceLogModel::NameColumn, QHeaderView::Interactive);
    // Reason keeps its width (the tree scrolls before it is squeezed); the histograms take the rest.
    m_tree->header()->setSectionResizeMode(RetraceLogModel::ReasonColumn, QHeaderView::Interactive);
    m_tree->header()->resizeSection(RetraceLogModel::ReasonColumn, 260);
    m_tree->header()->resizeSection(RetraceLogModel::NameColumn, 300);
    for (int column : { RetraceLogModel::TimeColumn, RetraceLogModel::NodesColumn, RetraceLogModel::CallsColumn })
        m_tree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(RetraceLogModel::OpsColumn, QHeaderView::Stretch);

    m_detail->setObjectName(QStringLiteral("retraceDetail"));
    m_detail->setOpenLinks(false);
    m_detail->setOpenExternalLinks(false);
    m_detail->setPlaceholderText(tr("Select a function, a concrete function or a trace."));

    m_message->setObjectName(QStringLiteral("retraceMessage"));
    m_message->setWordWrap(true);
    m_message->setContentsMargins(8, 6, 8, 6);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_tree);
    top->addWidget(m_detail);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(top);
    vertical->addWidget(m_chart);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({ 560, 320 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_message);
    layout->addWidget(vertical, 1);

    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showDetails(m_proxy->mapToSource(current)); });
    connect(m_detail, &QTextBrowser::anchorClicked, this, &RetraceLogView::linkClicked);
    clear();
}

void RetraceLogView::clear() {
    setLog({});
}

void RetraceLogView::setLog(function::RetraceLog log) {
    m_detail->clear();
    m_links.clear();
    if (log.functions().empty()) {
        m_message->setText(
            tr("No tf.function was traced. Run a script that calls a @tf.function to fill the retrace log."));
        m_message->setStyleSheet(QStringLiteral("color:#606f7a;"));
        m_message->show();
    } else {
        m_message->hide();
    }
    m_chart->setLog(log);
    m_model->setLog(std::move(log));
    m_tree->expandToDepth(0);
}

bool RetraceLogView::selectTrace(int functionId, int traceIndex) {
    const QModelIndex index = m_proxy->mapFromSource(m_model->indexOfTrace(functionId, traceIndex));
    if (!index.isValid()) return false;
    m_tree->scrollTo(index);
    m_tree->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

QString RetraceLogView::link(const QString& file, int line) {
    if (file.isEmpty() && line <= 0) return tr("unknown");
    m_links.push_back({ file, line });
    const QString text = QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(line);
    return QStringLiteral("<a href='site:%1' title='%2'>%3</a>").arg(m_links.size() - 1).arg(esc(file), esc(text));
}

void RetraceLogView::linkClicked(const QUrl& url) {
    if (url.scheme() != QLatin1String("site")) return;
    bool ok = false;
    const int i = url.path().toInt(&ok);
    if (ok && i >= 0 && i < m_links.size()) emit callSiteActivated(m_links[i].first, m_links[i].second);
}

void RetraceLogView::showDetails(const QModelIndex& index) {
    m_links.clear();
    if (!index.isValid()) {
        m_detail->clear();
        m_chart->highlightFunction(-1);
        return;
    }
    using Kind = RetraceLogModel::Kind;
    const auto kind = static_cast<Kind>(index.data(RetraceLogModel::KindRole).toInt());
    const int functionId = index.data(RetraceLogModel::FunctionIdRole).toInt();
    const FunctionRecord* function = m_model->functionById(functionId);
    if (!function) return;
    m_chart->highlightFunction(functionId);
    const QString functionName = q(function->name);
    QString html;
    int64_t activatedTrace = -1;
    switch (kind) {
    case Kind::Function: {
        html += QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>")
                    .arg(esc(function->qualname.empty() ? function->name : function->qualname));
        html += tr("Defined at %1").arg(link(q(function->file), function->line));
        html += QStringLiteral("<p>") + formatCount(function->calls, tr("%1 call"), tr("%1 calls")) +
            QStringLiteral(" \u00b7 ") + formatCount(function->traces, tr("%1 trace"), tr("%1 traces")) +
            QStringLiteral(" \u00b7 ") +
            formatCount(static_cast<qint64>(function->concreteFunctions.size()), tr("%1 concrete function"),
                        tr("%1 concrete functions")) +
            QStringLiteral("</p>");
        if (function->collapsedEvents > 0)
            html += QStringLiteral("<p style='color:#606f7a'>") +
                formatCount(function->collapsedEvents, tr("%1 identical retrace is collapsed into a repeated entry."),
                            tr("%1 identical retraces are collapsed into repeated entries.")) +
                QStringLiteral("</p>");
        if (!function->warnings.empty()) {
            html += section(tr("Retrace warnings"));
            for (const auto& w : function->warnings)
                html += QStringLiteral("<p style='color:#8a4b00'>\u26a0 <b>%1</b> %2</p>")
                            .arg(tr("Call %1:").arg(callNumber(w.callIndex)), esc(w.text));
        }
        break;
    }
    case Kind::ConcreteFunction: {
        const ConcreteFunctionRecord* concrete =
            function->concrete(index.data(RetraceLogModel::ConcreteIdRole).toInt());
        if (!concrete) break;
        html += QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(esc(concrete->name));
        html += QStringLiteral("<p style='font-family:monospace; color:#39464f'>%1</p>").arg(esc(concrete->signature));
        html += QStringLiteral("<p>") + formatCount(concrete->calls, tr("%1 call"), tr("%1 calls")) +
            QStringLiteral(" \u00b7 ") + formatCount(concrete->graphNodes, tr("%1 graph node"), tr("%1 graph nodes")) +
            QStringLiteral("</p>");
        if (!concrete->ops.empty()) html += section(tr("Ops")) + histogramHtml(concrete->ops);
        // A concrete function's graph is the graph of the trace that made it: open that one.
        if (const TraceEvent* event = function->traceThatMade(concrete->id)) activatedTrace = event->index;
        break;
    }
    case Kind::TraceEvent: {
        const TraceEvent* event = function->traceEvent(index.data(RetraceLogModel::TraceIndexRole).toLongLong());
        if (!event) break;
        html += QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>")
                    .arg(esc(event->callIndex < 0
                                 ? tr("%1: trace #%2 by get_concrete_function").arg(functionName).arg(event->index)
                                 : tr("%1: trace #%2 at call %3")
                                       .arg(functionName)
                                       .arg(event->index)
                                       .arg(callNumber(event->callIndex))));
        if (event->repeat > 1)
            html += QStringLiteral("<p style='color:#8a4b00'>") +
                formatCount(event->repeat, tr("This entry stands for %1 identical retrace."),
                            tr("This entry stands for %1 identical retraces.")) +
                QStringLiteral("</p>");
        html += QStringLiteral("<p style='font-family:monospace; color:#39464f'>%1</p>").arg(esc(event->signature));
        html += QStringLiteral("<p>") + tr("Called from %1").arg(link(q(event->callSite.file), event->callSite.line)) +
            QStringLiteral(" \u00b7 ") + tr("%1 ms to trace").arg(event->timeMs, 0, 'f', 2) +
            QStringLiteral(" \u00b7 ") + formatCount(event->graphNodes, tr("%1 graph node"), tr("%1 graph nodes")) +
            QStringLiteral("</p>");
        html += section(tr("Why it traced"));
        if (!event->summary.empty()) html += QStringLiteral("<p><b>%1</b></p>").arg(esc(event->summary));
        if (!event->reasons.empty()) {
            html += QStringLiteral(
                        "<table cellspacing='0' cellpadding='2'><tr><th align='left'>%1</th><th align='left'>%2</th>"
                        "<th align='left'>%3</th></tr>")
                        .arg(tr("Reason"), tr("Argument"), tr("Detail"));
            for (const auto& reason : event->reasons)
                html +=
                    QStringLiteral("<tr><td><code>%1</code>&nbsp;</td><td><code>%2</code>&nbsp;</td><td>%3</td></tr>")
                        .arg(esc(std::string(retraceKindName(reason.kind))), esc(reason.argument), esc(reason.detail));
            html += QStringLiteral("</table>");
        }
        if (!event->suggestion.empty())
            html += section(tr("Suggestion")) +
                QStringLiteral("<p style='background:#eef5e9; padding:4px'>%1</p>").arg(esc(event->suggestion));
        if (!event->ops.empty()) html += section(tr("Ops in the traced graph")) + histogramHtml(event->ops);
        if (!event->libraryOps.empty())
            html += section(tr("Ops in called library functions")) + histogramHtml(event->libraryOps);
        activatedTrace = event->index;
        break;
    }
    }
    m_detail->setHtml(html);
    if (activatedTrace >= 0) emit traceActivated(functionId, static_cast<int>(activatedTrace));
}

} // namespace graphlens::views

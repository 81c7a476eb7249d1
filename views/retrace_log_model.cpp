#include "views/retrace_log_model.h"

#include <algorithm>

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

namespace graphlens::views {
namespace {

// Aliases: the rows' locals are called `function`, which would hide the namespace.
using function::ConcreteFunctionRecord;
using function::FunctionRecord;
using function::retraceKindName;
using function::TraceEvent;

QString q(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// QVariant has no constructor for int64_t (long here): it would be ambiguous.
QVariant number(int64_t n) {
    return static_cast<qlonglong>(n);
}

QString formatMs(double ms) {
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : 1);
}

double totalMs(const FunctionRecord& function, int concreteId = -1) {
    double total = 0;
    for (const auto& e : function.traceEvents)
        if (concreteId < 0 || e.concrete == concreteId) total += e.timeMs * static_cast<double>(e.repeat);
    return total;
}

const QColor kWarningColor(0xb3, 0x5c, 0x00);
const QColor kMutedColor(0x60, 0x6f, 0x7a);

} // namespace

RetraceLogModel::RetraceLogModel(QObject* parent)
    : QAbstractItemModel(parent) { }

int RetraceLogModel::add(Row row) {
    const int id = static_cast<int>(m_rows.size());
    std::vector<int>& siblings = row.parent < 0 ? m_top : m_rows[static_cast<size_t>(row.parent)].children;
    row.rowInParent = static_cast<int>(siblings.size());
    siblings.push_back(id);
    m_rows.push_back(std::move(row));
    return id;
}

void RetraceLogModel::setLog(function::RetraceLog log) {
    beginResetModel();
    m_log = std::move(log);
    m_rows.clear();
    m_top.clear();
    const auto& functions = m_log.functions();
    for (size_t f = 0; f < functions.size(); ++f) {
        const FunctionRecord& function = functions[f];
        const int functionRow = add({ Kind::Function, static_cast<int>(f), -1, -1, 0, {} });
        std::vector<int> concreteRows;
        for (size_t c = 0; c < function.concreteFunctions.size(); ++c)
            concreteRows.push_back(
                add({ Kind::ConcreteFunction, static_cast<int>(f), static_cast<int>(c), functionRow, 0, {} }));
        for (size_t e = 0; e < function.traceEvents.size(); ++e) {
            int parent = functionRow;
            for (size_t c = 0; c < function.concreteFunctions.size(); ++c)
                if (function.concreteFunctions[c].id == function.traceEvents[e].concrete) parent = concreteRows[c];
            add({ Kind::TraceEvent, static_cast<int>(f), static_cast<int>(e), parent, 0, {} });
        }
    }
    endResetModel();
}

const FunctionRecord* RetraceLogModel::functionById(int functionId) const {
    for (const auto& f : m_log.functions())
        if (f.id == functionId) return &f;
    return nullptr;
}

QModelIndex RetraceLogModel::indexOfTrace(int functionId, int traceIndex) const {
    for (size_t id = 0; id < m_rows.size(); ++id) {
        const Row& row = m_rows[id];
        if (row.kind != Kind::TraceEvent) continue;
        const FunctionRecord& function = m_log.functions()[static_cast<size_t>(row.function)];
        if (function.id == functionId && function.traceEvents[static_cast<size_t>(row.item)].index == traceIndex)
            return createIndex(row.rowInParent, 0, static_cast<quintptr>(id));
    }
    return {};
}

QModelIndex RetraceLogModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (parent.isValid() && parent.column() != 0) return {};
    const std::vector<int>& list = parent.isValid() ? m_rows[parent.internalId()].children : m_top;
    if (row >= static_cast<int>(list.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(list[static_cast<size_t>(row)]));
}

QModelIndex RetraceLogModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const int parentRow = m_rows[child.internalId()].parent;
    if (parentRow < 0) return {};
    return createIndex(m_rows[static_cast<size_t>(parentRow)].rowInParent, 0, static_cast<quintptr>(parentRow));
}

int RetraceLogModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_top.size());
    if (parent.column() != 0) return 0;
    return static_cast<int>(m_rows[parent.internalId()].children.size());
}

int RetraceLogModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant RetraceLogModel::display(const Row& row, int column) const {
    const FunctionRecord& function = m_log.functions()[static_cast<size_t>(row.function)];
    switch (row.kind) {
    case Kind::Function: {
        switch (column) {
        case NameColumn:
            return q(function.qualname.empty() ? function.name : function.qualname);
        case ReasonColumn: {
            QString text = formatReasonKinds(function);
            if (!function.warnings.empty()) text += QStringLiteral(" \u00b7 ") + tr("retrace warning");
            return text;
        }
        case TimeColumn:
            return formatMs(totalMs(function));
        case CallsColumn:
            return number(function.calls);
        default:
            return {};
        }
    }
    case Kind::ConcreteFunction: {
        const ConcreteFunctionRecord& concrete = function.concreteFunctions[static_cast<size_t>(row.item)];
        switch (column) {
        case NameColumn:
            return concrete.signature.empty() ? q(concrete.name) : compactSignature(q(concrete.signature));
        case ReasonColumn:
            if (const TraceEvent* event = function.traceThatMade(concrete.id)) return q(event->summary);
            return {};
        case OpsColumn:
            return formatOpHistogram(concrete.ops, 4);
        case NodesColumn:
            return number(concrete.graphNodes);
        case CallsColumn:
            return number(concrete.calls);
        default:
            return {};
        }
    }
    case Kind::TraceEvent: {
        const TraceEvent& event = function.traceEvents[static_cast<size_t>(row.item)];
        switch (column) {
        case NameColumn: {
            QString text = event.callIndex < 0
                ? tr("Trace #%1 by get_concrete_function").arg(event.index)
                : tr("Trace #%1 at call %2").arg(event.index).arg(callNumber(event.callIndex));
            if (event.repeat > 1) text += QStringLiteral(" \u00d7%1").arg(event.repeat);
            return text;
        }
        case ReasonColumn:
            return q(event.summary);
        case OpsColumn:
            return formatOpHistogram(event.ops, 4);
        case TimeColumn:
            return formatMs(event.timeMs);
        case NodesColumn:
            return number(event.graphNodes);
        default:
            return {};
        }
    }
    }
    return {};
}

QVariant RetraceLogModel::sortValue(const Row& row, int column) const {
    const FunctionRecord& function = m_log.functions()[static_cast<size_t>(row.function)];
    if (column == TimeColumn) {
        switch (row.kind) {
        case Kind::TraceEvent:
            return function.traceEvents[static_cast<size_t>(row.item)].timeMs;
        case Kind::ConcreteFunction:
            return totalMs(function, function.concreteFunctions[static_cast<size_t>(row.item)].id);
        case Kind::Function:
            return totalMs(function);
        }
    }
    if (row.kind == Kind::TraceEvent && column == NameColumn)
        return number(function.traceEvents[static_cast<size_t>(row.item)].index);
    return display(row, column);
}

QString RetraceLogModel::tooltip(const Row& row) const {
    const FunctionRecord& function = m_log.functions()[static_cast<size_t>(row.function)];
    switch (row.kind) {
    case Kind::Function: {
        QString text = QStringLiteral("%1 (%2:%3)").arg(q(function.qualname), q(function.file)).arg(function.line);
        text += QStringLiteral("\n") + formatCount(function.traces, tr("%1 trace"), tr("%1 traces")) +
            QStringLiteral(", ") +
            formatCount(static_cast<qint64>(function.concreteFunctions.size()), tr("%1 concrete function"),
                        tr("%1 concrete functions"));
        for (const auto& w : function.warnings) text += QStringLiteral("\n\u26a0 ") + q(w.text);
        if (function.collapsedEvents > 0)
            text += QStringLiteral("\n") +
                formatCount(function.collapsedEvents, tr("%1 identical retrace collapsed"),
                            tr("%1 identical retraces collapsed"));
        return text;
    }
    case Kind::ConcreteFunction: {
        const ConcreteFunctionRecord& concrete = function.concreteFunctions[static_cast<size_t>(row.item)];
        return QStringLiteral("%1\n%2").arg(q(concrete.name), q(concrete.signature));
    }
    case Kind::TraceEvent: {
        const TraceEvent& event = function.traceEvents[static_cast<size_t>(row.item)];
        QString text = q(event.signature);
        for (const auto& reason : event.reasons)
            text += QStringLiteral("\n\u2022 %1%2: %3")
                        .arg(q(retraceKindName(reason.kind)),
                             reason.argument.empty() ? QString() : QStringLiteral(" (%1)").arg(q(reason.argument)),
                             q(reason.detail));
        if (event.repeat > 1)
            text += QStringLiteral("\n") +
                formatCount(event.repeat, tr("Stands for %1 identical retrace"),
                            tr("Stands for %1 identical retraces"));
        return text;
    }
    }
    return {};
}

QVariant RetraceLogModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Row& row = m_rows[index.internalId()];
    const FunctionRecord& function = m_log.functions()[static_cast<size_t>(row.function)];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return tooltip(row);
    case Qt::TextAlignmentRole:
        if (index.column() >= TimeColumn && index.column() <= CallsColumn)
            return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if (row.kind == Kind::Function && index.column() == NameColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        if (row.kind == Kind::ConcreteFunction && index.column() == NameColumn) {
            QFont font(QStringLiteral("monospace"));
            font.setStyleHint(QFont::Monospace);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (row.kind == Kind::Function && index.column() == ReasonColumn && !function.warnings.empty())
            return QBrush(kWarningColor);
        if (index.column() == OpsColumn) return QBrush(kMutedColor);
        return {};
    case KindRole:
        return static_cast<int>(row.kind);
    case FunctionIdRole:
        return function.id;
    case ConcreteIdRole:
        if (row.kind == Kind::ConcreteFunction) return function.concreteFunctions[static_cast<size_t>(row.item)].id;
        if (row.kind == Kind::TraceEvent) return function.traceEvents[static_cast<size_t>(row.item)].concrete;
        return -1;
    case TraceIndexRole:
        return row.kind == Kind::TraceEvent ? number(function.traceEvents[static_cast<size_t>(row.item)].index)
                                            : QVariant(-1);
    case SortRole:
        return sortValue(row, index.column());
    default:
        return {};
    }
}

QVariant RetraceLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole && section >= TimeColumn && section <= CallsColumn)
        return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Function / signature");
    case ReasonColumn:
        return tr("Reason");
    case TimeColumn:
        return tr("Trace ms");
    case NodesColumn:
        return tr("Nodes");
    case CallsColumn:
        return tr("Calls");
    case OpsColumn:
        return tr("Ops");
    default:
        return {};
    }
}

QString compactSignature(const QString& signature) {
    static const QRegularExpression tensorSpec(QStringLiteral(
        R"re(TensorSpec\(shape=(?:\(([^)]*)\)|<unknown>|None), dtype=tf\.(\w+)(?:, name=(?:'[^']*'|None))?\))re"));
    static const QRegularExpression variableSpec(
        QStringLiteral(R"re(VariableSpec\(shape=\(([^)]*)\), dtype=tf\.(\w+)[^)]*\))re"));
    static const QRegularExpression literal(QStringLiteral(R"re(Literal\[([^\]]*)\])re"));
    static const QRegularExpression trailingComma(QStringLiteral(R"re(\[(\w+),\])re"));
    QString text = signature;
    text.replace(tensorSpec, QStringLiteral("\\2[\\1]"));
    text.replace(variableSpec, QStringLiteral("var \\2[\\1]"));
    text.replace(literal, QStringLiteral("\\1"));
    text.replace(trailingComma, QStringLiteral("[\\1]")); // (3,) -> [3]
    return text;
}

QString formatReasonKinds(const function::FunctionRecord& function) {
    std::vector<std::pair<function::RetraceKind, int64_t>> counts; // in the order first seen
    for (const auto& event : function.traceEvents) {
        std::vector<function::RetraceKind> seen;
        for (const auto& reason : event.reasons) {
            if (std::find(seen.begin(), seen.end(), reason.kind) != seen.end()) continue;
            seen.push_back(reason.kind);
            auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == reason.kind; });
            if (it == counts.end()) counts.emplace_back(reason.kind, event.repeat);
            else it->second += event.repeat;
        }
    }
    QStringList parts;
    for (const auto& [kind, n] : counts) {
        // "python_value" -> "python value": the names core logs, read as words
        QString name = q(retraceKindName(kind)).replace(QLatin1Char('_'), QLatin1Char(' '));
        parts << (n > 1 ? QStringLiteral("%1 \u00d7%2").arg(name).arg(n) : name);
    }
    if (function.collapsedEvents > 0)
        parts << RetraceLogModel::tr("%n collapsed", nullptr, static_cast<int>(function.collapsedEvents));
    return parts.join(QStringLiteral(", "));
}

QString formatOpHistogram(const function::OpHistogram& ops, int maxEntries) {
    std::vector<std::pair<std::string, int64_t>> sorted(ops.begin(), ops.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    QStringList parts;
    for (size_t i = 0; i < sorted.size() && i < static_cast<size_t>(maxEntries); ++i)
        parts << (sorted[i].second > 1 ? QStringLiteral("%1 \u00d7%2").arg(q(sorted[i].first)).arg(sorted[i].second)
                                       : q(sorted[i].first));
    if (sorted.size() > static_cast<size_t>(maxEntries)) parts << QStringLiteral("\u2026");
    return parts.join(QStringLiteral(", "));
}

} // namespace graphlens::views

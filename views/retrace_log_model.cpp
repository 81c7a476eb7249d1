#include "views/retrace_log_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace graphlens::views {
namespace {

QString formatMs(double ms) {
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : 1);
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

void RetraceLogModel::setSnapshot(RetraceLogSnapshot snapshot) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_rows.clear();
    m_top.clear();
    for (int f = 0; f < m_snapshot.functions.size(); ++f) {
        const TracedFunctionInfo& function = m_snapshot.functions[f];
        const int functionRow = add({ Kind::Function, f, -1, -1, 0, {} });
        std::vector<int> concreteRows;
        for (int c = 0; c < function.concreteFunctions.size(); ++c)
            concreteRows.push_back(add({ Kind::ConcreteFunction, f, c, functionRow, 0, {} }));
        for (int e = 0; e < function.traceEvents.size(); ++e) {
            int parent = functionRow;
            for (int c = 0; c < function.concreteFunctions.size(); ++c)
                if (function.concreteFunctions[c].id == function.traceEvents[e].concrete)
                    parent = concreteRows[static_cast<size_t>(c)];
            add({ Kind::TraceEvent, f, e, parent, 0, {} });
        }
    }
    endResetModel();
}

QModelIndex RetraceLogModel::indexOfTrace(int functionId, int traceIndex) const {
    for (size_t id = 0; id < m_rows.size(); ++id) {
        const Row& row = m_rows[id];
        if (row.kind != Kind::TraceEvent) continue;
        const TracedFunctionInfo& function = m_snapshot.functions[row.function];
        if (function.id == functionId && function.traceEvents[row.item].index == traceIndex)
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
    const TracedFunctionInfo& function = m_snapshot.functions[row.function];
    switch (row.kind) {
    case Kind::Function: {
        double totalMs = 0;
        for (const auto& e : function.traceEvents) totalMs += e.timeMs * e.repeat;
        const int traces = function.traces > 0 ? function.traces : function.totalTraces();
        switch (column) {
        case NameColumn:
            return function.qualname.isEmpty() ? function.name : function.qualname;
        case ReasonColumn: {
            QString text = formatCount(traces, tr("%1 trace"), tr("%1 traces")) + QStringLiteral(", ") +
                formatCount(static_cast<int>(function.concreteFunctions.size()), tr("%1 concrete function"),
                            tr("%1 concrete functions"));
            if (!function.warnings.isEmpty()) text += QStringLiteral(" \u00b7 ") + tr("retrace warning");
            return text;
        }
        case TimeColumn:
            return formatMs(totalMs);
        case NodesColumn:
            return {};
        case CallsColumn:
            return function.calls;
        default:
            return {};
        }
    }
    case Kind::ConcreteFunction: {
        const ConcreteFunctionInfo& concrete = function.concreteFunctions[row.item];
        switch (column) {
        case NameColumn:
            return concrete.signature.isEmpty() ? concrete.name : compactSignature(concrete.signature);
        case ReasonColumn:
            return formatOpHistogram(concrete.ops, 4);
        case NodesColumn:
            return concrete.graphNodes;
        case CallsColumn:
            return concrete.calls;
        default:
            return {};
        }
    }
    case Kind::TraceEvent: {
        const TraceEvent& event = function.traceEvents[row.item];
        switch (column) {
        case NameColumn: {
            QString text = event.callIndex < 0
                ? tr("Trace #%1 by get_concrete_function").arg(event.index)
                : tr("Trace #%1 at call %2").arg(event.index).arg(callNumber(event.callIndex));
            if (event.repeat > 1) text += QStringLiteral(" \u00d7%1").arg(event.repeat);
            return text;
        }
        case ReasonColumn:
            return event.summary;
        case TimeColumn:
            return formatMs(event.timeMs);
        case NodesColumn:
            return event.graphNodes;
        case CallsColumn:
            return {};
        default:
            return {};
        }
    }
    }
    return {};
}

QVariant RetraceLogModel::sortValue(const Row& row, int column) const {
    const TracedFunctionInfo& function = m_snapshot.functions[row.function];
    if (column == TimeColumn) {
        if (row.kind == Kind::TraceEvent) return function.traceEvents[row.item].timeMs;
        double total = 0;
        for (const auto& e : function.traceEvents)
            if (row.kind == Kind::Function || e.concrete == function.concreteFunctions[row.item].id)
                total += e.timeMs * e.repeat;
        return total;
    }
    if (row.kind == Kind::TraceEvent && column == NameColumn) return function.traceEvents[row.item].index;
    return display(row, column);
}

QString RetraceLogModel::tooltip(const Row& row) const {
    const TracedFunctionInfo& function = m_snapshot.functions[row.function];
    switch (row.kind) {
    case Kind::Function: {
        QString text = QStringLiteral("%1 (%2:%3)").arg(function.qualname, function.file).arg(function.line);
        for (const auto& w : function.warnings) text += QStringLiteral("\n\u26a0 ") + w.text;
        if (function.collapsedEvents > 0)
            text += QStringLiteral("\n") +
                formatCount(function.collapsedEvents, tr("%1 identical retrace collapsed"),
                            tr("%1 identical retraces collapsed"));
        return text;
    }
    case Kind::ConcreteFunction: {
        const ConcreteFunctionInfo& concrete = function.concreteFunctions[row.item];
        return QStringLiteral("%1\n%2").arg(concrete.name, concrete.signature);
    }
    case Kind::TraceEvent: {
        const TraceEvent& event = function.traceEvents[row.item];
        QString text = event.signature;
        for (const auto& reason : event.reasons)
            text += QStringLiteral("\n\u2022 %1%2: %3")
                        .arg(reason.kind,
                             reason.argument.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason.argument),
                             reason.detail);
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
    const TracedFunctionInfo& function = m_snapshot.functions[row.function];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return tooltip(row);
    case Qt::TextAlignmentRole:
        if (index.column() >= TimeColumn) return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
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
        if (row.kind == Kind::Function && index.column() == ReasonColumn && !function.warnings.isEmpty())
            return QBrush(kWarningColor);
        if (row.kind == Kind::ConcreteFunction && index.column() == ReasonColumn) return QBrush(kMutedColor);
        return {};
    case KindRole:
        return static_cast<int>(row.kind);
    case FunctionIdRole:
        return function.id;
    case ConcreteIdRole:
        if (row.kind == Kind::ConcreteFunction) return function.concreteFunctions[row.item].id;
        if (row.kind == Kind::TraceEvent) return function.traceEvents[row.item].concrete;
        return -1;
    case TraceIndexRole:
        return row.kind == Kind::TraceEvent ? function.traceEvents[row.item].index : -1;
    case SortRole:
        return sortValue(row, index.column());
    default:
        return {};
    }
}

QVariant RetraceLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole && section >= TimeColumn)
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
    default:
        return {};
    }
}

} // namespace graphlens::views

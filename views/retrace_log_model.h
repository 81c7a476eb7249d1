#pragma once
// The retrace log as a tree: traced functions -> their concrete functions -> the trace events
// that produced each one. Built from a RetraceLogSnapshot value on setSnapshot() (model reset).
// An event whose concrete function is missing from the log hangs directly under its function.
#include <vector>

#include <QAbstractItemModel>

#include "views/retrace_log_snapshot.h"

namespace graphlens::views {

class RetraceLogModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Kind { Function, ConcreteFunction, TraceEvent };
    enum Role {
        KindRole = Qt::UserRole + 1, // Kind as int
        FunctionIdRole,              // the function's "id"
        ConcreteIdRole,              // the concrete function's "id" (-1 on function rows)
        TraceIndexRole,              // the trace event's "index" (-1 on other rows)
        SortRole,                    // numbers as numbers, for a QSortFilterProxyModel
    };
    enum Column { NameColumn, ReasonColumn, TimeColumn, NodesColumn, CallsColumn, ColumnCount };

    explicit RetraceLogModel(QObject* parent = nullptr);

    void setSnapshot(RetraceLogSnapshot snapshot);
    const RetraceLogSnapshot& snapshot() const { return m_snapshot; }

    // The row of a trace event (column 0), invalid when there is none.
    QModelIndex indexOfTrace(int functionId, int traceIndex) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        Kind kind = Kind::Function;
        int function = 0; // index into m_snapshot.functions
        int item = -1;    // concrete function or trace event index in its function's vectors
        int parent = -1;  // row id of the parent, -1 at the top
        int rowInParent = 0;
        std::vector<int> children;
    };
    int add(Row row);
    QVariant display(const Row& row, int column) const;
    QVariant sortValue(const Row& row, int column) const;
    QString tooltip(const Row& row) const;

    RetraceLogSnapshot m_snapshot;
    std::vector<Row> m_rows;
    std::vector<int> m_top;
};

} // namespace graphlens::views

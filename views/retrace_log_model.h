#pragma once
// The retrace log as a tree: traced functions -> their concrete functions -> the trace events
// that produced each one. Takes core's function::RetraceLog value itself (from the script's
// session, through the script thread's outcome) with a model reset; the texts the tree and the
// details show are made here from it. An event whose concrete function is missing from the log
// hangs directly under its function.
#include <vector>

#include <QAbstractItemModel>
#include <QString>

#include "core/function/retrace_log.h"

namespace graphlens::views {

class RetraceLogModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Kind { Function, ConcreteFunction, TraceEvent };
    enum Role {
        KindRole = Qt::UserRole + 1, // Kind as int
        FunctionIdRole,              // FunctionRecord::id
        ConcreteIdRole,              // ConcreteFunctionRecord::id (-1 on function rows)
        TraceIndexRole,              // TraceEvent::index (-1 on other rows)
        SortRole,                    // numbers as numbers, for a QSortFilterProxyModel
    };
    // Reason says why: on a function row a count of its traces' reasons, on a concrete function the
    // trace that made it, on a trace its own. The op histograms have their own column.
    enum Column { NameColumn, ReasonColumn, TimeColumn, NodesColumn, CallsColumn, OpsColumn, ColumnCount };

    explicit RetraceLogModel(QObject* parent = nullptr);

    void setLog(function::RetraceLog log);
    const function::RetraceLog& log() const { return m_log; }
    // The function with this id, null when the log has none.
    const function::FunctionRecord* functionById(int functionId) const;

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
        int function = 0; // index into m_log.functions()
        int item = -1;    // concrete function or trace event index in its function's vectors
        int parent = -1;  // row id of the parent, -1 at the top
        int rowInParent = 0;
        std::vector<int> children;
    };
    int add(Row row);
    QVariant display(const Row& row, int column) const;
    QVariant sortValue(const Row& row, int column) const;
    QString tooltip(const Row& row) const;

    function::RetraceLog m_log;
    std::vector<Row> m_rows;
    std::vector<int> m_top;
};

// A signature as the tree shows it: TensorSpec(shape=(2, 4), dtype=tf.float32, name='x') becomes
// float32[2, 4], Literal[1.0] becomes 1.0; the full text stays in the tooltip and the details.
QString compactSignature(const QString& signature);

// The 1-based call number people read ("call 5") of a 0-based call index; 0 for a trace made
// outside any call (get_concrete_function).
inline qint64 callNumber(qint64 callIndex) {
    return callIndex < 0 ? 0 : callIndex + 1;
}

// "1 trace" / "3 traces": `one` or `many` (each with a %1) by n, both translatable by the caller.
inline QString formatCount(qint64 n, const QString& one, const QString& many) {
    return (n == 1 ? one : many).arg(n);
}

// "first call, python value ×11" style one-liner of why a function traced: each trace counts once
// per kind of reason (an entry standing for n retraces counts n), in the order first seen.
QString formatReasonKinds(const function::FunctionRecord& function);

// "AddV2 ×2, MatMul" style one-liner of a histogram, most frequent first.
QString formatOpHistogram(const function::OpHistogram& ops, int maxEntries = 6);

} // namespace graphlens::views

#pragma once
// Item models of the before/after view, each built from a shared passes::PassTimeline value with a model
// reset: the strip of passes (one row per step, row 0 the graph before any pass), the fusion
// misses, and the node changes of one step.
#include <memory>

#include <QAbstractTableModel>
#include <QColor>

#include "core/passes/pass_timeline.h"

namespace graphlens::views {

enum PassModelRole {
    PassSortRole = Qt::UserRole + 1, // numbers as numbers
    PassStepRole,                    // PassStripModel: the step index
    PassNodesRole,                   // FusionMissModel, PassChangesModel: QStringList of node names
    PassMarkRole,                    // PassChangesModel: passes::NodeMark as int
};

class PassStripModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StepColumn,
        IterationColumn,
        PassColumn,
        NodesColumn,
        AddedColumn,
        RemovedColumn,
        RewrittenColumn,
        FusedColumn,
        TimeColumn,
        ColumnCount
    };

    explicit PassStripModel(QObject* parent = nullptr);
    void setTimeline(std::shared_ptr<const passes::PassTimeline> timeline);
    const std::shared_ptr<const passes::PassTimeline>& timeline() const { return m_timeline; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const passes::PassTimeline> m_timeline;
};

// The fusion misses of the final graph. Once the optimised graph has been profiled, each has an
// estimated cost (ms per run, empty when unknown) and the most costly come first; otherwise they
// keep the order the remapper found them in.
class FusionMissModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PatternColumn, CostColumn, NodesColumn, ConditionColumn, ReasonColumn, ColumnCount };

    explicit FusionMissModel(QObject* parent = nullptr);
    void setTimeline(std::shared_ptr<const passes::PassTimeline> timeline);
    // The miss shown in `row` (rows are sorted by cost when profiled); null for a bad row.
    const passes::FusionMiss* missAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const passes::PassTimeline> m_timeline;
    std::vector<size_t> m_order; // row -> index into m_timeline->misses
};

// What one pass changed, node by node, as the pass reported it.
class PassChangesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, NodeColumn, OpColumn, SourcesColumn, DetailColumn, ColumnCount };

    explicit PassChangesModel(QObject* parent = nullptr);
    // Step 0 (the graph before any pass) has no changes.
    void setStep(std::shared_ptr<const passes::PassTimeline> timeline, int step);
    int step() const { return m_step; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<passes::NodeChange>* changes() const;
    std::shared_ptr<const passes::PassTimeline> m_timeline;
    int m_step = -1;
};

// Colours of the marks, shared by the graphs, the legend and the tables.
QColor markColour(passes::NodeMark mark);

// The timeline's notes for the Notes tab, one line per distinct (pass, text): a pass that says
// the same thing about a hundred nodes, or at every iteration, gives one line with a count,
// "constant_folding: skipped a node without a kernel (×100, iterations 1-2)", in the order the
// notes first came.
QStringList groupedNotes(const passes::PassTimeline& timeline);

} // namespace graphlens::views

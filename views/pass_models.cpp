#include "views/pass_models.h"

#include <algorithm>

#include <QColor>
#include <QFont>
#include <QHash>
#include <QStringList>

namespace graphlens::views {
namespace {

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QStringList names(const std::vector<std::string>& list) {
    QStringList out;
    out.reserve(static_cast<qsizetype>(list.size()));
    for (const auto& name : list) out << q(name);
    return out;
}

QString countText(int count) {
    return count ? QString::number(count) : QString();
}

// Node names as the graphs find them: "function|node" inside a library function.
QStringList qualified(const std::string& function, const std::vector<std::string>& list) {
    QStringList out;
    for (const auto& name : list) out << q(passes::markKey(function, name));
    return out;
}

} // namespace

QColor markColour(passes::NodeMark mark) {
    switch (mark) {
    case passes::NodeMark::Added:
        return { 0x2e, 0x9d, 0x4f };
    case passes::NodeMark::Removed:
        return { 0xd3, 0x3f, 0x3f };
    case passes::NodeMark::Rewritten:
        return { 0xe0, 0x8e, 0x0b };
    case passes::NodeMark::Fused:
        return { 0x7b, 0x3f, 0xc4 };
    case passes::NodeMark::None:
        break;
    }
    return { 0x90, 0xa4, 0xae };
}

// ---- the strip of passes ----

PassStripModel::PassStripModel(QObject* parent)
    : QAbstractTableModel(parent) { }

void PassStripModel::setTimeline(std::shared_ptr<const passes::PassTimeline> timeline) {
    beginResetModel();
    m_timeline = std::move(timeline);
    endResetModel();
}

int PassStripModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_timeline ? 0 : m_timeline->stepCount();
}

int PassStripModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PassStripModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int row = index.row();
    const auto& step = m_timeline->steps[static_cast<size_t>(row)];
    const bool original = row == 0;
    const int column = index.column();
    if (role == PassStepRole) return row;
    if (role == PassSortRole) {
        switch (column) {
        case StepColumn:
            return row;
        case IterationColumn:
            return step.iteration;
        case PassColumn:
            return q(step.pass);
        case NodesColumn:
            return step.nodesAfter;
        case AddedColumn:
            return step.added;
        case RemovedColumn:
            return step.removed;
        case RewrittenColumn:
            return step.rewritten;
        case FusedColumn:
            return step.fused;
        case TimeColumn:
            return step.millis;
        default:
            return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
        case StepColumn:
            return row;
        case IterationColumn:
            return original ? QString() : QString::number(step.iteration);
        case PassColumn:
            return original ? tr("before the passes") : q(step.pass);
        case NodesColumn:
            return original ? QString::number(step.nodesAfter)
                            : QStringLiteral("%1 \u2192 %2").arg(step.nodesBefore).arg(step.nodesAfter);
        case AddedColumn:
            return countText(step.added);
        case RemovedColumn:
            return countText(step.removed);
        case RewrittenColumn:
            return countText(step.rewritten);
        case FusedColumn:
            return countText(step.fused);
        case TimeColumn:
            return original ? QString() : QString::number(step.millis, 'f', step.millis < 10 ? 2 : 1);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && column != PassColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (column == AddedColumn) return markColour(passes::NodeMark::Added);
        if (column == RemovedColumn) return markColour(passes::NodeMark::Removed);
        if (column == RewrittenColumn) return markColour(passes::NodeMark::Rewritten);
        if (column == FusedColumn) return markColour(passes::NodeMark::Fused);
        if (!original && !step.changedGraph) return QColor(0x90, 0xa4, 0xae); // a pass that did nothing
    }
    if (role == Qt::FontRole && column == PassColumn && step.changedGraph && !original) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole) {
        if (original) return tr("The graph as given to the passes: %n nodes", nullptr, step.nodesAfter);
        QString tip = tr("%1, iteration %2: %3 \u2192 %4 nodes in %5 ms")
                          .arg(q(step.pass))
                          .arg(step.iteration)
                          .arg(step.nodesBefore)
                          .arg(step.nodesAfter)
                          .arg(step.millis, 0, 'f', 2);
        if (!step.changedGraph) tip += QLatin1Char('\n') + tr("The graph did not change.");
        for (const auto& note : step.notes) tip += QLatin1Char('\n') + q(note);
        return tip;
    }
    return {};
}

QVariant PassStripModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case StepColumn:
            return tr("#");
        case IterationColumn:
            return tr("Iter.");
        case PassColumn:
            return tr("Pass");
        case NodesColumn:
            return tr("Nodes");
        case AddedColumn:
            return tr("Added");
        case RemovedColumn:
            return tr("Removed");
        case RewrittenColumn:
            return tr("Rewritten");
        case FusedColumn:
            return tr("Fused");
        case TimeColumn:
            return tr("ms");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && section == IterationColumn)
        return tr("grappler runs the passes twice; layout and memory only in the first iteration");
    return {};
}

// ---- fusion misses ----

FusionMissModel::FusionMissModel(QObject* parent)
    : QAbstractTableModel(parent) { }

void FusionMissModel::setTimeline(std::shared_ptr<const passes::PassTimeline> timeline) {
    beginResetModel();
    m_timeline = std::move(timeline);
    m_order.clear();
    if (m_timeline) {
        const auto& misses = m_timeline->misses;
        for (size_t i = 0; i < misses.size(); ++i) m_order.push_back(i);
        // Unknown costs are -1: they sort after every known one.
        std::stable_sort(m_order.begin(), m_order.end(),
                         [&misses](size_t a, size_t b) { return misses[a].costSeconds > misses[b].costSeconds; });
    }
    endResetModel();
}

const passes::FusionMiss* FusionMissModel::missAt(int row) const {
    if (!m_timeline || row < 0 || static_cast<size_t>(row) >= m_order.size()) return nullptr;
    return &m_timeline->misses[m_order[static_cast<size_t>(row)]];
}

int FusionMissModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_timeline ? 0 : static_cast<int>(m_order.size());
}

int FusionMissModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FusionMissModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& miss = *missAt(index.row());
    const bool known = miss.costSeconds >= 0;
    const double costMs = miss.costSeconds * 1000;
    if (role == PassNodesRole) return qualified(miss.function, miss.nodes);
    if (role == PassSortRole && index.column() == CostColumn) return known ? costMs : -1.0;
    if (role == Qt::TextAlignmentRole && index.column() == CostColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DisplayRole || role == PassSortRole) {
        switch (index.column()) {
        case PatternColumn:
            return q(miss.pattern);
        case CostColumn:
            return known ? QString::number(costMs, 'f', costMs < 0.1 ? 4 : 3) : QString();
        case NodesColumn:
            return (miss.function.empty() ? QString() : q(miss.function) + QStringLiteral(": ")) +
                names(miss.nodes).join(QStringLiteral(", "));
        case ConditionColumn:
            return q(miss.condition);
        case ReasonColumn:
            return q(miss.reason);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        QString tip =
            tr("%1 did not fuse (%2): %3\nNodes: %4")
                .arg(q(miss.pattern), q(miss.condition), q(miss.reason), names(miss.nodes).join(QStringLiteral(", ")));
        if (known)
            tip += QLatin1Char('\n') +
                tr("Estimated cost: %1 ms per run, the kernel time of the nodes the fusion would have folded in")
                    .arg(costMs, 0, 'f', 4);
        if (!miss.unprofiledNodes.empty())
            tip += QLatin1Char('\n') +
                tr("Not profiled (renamed or removed by a later pass, or not run): %1")
                    .arg(names(miss.unprofiledNodes).join(QStringLiteral(", ")));
        return tip;
    }
    return {};
}

QVariant FusionMissModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == CostColumn)
        return tr("An estimate, once the optimised graph has been profiled: the kernel time per run of the nodes "
                  "the fusion would have folded in (empty when not profiled or unknown)");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case PatternColumn:
        return tr("Pattern");
    case CostColumn:
        return tr("Cost (ms/run)");
    case NodesColumn:
        return tr("Nodes");
    case ConditionColumn:
        return tr("Condition");
    case ReasonColumn:
        return tr("Reason");
    default:
        return {};
    }
}

// ---- changes of one pass ----

PassChangesModel::PassChangesModel(QObject* parent)
    : QAbstractTableModel(parent) { }

void PassChangesModel::setStep(std::shared_ptr<const passes::PassTimeline> timeline, int step) {
    beginResetModel();
    m_timeline = std::move(timeline);
    m_step = m_timeline && step >= 0 && step < m_timeline->stepCount() ? step : -1;
    endResetModel();
}

const std::vector<passes::NodeChange>* PassChangesModel::changes() const {
    if (!m_timeline || m_step < 0) return nullptr;
    return &m_timeline->steps[static_cast<size_t>(m_step)].changes;
}

int PassChangesModel::rowCount(const QModelIndex& parent) const {
    const auto* list = changes();
    return parent.isValid() || !list ? 0 : static_cast<int>(list->size());
}

int PassChangesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PassChangesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& change = (*changes())[static_cast<size_t>(index.row())];
    const passes::NodeMark mark = passes::markOf(change.kind);
    if (role == PassMarkRole) return static_cast<int>(mark);
    if (role == PassNodesRole) {
        QStringList nodes = qualified(change.function, change.sources);
        nodes << q(passes::markKey(change.function, change.node)); // last: the one selected
        return nodes;
    }
    if (role == Qt::DisplayRole || role == PassSortRole) {
        switch (index.column()) {
        case KindColumn:
            return QString::fromLatin1(passes::markName(mark));
        case NodeColumn:
            return q(passes::markKey(change.function, change.node));
        case OpColumn:
            return q(change.op);
        case SourcesColumn:
            return names(change.sources).join(QStringLiteral(", "));
        case DetailColumn:
            return q(change.detail);
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == KindColumn) return markColour(mark);
    if (role == Qt::ToolTipRole && !change.detail.empty()) return q(change.detail);
    return {};
}

QVariant PassChangesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case KindColumn:
        return tr("Change");
    case NodeColumn:
        return tr("Node");
    case OpColumn:
        return tr("Op");
    case SourcesColumn:
        return tr("From");
    case DetailColumn:
        return tr("Detail");
    default:
        return {};
    }
}

QStringList groupedNotes(const passes::PassTimeline& timeline) {
    struct Group {
        QString pass;
        QString text;
        int count = 0;
        int firstIteration = 0;
        int lastIteration = 0;
    };
    std::vector<Group> groups;
    QHash<QString, size_t> byKey;
    const auto add = [&](const QString& pass, const std::string& note, int iteration) {
        const QString text = q(note);
        const QString key = pass + QChar(0) + text;
        auto it = byKey.find(key);
        if (it == byKey.end()) {
            byKey.insert(key, groups.size());
            groups.push_back({ pass, text, 1, iteration, iteration });
            return;
        }
        Group& group = groups[*it];
        ++group.count;
        group.firstIteration = std::min(group.firstIteration, iteration);
        group.lastIteration = std::max(group.lastIteration, iteration);
    };
    for (const auto& note : timeline.notes) add({}, note, 0);
    for (size_t i = 1; i < timeline.steps.size(); ++i)
        for (const auto& note : timeline.steps[i].notes)
            add(q(timeline.steps[i].pass), note, timeline.steps[i].iteration);
    QStringList lines;
    for (const Group& group : groups) {
        QString line = group.pass.isEmpty() ? group.text : QStringLiteral("%1: %2").arg(group.pass, group.text);
        QStringList extra;
        if (group.count > 1) extra << QStringLiteral("\u00d7%1").arg(group.count);
        if (!group.pass.isEmpty())
            extra << (group.firstIteration == group.lastIteration
                          ? PassStripModel::tr("iteration %1").arg(group.firstIteration)
                          : PassStripModel::tr("iterations %1\u2013%2")
                                .arg(group.firstIteration)
                                .arg(group.lastIteration));
        if (!extra.isEmpty()) line += QStringLiteral(" (%1)").arg(extra.join(QStringLiteral(", ")));
        lines << line;
    }
    return lines;
}

} // namespace graphlens::views

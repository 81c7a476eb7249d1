#include "views/search_results_model.h"

#include <algorithm>

#include <QColor>

namespace graphlens::views {

SearchResultsModel::SearchResultsModel(QObject* parent)
    : QAbstractTableModel(parent) { }

void SearchResultsModel::setResults(SearchResults results) {
    beginResetModel();
    m_results = std::move(results);
    m_commonPrefix = m_commonSuffix = 0;
    m_singleOp = !m_results.hits.empty();
    if (m_results.hits.size() > 1) {
        const QString& first = m_results.hits.front().name;
        qsizetype prefix = first.size();
        qsizetype suffix = first.size();
        qsizetype shortest = first.size();
        for (const auto& hit : m_results.hits) {
            m_singleOp = m_singleOp && hit.op == m_results.hits.front().op;
            shortest = std::min(shortest, hit.name.size());
            qsizetype p = 0;
            while (p < prefix && p < hit.name.size() && first[p] == hit.name[p]) ++p;
            prefix = p;
            qsizetype q = 0;
            while (q < suffix && q < hit.name.size() &&
                   first[first.size() - 1 - q] == hit.name[hit.name.size() - 1 - q])
                ++q;
            suffix = q;
        }
        // Cut at '/' boundaries only, and keep something of every name.
        const qsizetype slash = first.left(prefix).lastIndexOf(QLatin1Char('/'));
        m_commonPrefix = slash > 0 ? slash + 1 : 0;
        const qsizetype tail = first.right(suffix).indexOf(QLatin1Char('/'));
        m_commonSuffix = tail >= 0 ? suffix - tail : 0;
        if (m_commonPrefix + m_commonSuffix >= shortest) m_commonSuffix = 0;
    }
    endResetModel();
}

const SearchHit* SearchResultsModel::hit(int row) const {
    if (row < 0 || row >= static_cast<int>(m_results.hits.size())) return nullptr;
    return &m_results.hits[static_cast<size_t>(row)];
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_results.hits.size());
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const {
    const SearchHit* h = index.isValid() ? hit(index.row()) : nullptr;
    if (!h) return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: {
            QString name = h->name.mid(m_commonPrefix, h->name.size() - m_commonPrefix - m_commonSuffix);
            if (m_commonPrefix > 0) name.prepend(QStringLiteral("\u2026/"));
            if (m_commonSuffix > 0) name.append(QStringLiteral("/\u2026"));
            return name;
        }
        case OpColumn:
            return h->op;
        case WhereColumn:
            return h->where;
        default:
            return h->matched;
        }
    case Qt::ToolTipRole:
        return tr("%1\n%2 in %3, matched on %4").arg(h->name, h->op, h->where, h->matched);
    case Qt::ForegroundRole:
        return index.column() == NameColumn ? QVariant() : QVariant(QColor(0x60, 0x6f, 0x7a));
    case FunctionRole:
        return h->function;
    case NodeRole:
        return h->node;
    default:
        return {};
    }
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Node");
    case OpColumn:
        return tr("Op");
    case WhereColumn:
        return tr("In");
    default:
        return tr("Matched");
    }
}

} // namespace graphlens::views

#include "views/search_results_model.h"

#include <QColor>

namespace graphlens::views {

SearchResultsModel::SearchResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchResultsModel::setResults(SearchResults results) {
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

const SearchHit* SearchResultsModel::hit(int row) const {
    if (row < 0 || row >= static_cast<int>(m_results.hits.size())) return nullptr;
    return &m_results.hits[static_cast<size_t>(row)];
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_results.hits.size());
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const {
    const SearchHit* h = index.isValid() ? hit(index.row()) : nullptr;
    if (!h) return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return h->name;
        case OpColumn: return h->op;
        case WhereColumn: return h->where;
        default: return h->matched;
        }
    case Qt::ToolTipRole: return h->name;
    case Qt::ForegroundRole:
        return index.column() == NameColumn ? QVariant() : QVariant(QColor(0x60, 0x6f, 0x7a));
    case FunctionRole: return h->function;
    case NodeRole: return h->node;
    default: return {};
    }
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Node");
    case OpColumn: return tr("Op");
    case WhereColumn: return tr("In");
    default: return tr("Matched");
    }
}

} // namespace graphlens::views

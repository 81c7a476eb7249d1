#pragma once
// Search hits as a flat table (node, op, where, matched on); a value snapshot replaced with a reset.
#include <QAbstractTableModel>

#include "views/node_search.h"

namespace graphlens::views {

class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { FunctionRole = Qt::UserRole + 1, NodeRole };
    enum Column { NameColumn, OpColumn, WhereColumn, MatchedColumn, ColumnCount };

    explicit SearchResultsModel(QObject* parent = nullptr);

    void setResults(SearchResults results);
    void clear() { setResults({}); }
    const SearchResults& results() const { return m_results; }
    const SearchHit* hit(int row) const;
    bool allHitsShareOneOp() const { return m_singleOp; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    SearchResults m_results;
    // Leading and trailing path segments every hit shares, not repeated on each row.
    qsizetype m_commonPrefix = 0;
    qsizetype m_commonSuffix = 0;
    bool m_singleOp = false;
};

} // namespace graphlens::views

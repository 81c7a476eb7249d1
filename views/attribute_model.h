#pragma once
// Attributes of one node for the inspector: name and readable value, list elements as child rows,
// function names marked (FunctionRole) so the inspector can open them like links. Takes a copy of
// the values on setNode(); never points into the graph.
#include <vector>

#include <QAbstractItemModel>
#include <QString>

#include "core/proto/node_def.pb.h"

namespace graphlens::views {

class AttributeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role { FunctionRole = Qt::UserRole + 1 }; // function name for func-valued rows
    enum Column { NameColumn, ValueColumn, ColumnCount };

    explicit AttributeModel(QObject* parent = nullptr);

    void setNode(const tensorflow::NodeDef& node);
    void clear();

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        QString value;
        QString function;
        int parent = -1; // index into m_rows of the attribute a list element belongs to
        std::vector<int> children;
    };
    std::vector<Row> m_rows;
    std::vector<int> m_top;
};

} // namespace graphlens::views

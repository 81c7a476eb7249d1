#pragma once
// What a model holds, as a tree: meta graphs → Signatures (inputs/outputs with dtype and shape),
// Functions (with node counts), Variables (dtype, shape, bytes), Assets. Built as a value on
// setModel() (with a reset); the model pointer is kept only to answer "what is this row".
#include <memory>
#include <vector>

#include <QAbstractItemModel>
#include <QString>

#include "core/graph/model.h"

namespace graphlens::views {

class ModelBrowserModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Kind { MetaGraph, Section, Signature, SignatureInput, SignatureOutput, Function, Variable, Asset, Info };
    enum Role {
        KindRole = Qt::UserRole + 1, // Kind as int
        MetaGraphRole,               // meta graph index
        IndexRole,                   // function / variable / asset index in its meta graph
        KeyRole,                     // signature key, function name, variable name
    };
    enum Column { NameColumn, TypeColumn, SizeColumn, ColumnCount };

    explicit ModelBrowserModel(QObject* parent = nullptr);

    void setModel(std::shared_ptr<const graph::Model> model);
    const std::shared_ptr<const graph::Model>& model() const { return m_model; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        Kind kind = Kind::Info;
        QString name;
        QString type;
        QString size;
        QString tooltip;
        QString key;
        int metaGraph = 0;
        int index = -1;
        int parent = -1;
        int rowInParent = 0;
        std::vector<int> children;
    };
    int add(Row row, int parent);
    void addMetaGraph(const graph::MetaGraph& meta, int metaIndex, int parent);

    std::shared_ptr<const graph::Model> m_model;
    std::vector<Row> m_rows;
    std::vector<int> m_top;
};

// "1.5 MiB", "312 B"
QString formatBytes(int64_t bytes);

} // namespace graphlens::views

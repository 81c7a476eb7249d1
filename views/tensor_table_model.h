#pragma once
// A tensor's values as a table with a heat map: the last dimension runs across, all leading
// dimensions down (row headers show the index, e.g. "2,0,1"). Scalars are one cell, vectors one
// column. Colours: white→red for non-negative data, blue–white–red around zero for mixed signs.
#include <memory>

#include <QAbstractTableModel>
#include <QColor>

#include "core/graph/io/tensor_value.h"

namespace graphlens::views {

class TensorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ValueRole = Qt::UserRole + 1 }; // the element as a double
    explicit TensorTableModel(QObject* parent = nullptr);

    void setTensor(std::shared_ptr<const io::TensorValue> tensor);
    void clear() { setTensor(nullptr); }
    const io::TensorValue* tensor() const { return m_tensor.get(); }
    bool hasValues() const { return m_tensor && m_tensor->hasValues(); }
    double minimum() const { return m_min; }
    double maximum() const { return m_max; }
    QColor heatColour(double value) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static constexpr int64_t kMaxRows = 100000;

private:
    int64_t elementIndex(const QModelIndex& index) const;

    std::shared_ptr<const io::TensorValue> m_tensor;
    int64_t m_rows = 0;
    int64_t m_columns = 0;
    double m_min = 0;
    double m_max = 0;
    bool m_numeric = false;
};

} // namespace graphlens::views

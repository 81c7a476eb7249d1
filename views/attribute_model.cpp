#include "views/attribute_model.h"

#include <algorithm>

#include <QColor>
#include <QFont>

#include "views/attr_format.h"

namespace graphlens::views {

AttributeModel::AttributeModel(QObject* parent)
    : QAbstractItemModel(parent) { }

void AttributeModel::clear() {
    beginResetModel();
    m_rows.clear();
    m_top.clear();
    endResetModel();
}

void AttributeModel::setNode(const tensorflow::NodeDef& node) {
    beginResetModel();
    m_rows.clear();
    m_top.clear();
    std::vector<std::string> names;
    for (const auto& [name, value] : node.attr()) names.push_back(name);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        const auto& value = node.attr().at(name);
        Row row;
        row.name = QString::fromStdString(name);
        row.value = formatAttrValue(value);
        if (value.has_func()) row.function = QString::fromStdString(value.func().name());
        const int index = static_cast<int>(m_rows.size());
        m_top.push_back(index);
        m_rows.push_back(row);
        const QStringList elements = formatListElements(value);
        if (elements.size() <= 1) continue;
        for (int i = 0; i < elements.size(); ++i) {
            Row child;
            child.name = QStringLiteral("[%1]").arg(i);
            child.value = elements[i];
            if (value.list().func_size() > 0 && i < value.list().func_size())
                child.function = QString::fromStdString(value.list().func(i).name());
            child.parent = index;
            m_rows[static_cast<size_t>(index)].children.push_back(static_cast<int>(m_rows.size()));
            m_rows.push_back(child);
        }
    }
    endResetModel();
}

QModelIndex AttributeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) {
        if (row >= static_cast<int>(m_top.size())) return {};
        return createIndex(row, column, static_cast<quintptr>(m_top[static_cast<size_t>(row)]));
    }
    if (parent.column() != 0) return {};
    const Row& owner = m_rows[parent.internalId()];
    if (row >= static_cast<int>(owner.children.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(owner.children[static_cast<size_t>(row)]));
}

QModelIndex AttributeModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const int parentRow = m_rows[child.internalId()].parent;
    if (parentRow < 0) return {};
    const auto position = std::find(m_top.begin(), m_top.end(), parentRow) - m_top.begin();
    return createIndex(static_cast<int>(position), 0, static_cast<quintptr>(parentRow));
}

int AttributeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_top.size());
    if (parent.column() != 0) return 0;
    return static_cast<int>(m_rows[parent.internalId()].children.size());
}

int AttributeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant AttributeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Row& row = m_rows[index.internalId()];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == NameColumn ? row.name : row.value;
    case Qt::ToolTipRole:
        if (index.column() == ValueColumn)
            return row.function.isEmpty() ? row.value : tr("Open function %1").arg(row.function);
        return {};
    case FunctionRole:
        return row.function.isEmpty() ? QVariant() : QVariant(row.function);
    case Qt::ForegroundRole:
        if (index.column() == ValueColumn && !row.function.isEmpty()) return QColor(0x1e, 0x6f, 0xd9);
        if (index.column() == NameColumn) return QColor(0x45, 0x5a, 0x64);
        return {};
    case Qt::FontRole:
        if (index.column() == ValueColumn && !row.function.isEmpty()) {
            QFont font;
            font.setUnderline(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant AttributeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == NameColumn ? tr("Attribute") : tr("Value");
}

} // namespace graphlens::views

#include "views/tensor_table_model.h"

#include <cmath>
#include <limits>

namespace graphlens::views {

TensorTableModel::TensorTableModel(QObject* parent)
    : QAbstractTableModel(parent) { }

void TensorTableModel::setTensor(std::shared_ptr<const io::TensorValue> tensor) {
    beginResetModel();
    m_tensor = std::move(tensor);
    m_rows = m_columns = 0;
    m_min = m_max = 0;
    m_numeric = false;
    if (m_tensor && m_tensor->hasValues()) {
        const int64_t count = m_tensor->numElements();
        if (count > 0) {
            const auto& shape = m_tensor->shape;
            m_columns = shape.empty() ? 1 : (shape.size() == 1 ? 1 : std::max<int64_t>(shape.back(), 1));
            m_rows = std::min<int64_t>((count + m_columns - 1) / m_columns, kMaxRows);
            m_numeric = m_tensor->dtype != tensorflow::DT_STRING;
            if (m_numeric) {
                double low = std::numeric_limits<double>::infinity();
                double high = -low;
                const int64_t scanned = std::min<int64_t>(count, int64_t{ 1 } << 22);
                for (int64_t i = 0; i < scanned; ++i) {
                    const double v = io::elementAsDouble(*m_tensor, i);
                    if (!std::isfinite(v)) continue;
                    low = std::min(low, v);
                    high = std::max(high, v);
                }
                if (low <= high) {
                    m_min = low;
                    m_max = high;
                } else {
                    m_numeric = false;
                }
            }
        }
    }
    endResetModel();
}

int TensorTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows);
}

int TensorTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(std::min<int64_t>(m_columns, 100000));
}

int64_t TensorTableModel::elementIndex(const QModelIndex& index) const {
    const int64_t element = static_cast<int64_t>(index.row()) * m_columns + index.column();
    return m_tensor && element < m_tensor->numElements() ? element : -1;
}

QColor TensorTableModel::heatColour(double value) const {
    if (!std::isfinite(value) || m_max <= m_min) return QColor(Qt::white);
    if (m_min < 0 && m_max > 0) { // diverging: blue below zero, red above, white at zero
        const double extent = std::max(-m_min, m_max);
        const double t = std::clamp(value / extent, -1.0, 1.0);
        const int fade = static_cast<int>(std::lround(255 - 150 * std::abs(t)));
        return t >= 0 ? QColor(255, fade, fade) : QColor(fade, fade, 255);
    }
    const double t = std::clamp((value - m_min) / (m_max - m_min), 0.0, 1.0);
    return QColor(255, static_cast<int>(std::lround(255 - 120 * t)), static_cast<int>(std::lround(255 - 190 * t)));
}

QVariant TensorTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const int64_t element = elementIndex(index);
    if (element < 0) return {};
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(io::formatElement(*m_tensor, element));
    case ValueRole:
        return io::elementAsDouble(*m_tensor, element);
    case Qt::BackgroundRole:
        return m_numeric ? QVariant(heatColour(io::elementAsDouble(*m_tensor, element))) : QVariant();
    case Qt::TextAlignmentRole:
        return m_numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return tr("element %1: %2").arg(element).arg(QString::fromStdString(io::formatElement(*m_tensor, element)));
    default:
        return {};
    }
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || !m_tensor) return {};
    const auto& shape = m_tensor->shape;
    if (orientation == Qt::Horizontal) return shape.size() >= 2 ? QString::number(section) : QString();
    if (shape.size() <= 2) return QString::number(section);
    // Row `section` covers leading dimensions shape[0..n-2]: spell the index out.
    QStringList parts;
    int64_t rest = section;
    for (size_t d = shape.size() - 1; d-- > 0;) {
        const int64_t size = std::max<int64_t>(shape[d], 1);
        parts.prepend(QString::number(rest % size));
        rest /= size;
    }
    return parts.join(QLatin1Char(','));
}

} // namespace graphlens::views

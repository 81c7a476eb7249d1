#include "views/model_browser_model.h"

#include <QColor>
#include <QFont>
#include <QLocale>
#include <QStringList>

#include "core/layout/labels.h"

namespace graphlens::views {
namespace {

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QString shapeText(const std::vector<int64_t>& shape, bool known) {
    if (!known) return QStringLiteral("<unknown>");
    QStringList parts;
    for (int64_t d : shape) parts << (d < 0 ? QStringLiteral("?") : QString::number(d));
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

QString specType(const graph::TensorSpec& spec) {
    return q(layout::dtypeLabel(spec.dtype)) + QLatin1Char(' ') + q(layout::shapeInBrackets(spec.shape));
}

} // namespace

QString formatBytes(int64_t bytes) {
    if (bytes < 0) return QStringLiteral("?");
    // Below 1 KiB Qt's C locale writes English ("12 bytes"); KB, MB, ... read the same in every language.
    if (bytes < 1024) return ModelBrowserModel::tr("%1 bytes").arg(bytes);
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

ModelBrowserModel::ModelBrowserModel(QObject* parent)
    : QAbstractItemModel(parent) { }

int ModelBrowserModel::add(Row row, int parent) {
    const int index = static_cast<int>(m_rows.size());
    row.parent = parent;
    if (parent >= 0) {
        row.rowInParent = static_cast<int>(m_rows[static_cast<size_t>(parent)].children.size());
        m_rows[static_cast<size_t>(parent)].children.push_back(index);
    } else {
        row.rowInParent = static_cast<int>(m_top.size());
        m_top.push_back(index);
    }
    m_rows.push_back(std::move(row));
    return index;
}

void ModelBrowserModel::setModel(std::shared_ptr<const graph::Model> model) {
    beginResetModel();
    m_model = std::move(model);
    m_rows.clear();
    m_top.clear();
    if (m_model) {
        const bool single = m_model->metaGraphs.size() == 1;
        for (size_t m = 0; m < m_model->metaGraphs.size(); ++m) {
            const auto& meta = m_model->metaGraphs[m];
            int parent = -1;
            if (!single) {
                Row row;
                row.kind = Kind::MetaGraph;
                QStringList tags;
                for (const auto& tag : meta.tags) tags << q(tag);
                row.name = tr("Meta graph %1").arg(m);
                row.type = tags.isEmpty() ? tr("no tags") : tags.join(QStringLiteral(", "));
                row.size = tr("%1 nodes").arg(meta.graph.size());
                row.metaGraph = static_cast<int>(m);
                parent = add(row, -1);
            }
            addMetaGraph(meta, static_cast<int>(m), parent);
        }
        if (!m_model->checkpoint.empty() && m_model->metaGraphs.empty()) {
            Row section;
            section.kind = Kind::Section;
            section.name = tr("Checkpoint");
            section.size = tr("%1 tensors").arg(m_model->checkpoint.size());
            const int parent = add(section, -1);
            for (const auto& entry : m_model->checkpoint) {
                Row row;
                row.kind = Kind::Variable;
                row.name = q(entry.key);
                row.key = row.name;
                row.type = q(layout::dtypeLabel(entry.dtype)) + QLatin1Char(' ') + shapeText(entry.shape, true);
                row.size = formatBytes(entry.bytes);
                add(row, parent);
            }
        }
    }
    endResetModel();
}

void ModelBrowserModel::addMetaGraph(const graph::MetaGraph& meta, int metaIndex, int parent) {
    auto section = [&](const QString& name, size_t count) {
        Row row;
        row.kind = Kind::Section;
        row.name = name;
        row.size = QString::number(count);
        row.metaGraph = metaIndex;
        return add(row, parent);
    };

    const int signatures = section(tr("Signatures"), meta.signatures.size());
    for (const auto& signature : meta.signatures) {
        Row row;
        row.kind = Kind::Signature;
        row.name = q(signature.key);
        row.key = row.name;
        row.type = q(signature.methodName);
        row.size = tr("%1 in, %2 out").arg(signature.inputs.size()).arg(signature.outputs.size());
        row.metaGraph = metaIndex;
        row.tooltip = tr("Double-click to show only what this signature computes");
        const int owner = add(row, signatures);
        for (int direction = 0; direction < 2; ++direction) {
            const auto& specs = direction == 0 ? signature.inputs : signature.outputs;
            for (const auto& spec : specs) {
                Row io;
                io.kind = direction == 0 ? Kind::SignatureInput : Kind::SignatureOutput;
                io.name = (direction == 0 ? QStringLiteral("\u2192 ") : QStringLiteral("\u2190 ")) + q(spec.key);
                io.key = q(signature.key);
                io.type = specType(spec);
                io.size = q(spec.tensorName);
                io.metaGraph = metaIndex;
                io.index = spec.endpoint.node;
                add(io, owner);
            }
        }
    }

    const auto& functions = meta.library.functions();
    const int functionSection = section(tr("Functions"), functions.size());
    for (size_t f = 0; f < functions.size(); ++f) {
        const auto& function = functions[f];
        Row row;
        row.kind = Kind::Function;
        row.name = q(function.name);
        row.key = row.name;
        row.type = tr("%1 \u2192 %2")
                       .arg(function.def.signature().input_arg_size())
                       .arg(function.def.signature().output_arg_size());
        row.size = tr("%1 nodes").arg(function.nodeDefCount);
        row.metaGraph = metaIndex;
        row.index = static_cast<int>(f);
        row.tooltip = tr("%1 call sites in the graph, %2 callers, nesting depth %3%4")
                          .arg(function.topLevelCallSites)
                          .arg(function.callers.size())
                          .arg(meta.library.nestingDepth(static_cast<int32_t>(f)))
                          .arg(meta.library.isRecursive(static_cast<int32_t>(f)) ? tr(", recursive") : QString());
        add(row, functionSection);
    }

    const int variables = section(tr("Variables"), meta.variables.size());
    int64_t totalBytes = 0;
    for (size_t v = 0; v < meta.variables.size(); ++v) {
        const auto& variable = meta.variables[v];
        Row row;
        row.kind = Kind::Variable;
        row.name = q(variable.name);
        row.key = row.name;
        row.type =
            q(layout::dtypeLabel(variable.dtype)) + QLatin1Char(' ') + shapeText(variable.shape, variable.shapeKnown);
        row.size = formatBytes(variable.bytes);
        row.metaGraph = metaIndex;
        row.index = static_cast<int>(v);
        row.tooltip = variable.trainable ? tr("trainable") : tr("not trainable");
        if (!variable.checkpointKey.empty()) row.tooltip += tr("; checkpoint key %1").arg(q(variable.checkpointKey));
        totalBytes += std::max<int64_t>(variable.bytes, 0);
        add(row, variables);
    }
    m_rows[static_cast<size_t>(variables)].type = formatBytes(totalBytes);

    const int assets = section(tr("Assets"), meta.assets.size());
    for (size_t a = 0; a < meta.assets.size(); ++a) {
        Row row;
        row.kind = Kind::Asset;
        row.name = q(meta.assets[a].filename);
        row.key = row.name;
        row.type = q(meta.assets[a].tensorName);
        row.size = meta.assets[a].bytes < 0 ? tr("missing") : formatBytes(meta.assets[a].bytes);
        row.metaGraph = metaIndex;
        row.index = static_cast<int>(a);
        add(row, assets);
    }
}

QModelIndex ModelBrowserModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    const std::vector<int>& list = parent.isValid() ? m_rows[parent.internalId()].children : m_top;
    if (parent.isValid() && parent.column() != 0) return {};
    if (row >= static_cast<int>(list.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(list[static_cast<size_t>(row)]));
}

QModelIndex ModelBrowserModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const int parentRow = m_rows[child.internalId()].parent;
    if (parentRow < 0) return {};
    return createIndex(m_rows[static_cast<size_t>(parentRow)].rowInParent, 0, static_cast<quintptr>(parentRow));
}

int ModelBrowserModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_top.size());
    if (parent.column() != 0) return 0;
    return static_cast<int>(m_rows[parent.internalId()].children.size());
}

int ModelBrowserModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant ModelBrowserModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Row& row = m_rows[index.internalId()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return row.name;
        case TypeColumn:
            return row.type;
        default:
            return row.size;
        }
    case Qt::ToolTipRole: {
        // Every cell may be elided: the tooltip says all of the row.
        QStringList lines{ row.name };
        if (!row.type.isEmpty()) lines << row.type;
        if (!row.size.isEmpty()) lines << row.size;
        if (!row.tooltip.isEmpty()) lines << row.tooltip;
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::FontRole:
        if (row.kind == Kind::Section || row.kind == Kind::MetaGraph) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() != NameColumn) return QColor(0x60, 0x6f, 0x7a);
        return {};
    case KindRole:
        return static_cast<int>(row.kind);
    case MetaGraphRole:
        return row.metaGraph;
    case IndexRole:
        return row.index;
    case KeyRole:
        return row.key;
    default:
        return {};
    }
}

QVariant ModelBrowserModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    default:
        return tr("Size");
    }
}

} // namespace graphlens::views

#include "views/node_inspector.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/graph/io/tensor_bundle.h"
#include "core/graph/io/tensor_value.h"
#include "core/layout/labels.h"
#include "core/layout/view_graph.h"
#include "views/attribute_model.h"
#include "views/graph_style.h"
#include "views/model_browser_model.h"
#include "views/tensor_table_model.h"

namespace graphlens::views {
namespace {

constexpr int kRefFunctionRole = Qt::UserRole + 10;
constexpr int kRefNodeRole = Qt::UserRole + 11;
constexpr int64_t kMaxValueElements = int64_t{ 1 } << 22;

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString dtypeOf(const graph::Graph& graph, const graph::OpRegistry& ops, graph::NodeId node, int32_t output) {
    const auto types = ops.outputTypes(graph.node(node).def());
    if (output >= 0 && static_cast<size_t>(output) < types.size())
        return q(layout::dtypeLabel(types[static_cast<size_t>(output)]));
    const auto& attrs = graph.node(node).def().attr();
    for (const char* name : { "T", "dtype" }) {
        const auto found = attrs.find(name);
        if (found != attrs.end() && found->second.value_case() == tensorflow::AttrValue::kType)
            return q(layout::dtypeLabel(found->second.type()));
    }
    return QStringLiteral("?");
}

QString shapeOf(const graph::Graph& graph, graph::NodeId node, int32_t output) {
    const auto* shape = layout::knownOutputShape(graph, node, output);
    return shape ? q(layout::shapeInBrackets(*shape)) : QString();
}

const graph::Variable* variableFor(const graph::MetaGraph& meta, int function, graph::NodeId node) {
    for (const auto& variable : meta.variables) {
        if (function < 0 && variable.node == node) return &variable;
        for (const auto& [readerFunction, reader] : variable.readers)
            if (readerFunction == function && reader == node) return &variable;
    }
    return nullptr;
}

} // namespace

NodeInspector::NodeInspector(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_attributeView(new QTreeView(this))
    , m_ports(new QTreeWidget(this))
    , m_valueTitle(new QLabel(this))
    , m_valueView(new QTableView(this))
    , m_valueBox(new QWidget(this))
    , m_attributes(new AttributeModel(this))
    , m_values(new TensorTableModel(this))
    , m_jobs(new JobRunner(this)) {
    m_header->setTextFormat(Qt::RichText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_header->setMargin(8);
    m_header->setAutoFillBackground(true);
    m_header->setStyleSheet(QStringLiteral("QLabel { background: #f5f7fa; border-bottom: 1px solid #dde3ea; }"));

    m_attributeView->setModel(m_attributes);
    m_attributeView->setUniformRowHeights(true);
    m_attributeView->setAlternatingRowColors(true);
    m_attributeView->header()->setSectionResizeMode(AttributeModel::NameColumn, QHeaderView::ResizeToContents);
    m_attributeView->header()->setStretchLastSection(true);
    m_attributeView->setWordWrap(false);
    m_attributeView->setTextElideMode(Qt::ElideRight);
    connect(m_attributeView, &QTreeView::clicked, this, [this](const QModelIndex& index) {
        const QString function = index.data(AttributeModel::FunctionRole).toString();
        if (!function.isEmpty()) emit openFunctionRequested(function);
    });

    m_ports->setColumnCount(4);
    m_ports->setHeaderLabels({ tr("Port"), tr("Node"), tr("dtype"), tr("Shape") });
    m_ports->setUniformRowHeights(true);
    m_ports->setAlternatingRowColors(true);
    m_ports->setTextElideMode(Qt::ElideLeft);
    m_ports->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ports->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_ports->header()->setStretchLastSection(false);
    connect(m_ports, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QVariant node = item->data(0, kRefNodeRole);
        if (node.isValid()) emit nodeRequested(item->data(0, kRefFunctionRole).toInt(), node.toInt());
    });

    m_valueView->setModel(m_values);
    m_valueView->horizontalHeader()->setDefaultSectionSize(86);
    m_valueView->verticalHeader()->setDefaultSectionSize(20);
    m_valueView->setWordWrap(false);
    m_valueTitle->setWordWrap(true);
    m_valueTitle->setStyleSheet(QStringLiteral("color: #37474f; padding: 2px 4px;"));
    auto* valueLayout = new QVBoxLayout(m_valueBox);
    valueLayout->setContentsMargins(0, 0, 0, 0);
    valueLayout->setSpacing(2);
    valueLayout->addWidget(m_valueTitle);
    valueLayout->addWidget(m_valueView, 1);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_attributeView);
    m_splitter->addWidget(m_ports);
    m_splitter->addWidget(m_valueBox);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setStretchFactor(2, 3);
    m_splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_splitter, 1);
    clear();
}

void NodeInspector::clear() {
    m_jobs->cancel();
    m_node = {};
    m_header->setText(tr("<span style='color:#606f7a'>Select a node in the graph to inspect it.</span>"));
    m_attributes->clear();
    m_ports->clear();
    m_values->clear();
    m_valueBox->hide();
}

QString NodeInspector::headerText() const {
    return m_header->text();
}

void NodeInspector::showItem(const GraphSnapshot& snapshot, int item) {
    if (item < 0 || static_cast<size_t>(item) >= snapshot.view.items.size()) {
        clear();
        return;
    }
    const auto& entry = snapshot.view.items[static_cast<size_t>(item)];
    if (entry.node != graph::kNoNode) {
        showNode({ snapshot.model, snapshot.root.metaGraph, entry.function, entry.node });
        return;
    }
    clear();
    QString kind = entry.kind == layout::ItemKind::Series ? tr("Series") : tr("Name scope");
    if (entry.kind == layout::ItemKind::Body) kind = tr("Function body");
    m_header->setText(QStringLiteral("<div style='font-size:15px; font-weight:600'>%1</div>"
                                     "<div style='color:#606f7a'>%2 \u00b7 %3</div><div>%4</div>")
                          .arg(esc(entry.label), kind, itemCountText(entry).toHtmlEscaped(), esc(entry.summary)));
}

void NodeInspector::showNode(const NodeRef& ref) {
    m_jobs->cancel();
    const graph::Graph* graph = ref.graph();
    if (!ref.valid() || !graph || static_cast<size_t>(ref.node) >= graph->size()) {
        clear();
        return;
    }
    m_node = ref;
    const auto& meta = ref.model->metaGraphs[static_cast<size_t>(ref.metaGraph)];
    const graph::OpRegistry& ops = meta.ops ? *meta.ops : graph::OpRegistry::builtin();
    const graph::Node& node = graph->node(ref.node);
    const auto category = layout::opCategory(node.op(), !node.functions.empty());
    const auto colours = GraphStyle::instance().colours(category);
    QString where = ref.function < 0
        ? tr("main graph")
        : tr("function %1").arg(esc(meta.library.functions()[static_cast<size_t>(ref.function)].name));
    QString html =
        QStringLiteral("<table cellspacing='0' cellpadding='0'><tr><td><span style='background:%1; color:%2; "
                       "border-radius:3px; padding:1px 6px; font-size:11px'>&nbsp;%3&nbsp;</span></td></tr></table>"
                       "<div style='font-size:16px; font-weight:600; margin-top:4px'>%4</div>"
                       "<div style='font-family:monospace; color:#263238'>%5</div>"
                       "<div style='color:#606f7a; margin-top:2px'>%6")
            .arg(colours.fill.name(), colours.rim.darker(140).name(), categoryLabel(category).toHtmlEscaped(),
                 esc(node.op()), esc(node.name()), tr("in %1").arg(where));
    if (!node.device().empty()) html += tr(" \u00b7 device %1").arg(esc(node.device()));
    html += QStringLiteral("</div>");
    if (!node.functions.empty()) {
        html += QStringLiteral("<div style='margin-top:4px'>") + tr("Calls:") + QLatin1Char(' ');
        QStringList links;
        for (const auto& fn : node.functions) links << QStringLiteral("<b>%1</b>").arg(esc(fn.function));
        html += links.join(QStringLiteral(", ")) + QStringLiteral("</div>");
    }
    m_header->setText(html);
    m_attributes->setNode(node.def());
    m_attributeView->expandToDepth(0);
    m_attributeView->collapseAll();
    fillPorts(*graph, node, ops);
    loadValue(meta, node);
}

void NodeInspector::fillPorts(const graph::Graph& graph, const graph::Node& node, const graph::OpRegistry& ops) {
    m_ports->clear();
    const int function = m_node.function;
    auto* inputs = new QTreeWidgetItem(m_ports, { tr("Inputs (%1)").arg(node.inputs.size()) });
    for (size_t i = 0; i < node.inputs.size(); ++i) {
        const auto& input = node.inputs[i];
        QString port = q(ops.inputName(node.def(), static_cast<int32_t>(i)));
        if (port.isEmpty()) port = QString::number(i);
        auto* row = new QTreeWidgetItem(inputs);
        row->setText(0, port);
        if (input.node == graph::kNoNode) {
            row->setText(1,
                         static_cast<int>(i) < node.def().input_size()
                             ? q(node.def().input(static_cast<int>(i))) + tr(" (missing)")
                             : tr("(missing)"));
            continue;
        }
        const QString producer = q(graph.node(input.node).name());
        row->setText(1, input.output == 0 ? producer : producer + QLatin1Char(':') + QString::number(input.output));
        row->setText(2, dtypeOf(graph, ops, input.node, input.output));
        row->setText(3, shapeOf(graph, input.node, input.output));
        row->setToolTip(1, row->text(1));
        row->setData(0, kRefFunctionRole, function);
        row->setData(0, kRefNodeRole, input.node);
    }
    for (graph::NodeId control : node.controlInputs) {
        if (control == graph::kNoNode) continue;
        auto* row = new QTreeWidgetItem(inputs, { tr("^control"), q(graph.node(control).name()) });
        row->setData(0, kRefFunctionRole, function);
        row->setData(0, kRefNodeRole, control);
    }

    const graph::NodeId self = m_node.node;
    const auto& consumers = graph.consumers(self);
    int32_t outputs = node.numOutputs;
    for (const auto& consumer : consumers)
        if (consumer.inputIndex >= 0) {
            const auto& endpoint = graph.node(consumer.node).inputs[static_cast<size_t>(consumer.inputIndex)];
            outputs = std::max(outputs, endpoint.output + 1);
        }
    outputs = std::max<int32_t>(outputs, static_cast<int32_t>(ops.outputTypes(node.def()).size()));
    auto* outs = new QTreeWidgetItem(m_ports, { tr("Outputs (%1)").arg(std::max(outputs, 0)) });
    for (int32_t k = 0; k < outputs && k < 1000; ++k) {
        QString port = q(ops.outputName(node.def(), k));
        if (port.isEmpty()) port = QString::number(k);
        QStringList users;
        for (const auto& consumer : consumers)
            if (consumer.inputIndex >= 0 &&
                graph.node(consumer.node).inputs[static_cast<size_t>(consumer.inputIndex)].output == k)
                users << q(graph.node(consumer.node).name());
        QString usersText = users.isEmpty() ? tr("(unused)") : users.mid(0, 3).join(QStringLiteral(", "));
        if (users.size() > 3) usersText += tr(" +%1 more").arg(users.size() - 3);
        auto* row =
            new QTreeWidgetItem(outs, { port, usersText, dtypeOf(graph, ops, self, k), shapeOf(graph, self, k) });
        row->setToolTip(1, users.join(QLatin1Char('\n')));
    }
    m_ports->expandAll();
}

void NodeInspector::giveSpaceToValues(bool values) {
    const int total = std::max(m_splitter->height(), 300);
    if (values) m_splitter->setSizes({ total / 5, total / 5, total - 2 * (total / 5) });
    else m_splitter->setSizes({ total * 3 / 5, total * 2 / 5, 0 });
}

void NodeInspector::showValueMessage(const QString& message) {
    m_values->clear();
    m_valueTitle->setText(message);
    m_valueView->hide();
    m_valueBox->show();
}

void NodeInspector::loadValue(const graph::MetaGraph& meta, const graph::Node& node) {
    m_values->clear();
    m_valueBox->hide();
    giveSpaceToValues(false);
    const auto valueAttr = node.def().attr().find("value");
    auto model = m_node.model;
    const std::string where = node.name();
    auto deliver = [this](std::shared_ptr<const io::TensorValue> value, const QString& title) {
        if (!value->hasValues()) {
            showValueMessage(title + QStringLiteral(" \u2014 ") +
                             (value->note.empty() ? tr("values not available") : q(value->note)));
            return;
        }
        m_values->setTensor(value);
        QString text = title;
        if (m_values->minimum() < m_values->maximum())
            text += tr(" \u00b7 min %1 \u00b7 max %2")
                        .arg(m_values->minimum(), 0, 'g', 5)
                        .arg(m_values->maximum(), 0, 'g', 5);
        m_valueTitle->setText(text);
        m_valueView->show();
        m_valueBox->show();
        giveSpaceToValues(true);
    };
    if (node.op() == "Const" && valueAttr != node.def().attr().end() && valueAttr->second.has_tensor()) {
        const tensorflow::TensorProto* tensor = &valueAttr->second.tensor();
        const QString title =
            tr("Value: %1 %2")
                .arg(q(layout::dtypeLabel(tensor->dtype())), q(layout::shapeInBrackets(tensor->tensor_shape())));
        showValueMessage(tr("Reading the value\u2026"));
        // The model owns the proto; the job keeps the model alive.
        m_jobs->start<std::shared_ptr<const io::TensorValue>>(
            tr("Reading a constant"),
            [model, tensor, where](const Progress&) {
                return std::make_shared<const io::TensorValue>(
                    io::tensorFromProto(*tensor, model->path, where, kMaxValueElements));
            },
            [deliver, title](std::shared_ptr<const io::TensorValue> value) { deliver(std::move(value), title); },
            [this](const JobError& error) {
                if (!error.cancelled) showValueMessage(tr("Cannot read the value: %1").arg(error.message));
            });
        return;
    }
    const graph::Variable* variable = variableFor(meta, m_node.function, m_node.node);
    if (!variable) return;
    const QString title =
        tr("Variable %1: %2, %3")
            .arg(q(variable->name), q(layout::dtypeLabel(variable->dtype)), formatBytes(variable->bytes));
    if (!model->bundle || variable->checkpointKey.empty()) {
        showValueMessage(title + tr(" \u2014 no checkpoint with this variable was loaded"));
        return;
    }
    showValueMessage(tr("Reading %1 from the checkpoint\u2026").arg(q(variable->checkpointKey)));
    const std::string key = variable->checkpointKey;
    m_jobs->start<std::shared_ptr<const io::TensorValue>>(
        tr("Reading a variable"),
        [model, key](const Progress&) {
            return std::make_shared<const io::TensorValue>(model->bundle->read(key, kMaxValueElements * 8));
        },
        [deliver, title](std::shared_ptr<const io::TensorValue> value) { deliver(std::move(value), title); },
        [this](const JobError& error) {
            if (!error.cancelled) showValueMessage(tr("Cannot read the variable: %1").arg(error.message));
        });
}

} // namespace graphlens::views

#pragma once
// The node inspector: op, name, device and category; attributes with readable values (function
// names open the function); inputs and outputs with dtype and shape (click to go there); and the
// value of a Const or of a variable read from the checkpoint, as a heat-mapped table.
#include <memory>

#include <QWidget>

#include "views/graph_snapshot.h"
#include "views/job_runner.h"

class QLabel;
class QSplitter;
class QTableView;
class QTreeView;
class QTreeWidget;
class QTreeWidgetItem;

namespace graphlens::views {

class AttributeModel;
class TensorTableModel;

class NodeInspector : public QWidget {
    Q_OBJECT
public:
    explicit NodeInspector(QWidget* parent = nullptr);

    void showNode(const NodeRef& node);
    // A group, series or body of the graph view: its summary instead of one node.
    void showItem(const GraphSnapshot& snapshot, int item);
    void clear();

    const NodeRef& node() const { return m_node; }
    QString headerText() const; // the rich text above the attributes
    AttributeModel* attributes() const { return m_attributes; }
    TensorTableModel* values() const { return m_values; }
    JobRunner& valueJobs() { return *m_jobs; }

signals:
    void openFunctionRequested(const QString& name);
    void nodeRequested(int function, graphlens::graph::NodeId node);

private:
    void fillPorts(const graph::Graph& graph, const graph::Node& node, const graph::OpRegistry& ops);
    void loadValue(const graph::MetaGraph& meta, const graph::Node& node);
    void showValueMessage(const QString& message);
    void giveSpaceToValues(bool values);

    NodeRef m_node;
    QLabel* m_header = nullptr;
    QTreeView* m_attributeView = nullptr;
    QTreeWidget* m_ports = nullptr;
    QLabel* m_valueTitle = nullptr;
    QTableView* m_valueView = nullptr;
    QWidget* m_valueBox = nullptr;
    QSplitter* m_splitter = nullptr;
    AttributeModel* m_attributes = nullptr;
    TensorTableModel* m_values = nullptr;
    JobRunner* m_jobs = nullptr;
};

} // namespace graphlens::views

#pragma once
// Find nodes by regular expression over names, op types and (optionally) attribute values. Types
// as you go (debounced), runs as a job, lists hits; activating a hit asks for the node to be shown.
#include <memory>

#include <QWidget>

#include "core/graph/model.h"
#include "views/job_runner.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;
class QTreeView;

namespace graphlens::views {

class SearchResultsModel;

class SearchPanel : public QWidget {
    Q_OBJECT
public:
    explicit SearchPanel(QWidget* parent = nullptr);

    void setModel(std::shared_ptr<const graph::Model> model, int metaGraph = 0);
    void setPattern(const QString& pattern); // and search now
    void focusPattern();
    SearchResultsModel* results() const { return m_results; }
    QTreeView* resultsView() const { return m_view; }
    JobRunner& jobs() { return *m_jobs; }
    void activateRow(int row);

signals:
    void nodeActivated(int function, graphlens::graph::NodeId node);
    void searchFinished(int hits);

private:
    void search();

    std::shared_ptr<const graph::Model> m_model;
    int m_metaGraph = 0;
    QLineEdit* m_pattern = nullptr;
    QCheckBox* m_names = nullptr;
    QCheckBox* m_ops = nullptr;
    QCheckBox* m_attributes = nullptr;
    QCheckBox* m_caseSensitive = nullptr;
    QLabel* m_status = nullptr;
    QTreeView* m_view = nullptr;
    QTimer* m_debounce = nullptr;
    SearchResultsModel* m_results = nullptr;
    JobRunner* m_jobs = nullptr;
};

} // namespace graphlens::views

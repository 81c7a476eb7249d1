#pragma once
// The central panel: a bar with breadcrumbs (main graph › opened function), the signature slice
// chooser and the zoom level, above the graph view; notes (refused expansions) show under the bar.
#include <memory>

#include <QWidget>

#include "core/graph/model.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QToolButton;

namespace graphlens::views {

class GraphView;

class GraphPanel : public QWidget {
    Q_OBJECT
public:
    explicit GraphPanel(QWidget* parent = nullptr);

    GraphView* view() const { return m_view; }
    // `rootTitle` names the root graph in the breadcrumbs when it is not a file's main graph (a
    // trace: "f(x: float32[2]) · trace #1"); empty: "Main graph".
    void setModel(std::shared_ptr<const graph::Model> model, int metaGraph = 0, const QString& rootTitle = {});
    const QString& rootTitle() const { return m_rootTitle; }
    QComboBox* signatureBox() const { return m_signatures; }

private:
    QString m_rootTitle;
    void rebuildBreadcrumbs();

    GraphView* m_view = nullptr;
    QHBoxLayout* m_crumbs = nullptr;
    QComboBox* m_signatures = nullptr;
    QLabel* m_zoom = nullptr;
    QLabel* m_notes = nullptr;
    QLabel* m_stats = nullptr;
};

} // namespace graphlens::views

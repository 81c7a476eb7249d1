#pragma once
// The before/after view of the optimisation passes: the graph before the passes (or before the
// chosen pass) and after the chosen pass side by side, each a graph view with the changed nodes
// outlined (legend on top), viewports kept in step by matching nodes by name, expansions mirrored;
// below, the strip of passes to step through (click, or Up/Down in the strip, or [ and ]), the
// fusion misses and the chosen pass's node changes (a click outlines and centres the nodes in both
// graphs). The timeline is built off the GUI thread by the view's job runner.
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <QPointF>
#include <QTransform>
#include <QWidget>

#include "core/passes/pass_timeline.h"
#include "views/job_runner.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace graphlens::views {

class FusionMissModel;
class PassChangesModel;
class PassGraphView;
class PassStripModel;

class PassView : public QWidget {
    Q_OBJECT
public:
    enum class Compare { Original, Previous }; // left side: before all passes / before the chosen one

    explicit PassView(QWidget* parent = nullptr);
    ~PassView() override;

    // Builds the timeline with `work` off the GUI thread, then shows it; a newer call or cancel()
    // drops the result. Returns the job id.
    quint64 start(const QString& title, std::function<passes::PassTimeline(const Progress&)> work);
    // Optimises meta graph `metaGraph` of `model` (see passes::optimizeModel) and shows the result; with
    // profileRuns() > 0 the optimised graph is then profiled and the misses get their costs.
    quint64 optimize(std::shared_ptr<const graph::Model> model, int metaGraph, passes::ManagerOptions options = {});
    // Optimises the last model given to optimize() again (with the current profile runs); 0 when
    // there is none.
    quint64 optimizeAgain();
    // Runs of the optimised graph under the profiler after the passes (0: off); the "Profile runs"
    // box in the bar.
    int profileRuns() const;
    void setProfileRuns(int runs);
    JobRunner& jobs() { return *m_jobs; }
    bool isBusy() const { return m_jobs->isRunning(); }

    void setTimeline(std::shared_ptr<const passes::PassTimeline> timeline);
    const std::shared_ptr<const passes::PassTimeline>& timeline() const { return m_timeline; }

    void selectStep(int step);
    int currentStep() const { return m_step; }
    int beforeStep() const;
    void setCompare(Compare compare);
    Compare compare() const { return m_compare; }
    void setSyncViewports(bool sync);
    bool syncViewports() const { return m_sync; }
    const passes::StepDiff& currentDiff() const { return m_diff; }

    // Outlines and centres nodes in both graphs; what a click on a miss or a change does.
    void focusNodes(const QStringList& names);
    void focusMiss(int row);

    PassGraphView* beforeView() const { return m_before; }
    PassGraphView* afterView() const { return m_after; }
    QTableView* stripView() const { return m_strip; }
    QSpinBox* profileRunsBox() const { return m_profileRuns; }
    QTableView* missView() const { return m_missTable; }
    QTableView* changesView() const { return m_changesTable; }
    PassStripModel* stripModel() const { return m_stripModel; }
    FusionMissModel* missModel() const { return m_missModel; }
    PassChangesModel* changesModel() const { return m_changesModel; }
    // Both graphs laid out, no focus waiting for a layout.
    bool isSettled() const;

signals:
    void timelineChanged();
    void stepChanged(int step);
    void failed(const QString& message);

private:
    void showStep();
    void updateLegend();
    void updateHeaders();
    // Where a view looks: its zoom and the items nearest the centre, by key, with their offsets,
    // so that another graph holding any of those items can look at the same place.
    struct Anchor {
        bool valid = false;
        QTransform transform;
        QPointF centre;
        std::vector<std::pair<std::string, QPointF>> items;
    };
    Anchor anchorOf(const PassGraphView* view) const;
    void restoreAnchor(PassGraphView* view, const Anchor& anchor);
    void layoutFinished(PassGraphView* view, PassGraphView* other);
    void syncViewport(PassGraphView* source, PassGraphView* target);
    void mirrorExpansion(PassGraphView* target, const QString& key, bool expanded);
    void mirrorSelection(PassGraphView* source, PassGraphView* target, int index);
    void showMessage(const QString& text);

    JobRunner* m_jobs = nullptr;
    std::shared_ptr<const passes::PassTimeline> m_timeline;
    int m_step = -1;
    Compare m_compare = Compare::Original;
    bool m_sync = true;
    bool m_syncing = false;
    passes::StepDiff m_diff;
    // Per view (0 before, 1 after): where to look once its new graph is laid out, or whether to
    // take the other view's viewport then.
    Anchor m_pendingAnchor[2];
    bool m_followOther[2] = { false, false };

    PassGraphView* m_before = nullptr;
    PassGraphView* m_after = nullptr;
    QLabel* m_beforeHeader = nullptr;
    QLabel* m_afterHeader = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_placeholder = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_legend = nullptr;
    QComboBox* m_compareBox = nullptr;
    QCheckBox* m_syncBox = nullptr;
    QToolButton* m_previous = nullptr;
    QToolButton* m_next = nullptr;
    QToolButton* m_saveReport = nullptr;
    QSpinBox* m_profileRuns = nullptr;
    QToolButton* m_again = nullptr;
    // What optimize() was last given, for optimizeAgain().
    std::shared_ptr<const graph::Model> m_lastModel;
    int m_lastMetaGraph = 0;
    passes::ManagerOptions m_lastOptions;
    QTableView* m_strip = nullptr;
    QTableView* m_missTable = nullptr;
    QTableView* m_changesTable = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QTabWidget* m_tabs = nullptr;
    PassStripModel* m_stripModel = nullptr;
    FusionMissModel* m_missModel = nullptr;
    PassChangesModel* m_changesModel = nullptr;
};

} // namespace graphlens::views

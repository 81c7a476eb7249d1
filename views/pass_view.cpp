#include "views/pass_view.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "views/graph_scene.h"
#include "views/pass_graph_view.h"
#include "views/pass_models.h"

namespace graphlens::views {
namespace {

constexpr size_t kAnchorCandidates = 32;

QString q(const std::string& text) {
    return QString::fromStdString(text);
}

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(22);
    table->horizontalHeader()->setHighlightSections(false);
    table->setFrameShape(QFrame::NoFrame);
    return table;
}

QWidget* pane(QLabel* header, QWidget* view, QWidget* parent) {
    auto* widget = new QWidget(parent);
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    header->setStyleSheet(QStringLiteral("QLabel { background: #eef2f6; color: #263238; padding: 4px 8px;"
                                         " border-bottom: 1px solid #dde3ea; }"));
    header->setTextFormat(Qt::RichText);
    layout->addWidget(header);
    layout->addWidget(view, 1);
    return widget;
}

} // namespace

PassView::PassView(QWidget* parent)
    : QWidget(parent)
    , m_jobs(new JobRunner(this))
    , m_before(new PassGraphView(this))
    , m_after(new PassGraphView(this))
    , m_beforeHeader(new QLabel(this))
    , m_afterHeader(new QLabel(this))
    , m_title(new QLabel(this))
    , m_message(new QLabel(this))
    , m_legend(new QLabel(this))
    , m_compareBox(new QComboBox(this))
    , m_syncBox(new QCheckBox(tr("Sync viewports"), this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_saveReport(new QToolButton(this))
    , m_profileRuns(new QSpinBox(this))
    , m_again(new QToolButton(this))
    , m_notes(new QPlainTextEdit(this))
    , m_tabs(new QTabWidget(this))
    , m_stripModel(new PassStripModel(this))
    , m_missModel(new FusionMissModel(this))
    , m_changesModel(new PassChangesModel(this)) {
    m_before->setObjectName(QStringLiteral("beforeGraph"));
    m_after->setObjectName(QStringLiteral("afterGraph"));
    m_strip = makeTable(m_stripModel, this);
    m_strip->setObjectName(QStringLiteral("passStrip"));
    m_missTable = makeTable(m_missModel, this);
    m_missTable->setObjectName(QStringLiteral("fusionMisses"));
    m_changesTable = makeTable(m_changesModel, this);
    m_changesTable->setObjectName(QStringLiteral("passChanges"));
    m_strip->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_strip->horizontalHeader()->setSectionResizeMode(PassStripModel::PassColumn, QHeaderView::Stretch);
    m_missTable->horizontalHeader()->setStretchLastSection(true);
    m_changesTable->horizontalHeader()->setStretchLastSection(true);
    m_notes->setReadOnly(true);

    auto* bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("passBar"));
    bar->setStyleSheet(QStringLiteral("#passBar { background: #f5f7fa; border-bottom: 1px solid #dde3ea; }"));
    auto* barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(8, 3, 8, 3);
    barLayout->setSpacing(8);
    m_title->setStyleSheet(QStringLiteral("font-weight: 600; color: #263238;"));
    // the bar's texts give way before the window outgrows a laptop screen (#21): the title and
    // the legend shrink (cut at the right), the comparison box shows the start of its choice
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setMinimumWidth(60);
    barLayout->addWidget(m_title, 2);
    m_previous->setObjectName(QStringLiteral("previousPass"));
    m_next->setObjectName(QStringLiteral("nextPass"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setToolTip(tr("Previous pass ([)"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolTip(tr("Next pass (])"));
    barLayout->addWidget(m_previous);
    barLayout->addWidget(m_next);
    m_compareBox->addItem(tr("Compare with the graph before the passes"));
    m_compareBox->addItem(tr("Compare with the graph before this pass"));
    m_compareBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_compareBox->setMinimumContentsLength(14);
    barLayout->addWidget(m_compareBox);
    m_syncBox->setChecked(true);
    m_syncBox->setToolTip(tr("Pan and zoom one graph, the other follows (nodes matched by name)"));
    barLayout->addWidget(m_syncBox);
    auto* profileLabel = new QLabel(tr("Profile runs:"), bar);
    m_profileRuns->setObjectName(QStringLiteral("profileRuns"));
    m_profileRuns->setRange(0, 100000);
    m_profileRuns->setSpecialValueText(tr("off"));
    const QString profileTip = tr("After the passes, run the optimised graph this many times (after one warm-up run) "
                                  "with pseudo-random inputs and give each fusion miss its estimated cost; 0 = off");
    m_profileRuns->setToolTip(profileTip);
    profileLabel->setToolTip(profileTip);
    profileLabel->setBuddy(m_profileRuns);
    barLayout->addWidget(profileLabel);
    barLayout->addWidget(m_profileRuns);
    m_again->setObjectName(QStringLiteral("optimizeAgain"));
    m_again->setText(tr("Optimize again"));
    m_again->setToolTip(tr("Run the passes on the same graph again, profiled when Profile runs is above 0"));
    m_again->setAutoRaise(true);
    m_again->setEnabled(false);
    barLayout->addWidget(m_again);
    barLayout->addStretch(1);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setObjectName(QStringLiteral("passLegend"));
    m_legend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_legend->setMinimumWidth(40);
    barLayout->addWidget(m_legend, 3);
    m_saveReport->setText(tr("Save report\u2026"));
    m_saveReport->setToolTip(tr("The report as JSON, as graphlens-cli optimize writes it"));
    m_saveReport->setAutoRaise(true);
    barLayout->addWidget(m_saveReport);

    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("QLabel { background: #fff8e1; color: #6d4c00; padding: 4px 8px;"
                                            " border-bottom: 1px solid #ffe082; }"));
    m_message->hide();

    auto* graphs = new QSplitter(Qt::Horizontal, this);
    graphs->addWidget(pane(m_beforeHeader, m_before, graphs));
    graphs->addWidget(pane(m_afterHeader, m_after, graphs));
    graphs->setChildrenCollapsible(false);
    m_tabs->addTab(m_missTable, tr("Fusion misses"));
    m_tabs->addTab(m_changesTable, tr("Changes"));
    m_tabs->addTab(m_notes, tr("Notes"));
    auto* tables = new QSplitter(Qt::Horizontal, this);
    tables->addWidget(m_strip);
    tables->addWidget(m_tabs);
    tables->setStretchFactor(0, 5);
    tables->setStretchFactor(1, 6);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(graphs);
    vertical->addWidget(tables);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);
    vertical->setChildrenCollapsible(false);

    // Until a timeline arrives the graphs would only say "open a model": a placeholder instead.
    m_placeholder = new QLabel(tr("Run \u25b8 Optimize Graph runs the passes on the graph shown."), this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setStyleSheet(QStringLiteral("QLabel { color: #606f7a; font-size: 13px; }"));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(vertical);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_stack, 1);

    connect(m_strip->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) selectStep(current.row());
            });
    connect(m_missTable, &QTableView::clicked, this, [this](const QModelIndex& index) { focusMiss(index.row()); });
    connect(m_missTable, &QTableView::activated, this, [this](const QModelIndex& index) { focusMiss(index.row()); });
    auto focusChange = [this](const QModelIndex& index) {
        focusNodes(index.siblingAtColumn(0).data(PassNodesRole).toStringList());
    };
    connect(m_changesTable, &QTableView::clicked, this, focusChange);
    connect(m_changesTable, &QTableView::activated, this, focusChange);
    connect(m_previous, &QToolButton::clicked, this, [this] { selectStep(m_step - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { selectStep(m_step + 1); });
    auto* previousKey = new QShortcut(QKeySequence(Qt::Key_BracketLeft), this, [this] { selectStep(m_step - 1); });
    auto* nextKey = new QShortcut(QKeySequence(Qt::Key_BracketRight), this, [this] { selectStep(m_step + 1); });
    previousKey->setContext(Qt::WidgetWithChildrenShortcut);
    nextKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_compareBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setCompare(index == 1 ? Compare::Previous : Compare::Original); });
    connect(m_syncBox, &QCheckBox::toggled, this, &PassView::setSyncViewports);
    connect(m_again, &QToolButton::clicked, this, [this] { optimizeAgain(); });
    connect(m_saveReport, &QToolButton::clicked, this, [this] {
        if (!m_timeline) return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the optimisation report"),
                                                          QStringLiteral("optimize-report.json"), tr("JSON (*.json)"));
        if (path.isEmpty()) return;
        QSaveFile file(path);
        const QByteArray bytes = QByteArray::fromStdString(m_timeline->reportJson);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            QMessageBox::warning(this, tr("Save failed"), tr("Could not write %1").arg(path));
    });

    for (auto [view, other] : { std::pair{ m_before, m_after }, std::pair{ m_after, m_before } }) {
        connect(view, &PassGraphView::viewportMoved, this, [this, view, other] {
            if (!m_syncing && m_sync) syncViewport(view, other);
        });
        connect(view, &GraphView::layoutFinished, this, [this, view, other] { layoutFinished(view, other); });
        connect(view, &PassGraphView::focusApplied, this, [this, view] {
            m_pendingAnchor[view == m_before ? 0 : 1] = {}; // the focus decides where it looks
        });
        connect(view, &GraphView::expansionToggled, this, [this, other](const QString& key, bool expanded) {
            if (!m_syncing) mirrorExpansion(other, key, expanded);
        });
        connect(view, &GraphView::itemSelected, this, [this, view, other](int index) {
            if (!m_syncing) mirrorSelection(view, other, index);
        });
    }
    connect(m_jobs, &JobRunner::progressChanged, this, [this](quint64, double fraction, const QString& stage) {
        showMessage(tr("Optimizing\u2026 %1% (%2)").arg(qRound(fraction * 100)).arg(stage));
    });
    updateLegend();
    updateHeaders();
}

PassView::~PassView() = default;

quint64 PassView::start(const QString& title, std::function<passes::PassTimeline(const Progress&)> work) {
    showMessage(tr("%1\u2026").arg(title));
    return m_jobs->start<std::shared_ptr<const passes::PassTimeline>>(
        title,
        [work = std::move(work)](const Progress& progress) -> std::shared_ptr<const passes::PassTimeline> {
            return std::make_shared<const passes::PassTimeline>(work(progress));
        },
        [this](std::shared_ptr<const passes::PassTimeline> timeline) {
            m_message->hide();
            setTimeline(std::move(timeline));
        },
        [this](const JobError& error) {
            showMessage(error.cancelled ? tr("The optimisation was cancelled.")
                                        : tr("The optimisation failed: %1").arg(error.message));
            if (!error.cancelled) emit failed(error.message);
        });
}

quint64 PassView::optimize(std::shared_ptr<const graph::Model> model, int metaGraph, passes::ManagerOptions options) {
    const QString name = model ? QFileInfo(q(model->path)).fileName() : QString();
    m_lastModel = model;
    m_lastMetaGraph = metaGraph;
    m_lastOptions = options;
    m_again->setEnabled(m_lastModel != nullptr);
    const int runs = profileRuns();
    const QString title = runs > 0 ? tr("Optimizing and profiling %1").arg(name) : tr("Optimizing %1").arg(name);
    return start(title, [model = std::move(model), metaGraph, options, runs](const Progress& progress) {
        return passes::optimizeModel(*model, metaGraph, options, progress, runs);
    });
}

quint64 PassView::optimizeAgain() {
    if (!m_lastModel) return 0;
    return optimize(m_lastModel, m_lastMetaGraph, m_lastOptions);
}

int PassView::profileRuns() const {
    return m_profileRuns->value();
}

void PassView::setProfileRuns(int runs) {
    m_profileRuns->setValue(runs);
}

void PassView::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->show();
    if (!m_timeline) m_placeholder->setText(text);
}

void PassView::setTimeline(std::shared_ptr<const passes::PassTimeline> timeline) {
    m_timeline = std::move(timeline);
    m_step = -1;
    m_diff = {};
    for (auto* view : { m_before, m_after }) {
        view->focusNodes({});
        view->setMarks(nullptr);
        view->setModel(nullptr);
    }
    m_pendingAnchor[0] = m_pendingAnchor[1] = {};
    m_stripModel->setTimeline(m_timeline);
    m_missModel->setTimeline(m_timeline);
    m_changesModel->setStep(m_timeline, -1);
    m_stack->setCurrentIndex(m_timeline ? 1 : 0);
    m_title->setText(m_timeline ? q(m_timeline->title) : QString());
    m_saveReport->setVisible(m_timeline && !m_timeline->reportJson.empty());
    const qsizetype missCount = m_timeline ? static_cast<qsizetype>(m_timeline->misses.size()) : 0;
    if (m_timeline && m_timeline->profile.runs > 0)
        m_tabs->setTabText(
            0, tr("Fusion misses (%1, costs from %n profiled runs)", nullptr, m_timeline->profile.runs).arg(missCount));
    else m_tabs->setTabText(0, tr("Fusion misses (%1)").arg(missCount));
    const QStringList notes = m_timeline ? groupedNotes(*m_timeline) : QStringList();
    m_notes->setPlainText(notes.join(QLatin1Char('\n')));
    m_tabs->setTabText(2, tr("Notes (%1)").arg(notes.size()));
    m_missTable->resizeColumnsToContents();
    emit timelineChanged();
    if (!m_timeline || m_timeline->steps.empty()) {
        updateLegend();
        updateHeaders();
        return;
    }
    // Open on the final graph: the last step that changed it, else the last step.
    int last = m_timeline->stepCount() - 1;
    while (last > 0 && !m_timeline->steps[static_cast<size_t>(last)].changedGraph) --last;
    selectStep(last > 0 ? last : m_timeline->stepCount() - 1);
}

int PassView::beforeStep() const {
    if (m_step <= 0) return 0;
    return m_compare == Compare::Original ? 0 : m_step - 1;
}

void PassView::selectStep(int step) {
    if (!m_timeline || step < 0 || step >= m_timeline->stepCount()) return;
    const bool changed = step != m_step;
    m_step = step;
    const QModelIndex row = m_stripModel->index(step, 0);
    if (m_strip->currentIndex().row() != step)
        m_strip->selectionModel()->setCurrentIndex(row,
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_strip->scrollTo(row);
    showStep();
    if (changed) emit stepChanged(step);
}

void PassView::setCompare(Compare compare) {
    if (compare == m_compare) return;
    m_compare = compare;
    if (m_compareBox->currentIndex() != (compare == Compare::Previous ? 1 : 0))
        m_compareBox->setCurrentIndex(compare == Compare::Previous ? 1 : 0);
    showStep();
}

void PassView::setSyncViewports(bool sync) {
    m_sync = sync;
    if (m_syncBox->isChecked() != sync) m_syncBox->setChecked(sync);
    if (sync) syncViewport(m_before, m_after);
}

void PassView::showStep() {
    if (!m_timeline || m_step < 0) return;
    const int from = beforeStep();
    m_diff = from < m_step ? m_timeline->diff(from, m_step) : passes::StepDiff{};
    const auto& beforeModel = m_timeline->steps[static_cast<size_t>(from)].model;
    const auto& afterModel = m_timeline->steps[static_cast<size_t>(m_step)].model;
    const bool newBefore = m_before->model() != beforeModel;
    const bool newAfter = m_after->model() != afterModel;
    // A view given a new graph looks where it looked before (or where the other view looks), with
    // the same groups open.
    m_syncing = true;
    const std::pair<PassGraphView*, std::shared_ptr<const graph::Model>> changes[2] = { { m_before, beforeModel },
                                                                                        { m_after, afterModel } };
    const bool isNew[2] = { newBefore, newAfter };
    for (int side = 0; side < 2; ++side) {
        if (!isNew[side]) continue;
        PassGraphView* view = changes[side].first;
        PassGraphView* other = side == 0 ? m_after : m_before;
        const bool hadGraph = view->snapshot() != nullptr;
        const QStringList expanded = hadGraph ? view->expandedKeys() : other->expandedKeys();
        m_pendingAnchor[side] = hadGraph ? anchorOf(view) : Anchor{};
        m_followOther[side] = !hadGraph;
        view->setModel(changes[side].second);
        if (!expanded.isEmpty()) view->setExpanded(expanded, true);
    }
    m_syncing = false;
    m_before->setMarks(std::make_shared<const passes::NodeMarks>(m_diff.before));
    m_after->setMarks(std::make_shared<const passes::NodeMarks>(m_diff.after));
    m_changesModel->setStep(m_timeline, m_step);
    m_changesTable->resizeColumnToContents(PassChangesModel::KindColumn);
    m_changesTable->resizeColumnToContents(PassChangesModel::NodeColumn);
    m_changesTable->resizeColumnToContents(PassChangesModel::OpColumn);
    m_tabs->setTabText(1, tr("Changes (%1)").arg(m_changesModel->rowCount()));
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < m_timeline->stepCount());
    updateLegend();
    updateHeaders();
}

void PassView::updateLegend() {
    auto chip = [](passes::NodeMark mark, const QString& label, int count) {
        return QStringLiteral("<span style='color:%1'>\u25a0</span>&nbsp;%2&nbsp;<b>%3</b>")
            .arg(markColour(mark).name(), label)
            .arg(count);
    };
    m_legend->setText(QStringList{ chip(passes::NodeMark::Added, tr("added"), m_diff.added),
                                   chip(passes::NodeMark::Removed, tr("removed"), m_diff.removed),
                                   chip(passes::NodeMark::Rewritten, tr("rewritten"), m_diff.rewritten),
                                   chip(passes::NodeMark::Fused, tr("fused"), m_diff.fused) }
                          .join(QStringLiteral("&nbsp;&nbsp;&nbsp;")));
    m_legend->setToolTip(tr("Outlines: green added, red (dashed) removed, amber rewritten, purple fused; "
                            "a collapsed group counts the changes inside it"));
}

void PassView::updateHeaders() {
    if (!m_timeline || m_step < 0) {
        m_beforeHeader->setText(tr("<b>Before</b>"));
        m_afterHeader->setText(tr("<b>After</b>"));
        return;
    }
    auto describe = [this](int step) {
        const auto& s = m_timeline->steps[static_cast<size_t>(step)];
        if (step == 0) return tr("the graph before the passes \u00b7 %n nodes", nullptr, s.nodesAfter);
        return tr("after <b>%1</b> (iteration %2, step %3) \u00b7 %n nodes", nullptr, s.nodesAfter)
            .arg(q(s.pass).toHtmlEscaped())
            .arg(s.iteration)
            .arg(step);
    };
    const int from = beforeStep();
    m_beforeHeader->setText(tr("<b>Before:</b> %1").arg(describe(from)));
    m_afterHeader->setText(tr("<b>After:</b> %1").arg(m_step == 0 ? describe(0) : describe(m_step)));
}

PassView::Anchor PassView::anchorOf(const PassGraphView* view) const {
    Anchor anchor;
    const auto* shot = view->snapshot();
    if (!shot) return anchor;
    anchor.valid = true;
    anchor.transform = view->transform();
    anchor.centre = view->mapToScene(view->viewport()->rect().center());
    // The leaves nearest the centre; the first the other graph holds is the one to line up.
    std::vector<std::pair<double, int>> nearest;
    nearest.reserve(shot->view.items.size());
    for (size_t i = 0; i < shot->view.items.size(); ++i) {
        if (shot->view.items[i].expanded) continue;
        const QPointF d = view->graphScene()->itemRect(static_cast<int>(i)).center() - anchor.centre;
        nearest.emplace_back(d.x() * d.x() + d.y() * d.y(), static_cast<int>(i));
    }
    const size_t keep = std::min(kAnchorCandidates, nearest.size());
    std::partial_sort(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(keep), nearest.end());
    for (size_t i = 0; i < keep; ++i) {
        const int item = nearest[i].second;
        anchor.items.emplace_back(shot->view.items[static_cast<size_t>(item)].key,
                                  anchor.centre - view->graphScene()->itemRect(item).center());
    }
    return anchor;
}

void PassView::restoreAnchor(PassGraphView* view, const Anchor& anchor) {
    const auto* shot = view->snapshot();
    if (!anchor.valid || !shot) return;
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    view->setTransform(anchor.transform);
    QPointF centre = anchor.centre;
    for (const auto& [key, offset] : anchor.items) {
        const int item = shot->view.find(key);
        if (item < 0) continue;
        centre = view->graphScene()->itemRect(item).center() + offset;
        break;
    }
    view->centerOn(centre);
    view->viewport()->update();
    m_syncing = wasSyncing;
}

void PassView::syncViewport(PassGraphView* source, PassGraphView* target) {
    if (!source->snapshot() || !target->snapshot() || target->isBusy()) return;
    restoreAnchor(target, anchorOf(source));
}

void PassView::layoutFinished(PassGraphView* view, PassGraphView* other) {
    const int side = view == m_before ? 0 : 1;
    if (m_pendingAnchor[side].valid) {
        const Anchor anchor = std::move(m_pendingAnchor[side]);
        m_pendingAnchor[side] = {};
        restoreAnchor(view, anchor);
    } else if (m_followOther[side]) {
        m_followOther[side] = false;
        if (m_sync && other->snapshot() && !other->isBusy()) syncViewport(other, view);
    }
}

void PassView::mirrorExpansion(PassGraphView* target, const QString& key, bool expanded) {
    if (!target->snapshot() || target->isExpanded(key) == expanded) return;
    m_syncing = true;
    target->setExpanded({ key }, expanded);
    m_syncing = false;
}

void PassView::mirrorSelection(PassGraphView* source, PassGraphView* target, int index) {
    const auto* from = source->snapshot();
    const auto* to = target->snapshot();
    if (!from || !to) return;
    int item = -1;
    if (index >= 0 && static_cast<size_t>(index) < from->view.items.size())
        item = to->view.find(from->view.items[static_cast<size_t>(index)].key);
    if (item == target->selectedItem()) return;
    m_syncing = true;
    target->selectItem(item);
    m_syncing = false;
}

void PassView::focusNodes(const QStringList& names) {
    if (names.isEmpty()) return;
    m_syncing = true;
    const int before = m_before->focusNodes(names);
    const int after = m_after->focusNodes(names);
    m_syncing = false;
    if (!before && !after) showMessage(tr("Neither graph holds %1.").arg(names.join(QStringLiteral(", "))));
    else m_message->hide();
}

void PassView::focusMiss(int row) {
    const QModelIndex index = m_missModel->index(row, 0);
    if (index.isValid()) focusNodes(index.data(PassNodesRole).toStringList());
}

bool PassView::isSettled() const {
    return !m_jobs->isRunning() && !m_before->isBusy() && !m_after->isBusy() && !m_before->hasPendingFocus() &&
        !m_after->hasPendingFocus();
}

} // namespace graphlens::views

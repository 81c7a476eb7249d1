#include "views/search_panel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include "views/search_results_model.h"

namespace graphlens::views {

SearchPanel::SearchPanel(QWidget* parent)
    : QWidget(parent)
    , m_pattern(new QLineEdit(this))
    , m_names(new QCheckBox(tr("Names"), this))
    , m_ops(new QCheckBox(tr("Ops"), this))
    , m_attributes(new QCheckBox(tr("Attributes"), this))
    , m_caseSensitive(new QCheckBox(tr("Aa"), this))
    , m_status(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_debounce(new QTimer(this))
    , m_results(new SearchResultsModel(this))
    , m_jobs(new JobRunner(this)) {
    m_pattern->setPlaceholderText(tr("Regular expression, e.g. conv.*relu|Mixed_6"));
    m_pattern->setClearButtonEnabled(true);
    m_names->setChecked(true);
    m_ops->setChecked(true);
    m_caseSensitive->setToolTip(tr("Case sensitive"));
    m_status->setStyleSheet(QStringLiteral("color: #606f7a;"));
    m_view->setModel(m_results);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setTextElideMode(Qt::ElideLeft); // the innermost scopes tell hits apart
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(SearchResultsModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(SearchResultsModel::OpColumn, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(SearchResultsModel::WhereColumn, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(SearchResultsModel::MatchedColumn, QHeaderView::ResizeToContents);
    m_view->setColumnHidden(SearchResultsModel::MatchedColumn, true); // in the tooltip instead

    auto* options = new QHBoxLayout;
    options->setContentsMargins(0, 0, 0, 0);
    for (QCheckBox* box : { m_names, m_ops, m_attributes, m_caseSensitive }) {
        options->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &SearchPanel::search);
    }
    options->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_pattern);
    layout->addLayout(options);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &SearchPanel::search);
    connect(m_pattern, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_pattern, &QLineEdit::returnPressed, this, [this] {
        m_debounce->stop();
        search();
        connect(
            this, &SearchPanel::searchFinished, this,
            [this](int hits) {
                if (hits > 0) activateRow(0);
            },
            Qt::SingleShotConnection);
    });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) { activateRow(index.row()); });
    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex& index) { activateRow(index.row()); });
}

void SearchPanel::setModel(std::shared_ptr<const graph::Model> model, int metaGraph) {
    m_jobs->cancel();
    m_model = std::move(model);
    m_metaGraph = metaGraph;
    m_results->clear();
    m_status->clear();
    if (!m_pattern->text().isEmpty()) search();
}

void SearchPanel::setPattern(const QString& pattern) {
    m_pattern->blockSignals(true);
    m_pattern->setText(pattern);
    m_pattern->blockSignals(false);
    m_debounce->stop();
    search();
}

void SearchPanel::focusPattern() {
    m_pattern->setFocus();
    m_pattern->selectAll();
}

void SearchPanel::activateRow(int row) {
    const SearchHit* hit = m_results->hit(row);
    if (!hit) return;
    m_view->setCurrentIndex(m_results->index(row, 0));
    emit nodeActivated(hit->function, hit->node);
}

void SearchPanel::search() {
    const QString pattern = m_pattern->text();
    if (!m_model || pattern.isEmpty()) {
        m_jobs->cancel();
        m_results->clear();
        m_status->clear();
        emit searchFinished(0);
        return;
    }
    SearchQuery query;
    query.pattern = pattern;
    query.names = m_names->isChecked();
    query.ops = m_ops->isChecked();
    query.attributes = m_attributes->isChecked();
    query.caseSensitive = m_caseSensitive->isChecked();
    query.metaGraph = m_metaGraph;
    m_status->setText(tr("Searching\u2026"));
    auto model = m_model;
    m_jobs->start<SearchResults>(
        tr("Searching"), [model, query](const Progress& progress) { return searchNodes(*model, query, progress); },
        [this](SearchResults results) {
            const int hits = static_cast<int>(results.hits.size());
            m_status->setText(results.truncated
                                  ? tr("First %1 matches of %2 nodes searched").arg(hits).arg(results.searchedNodes)
                                  : tr("%n match(es)", nullptr, hits) + tr(" in %1 nodes").arg(results.searchedNodes));
            m_results->setResults(std::move(results));
            m_view->setColumnHidden(SearchResultsModel::OpColumn, m_results->allHitsShareOneOp());
            emit searchFinished(hits);
        },
        [this](const JobError& error) {
            if (error.cancelled) return;
            m_results->clear();
            m_status->setText(tr("Invalid pattern: %1").arg(error.message));
            emit searchFinished(0);
        });
}

} // namespace graphlens::views

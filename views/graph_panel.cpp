#include "views/graph_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include "views/graph_view.h"

namespace graphlens::views {

GraphPanel::GraphPanel(QWidget* parent)
    : QWidget(parent)
    , m_view(new GraphView(this))
    , m_crumbs(new QHBoxLayout)
    , m_signatures(new QComboBox(this))
    , m_zoom(new QLabel(this))
    , m_notes(new QLabel(this))
    , m_stats(new QLabel(this)) {
    auto* bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("graphBar"));
    bar->setStyleSheet(QStringLiteral("#graphBar { background: #f5f7fa; border-bottom: 1px solid #dde3ea; }"
                                      "QToolButton { border: none; padding: 2px 4px; color: #1e6fd9; }"
                                      "QToolButton:disabled { color: #263238; }"));
    auto* barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(8, 3, 8, 3);
    barLayout->setSpacing(6);
    m_crumbs->setSpacing(2);
    barLayout->addLayout(m_crumbs);
    barLayout->addStretch(1);
    m_stats->setStyleSheet(QStringLiteral("color: #606f7a;"));
    barLayout->addWidget(m_stats);
    barLayout->addSpacing(12);
    auto* signatureLabel = new QLabel(tr("Signature:"), bar);
    barLayout->addWidget(signatureLabel);
    m_signatures->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_signatures->setToolTip(tr("Show only what a SignatureDef's outputs depend on"));
    barLayout->addWidget(m_signatures);
    m_zoom->setMinimumWidth(48);
    m_zoom->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_zoom->setStyleSheet(QStringLiteral("color: #606f7a;"));
    barLayout->addWidget(m_zoom);

    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("QLabel { background: #fff8e1; color: #6d4c00; padding: 3px 8px;"
                                          " border-bottom: 1px solid #ffe082; }"));
    m_notes->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_notes);
    layout->addWidget(m_view, 1);

    connect(m_view, &GraphView::rootChanged, this, &GraphPanel::rebuildBreadcrumbs);
    connect(m_view, &GraphView::zoomChanged, this,
            [this](qreal zoom) { m_zoom->setText(QStringLiteral("%1%").arg(qRound(zoom * 100))); });
    connect(m_view, &GraphView::notesChanged, this, [this](const QStringList& notes) {
        m_notes->setText(notes.join(QLatin1Char('\n')));
        m_notes->setVisible(!notes.isEmpty());
    });
    connect(m_view, &GraphView::layoutFinished, this, [this] {
        const auto* snapshot = m_view->snapshot();
        if (!snapshot) return;
        QString text = tr("%1 items \u00b7 %2 edges").arg(snapshot->view.items.size()).arg(snapshot->view.edges.size());
        if (snapshot->view.hiddenNodes > 0)
            text += tr(" \u00b7 %1 nodes outside the signature hidden").arg(snapshot->view.hiddenNodes);
        m_stats->setText(text);
    });
    connect(m_signatures, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_view->setSignature(index <= 0 ? QString() : m_signatures->itemData(index).toString());
    });
    rebuildBreadcrumbs();
}

void GraphPanel::setModel(std::shared_ptr<const graph::Model> model, int metaGraph, const QString& rootTitle) {
    m_rootTitle = rootTitle;
    m_signatures->blockSignals(true);
    m_signatures->clear();
    m_signatures->addItem(tr("(whole graph)"));
    if (model && metaGraph >= 0 && static_cast<size_t>(metaGraph) < model->metaGraphs.size())
        for (const auto& signature : model->metaGraphs[static_cast<size_t>(metaGraph)].signatures)
            m_signatures->addItem(QString::fromStdString(signature.key), QString::fromStdString(signature.key));
    m_signatures->setEnabled(m_signatures->count() > 1);
    m_signatures->blockSignals(false);
    m_stats->clear();
    m_view->setModel(std::move(model), metaGraph);
}

void GraphPanel::rebuildBreadcrumbs() {
    while (QLayoutItem* item = m_crumbs->takeAt(0)) {
        if (QWidget* widget = item->widget()) {
            widget->hide();
            widget->deleteLater(); // may be the button whose click got us here
        }
        delete item;
    }
    const auto& roots = m_view->roots();
    const auto& model = m_view->model();
    if (!model || roots.empty()) {
        auto* label = new QLabel(tr("No model"), this);
        label->setStyleSheet(QStringLiteral("color: #606f7a;"));
        m_crumbs->addWidget(label);
        return;
    }
    for (size_t i = 0; i < roots.size(); ++i) {
        if (i > 0) {
            auto* separator = new QLabel(QStringLiteral("\u203a"), this);
            separator->setStyleSheet(QStringLiteral("color: #90a4ae;"));
            m_crumbs->addWidget(separator);
        }
        const auto& root = roots[i];
        const auto& meta = model->metaGraphs[static_cast<size_t>(root.metaGraph)];
        QString text = root.function < 0
            ? (m_rootTitle.isEmpty() ? tr("Main graph") : m_rootTitle)
            : QString::fromStdString(meta.library.functions()[static_cast<size_t>(root.function)].name);
        auto* button = new QToolButton(this);
        button->setText(text.size() > 60 ? text.left(28) + QStringLiteral("\u2026") + text.right(28) : text);
        button->setToolTip(text);
        button->setEnabled(i + 1 < roots.size());
        // The current graph's crumb is bold. Set as a font rather than in the style sheet's
        // :disabled state, which the size hint does not see: a long trace title was clipped.
        if (!button->isEnabled()) {
            QFont bold = button->font();
            bold.setBold(true);
            button->setFont(bold);
        }
        const int depth = static_cast<int>(i);
        connect(button, &QToolButton::clicked, m_view, [this, depth] { m_view->popTo(depth); });
        m_crumbs->addWidget(button);
    }
    // The signature slice applies to the main graph only.
    m_signatures->setEnabled(m_signatures->count() > 1 && roots.size() == 1);
}

} // namespace graphlens::views

#include "views/job_progress_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

#include "views/job_runner.h"

namespace graphlens::views {

JobProgressWidget::JobProgressWidget(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this)) {
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_bar->setFixedWidth(160);
    m_bar->setFixedHeight(12);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_shown) m_shown->cancel();
    });
    hide();
}

void JobProgressWidget::follow(JobRunner* runner) {
    m_runners.push_back(runner);
    connect(runner, &JobRunner::started, this, [this, runner](quint64, const QString& title) {
        m_shown = runner;
        m_label->setText(title + QStringLiteral("\u2026"));
        m_bar->setRange(0, 0); // busy until the first progress report
        show();
    });
    connect(runner, &JobRunner::progressChanged, this, [this, runner](quint64, double fraction, const QString& stage) {
        if (runner != m_shown) return;
        m_bar->setRange(0, 1000);
        m_bar->setValue(static_cast<int>(fraction * 1000));
        m_label->setText(runner->currentTitle() + QStringLiteral(": ") + stage);
    });
    connect(runner, &JobRunner::finished, this, &JobProgressWidget::refresh);
    connect(runner, &QObject::destroyed, this, [this, runner] {
        std::erase(m_runners, runner);
        if (m_shown == runner) m_shown = nullptr;
    });
}

void JobProgressWidget::refresh() {
    m_shown = nullptr;
    for (JobRunner* runner : m_runners)
        if (runner->isRunning()) m_shown = runner;
    if (!m_shown) {
        hide();
        return;
    }
    m_label->setText(m_shown->currentTitle() + QStringLiteral("\u2026"));
}

} // namespace graphlens::views

#include "app/gui/warning_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QStyle>
#include <QToolButton>

namespace graphlens::app {

WarningBar::WarningBar(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_details(new QToolButton(this)) {
    setObjectName(QStringLiteral("warningBar"));
    setStyleSheet(QStringLiteral("#warningBar { background: #fff4ce; border-bottom: 1px solid #f0d27a; }"
                                 "QLabel { color: #5d4300; }"));
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(16, 16));
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setText(tr("Details\u2026"));
    m_details->setAutoRaise(true);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("\u2715"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 3, 6, 3);
    layout->addWidget(icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_details);
    layout->addWidget(close);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    connect(m_details, &QToolButton::clicked, this, [this] {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Warnings"), m_text->text(), QMessageBox::Close, this);
        box->setDetailedText(m_warnings.join(QLatin1Char('\n')));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    hide();
}

void WarningBar::showWarnings(const QString& source, const QStringList& warnings) {
    m_warnings = warnings;
    if (warnings.isEmpty()) {
        hide();
        return;
    }
    QString first = warnings.front();
    if (first.size() > 160) first = first.left(157) + QStringLiteral("\u2026");
    m_text->setText(warnings.size() == 1
                        ? tr("%1 was read in part: %2").arg(source, first)
                        : tr("%1 was read in part (%2 warnings): %3").arg(source).arg(warnings.size()).arg(first));
    m_text->setToolTip(warnings.mid(0, 20).join(QLatin1Char('\n')));
    show();
}

} // namespace graphlens::app

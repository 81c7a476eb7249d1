#pragma once
// A dismissable yellow bar above the graph for problems that still allowed a partial view
// ("3 warnings while reading …"), with the full list behind "Details".
#include <QFrame>
#include <QStringList>

class QLabel;
class QToolButton;

namespace graphlens::app {

class WarningBar : public QFrame {
    Q_OBJECT
public:
    explicit WarningBar(QWidget* parent = nullptr);
    void showWarnings(const QString& source, const QStringList& warnings);
    const QStringList& warnings() const { return m_warnings; }

private:
    QStringList m_warnings;
    QLabel* m_text = nullptr;
    QToolButton* m_details = nullptr;
};

} // namespace graphlens::app

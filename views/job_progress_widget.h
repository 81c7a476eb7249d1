#pragma once
// Status-bar strip for long jobs: what is running, how far, and a Cancel button. Follows any number
// of JobRunners and shows the most recently started job that is still running.
#include <vector>

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace graphlens::views {

class JobRunner;

class JobProgressWidget : public QWidget {
    Q_OBJECT
public:
    explicit JobProgressWidget(QWidget* parent = nullptr);
    void follow(JobRunner* runner);
    QToolButton* cancelButton() const { return m_cancel; }

private:
    void refresh();

    std::vector<JobRunner*> m_runners;
    JobRunner* m_shown = nullptr;
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QToolButton* m_cancel = nullptr;
};

} // namespace graphlens::views

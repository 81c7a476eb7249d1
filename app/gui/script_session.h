#pragma once
// The script side of the main window: the Code view, the output pane and the Retrace log view,
// and running the script off the GUI thread (one JobRunner job per run; Stop cancels it). A run's
// results arrive as values: output chunks drained by a timer while it runs, then the outcome
// (traceback line -> an error diagnostic, the retrace log -> the log view, its warnings ->
// warning diagnostics on the functions' lines, the traced graphs kept for the graph view).
#include <memory>

#include <QMap>
#include <QObject>
#include <QPair>
#include <QString>

#include "core/eager/eager.h"

class QPlainTextEdit;
class QTimer;

namespace graphlens::views {
class CodeView;
class JobRunner;
class RetraceLogView;
} // namespace graphlens::views

namespace graphlens::app {

class ScriptOutput;
struct ScriptRunOutcome;

class ScriptSession : public QObject {
    Q_OBJECT
public:
    explicit ScriptSession(QWidget* parentWidget);
    ~ScriptSession() override;

    views::CodeView* codeView() const { return m_code; }
    views::RetraceLogView* retraceLog() const { return m_retrace; }
    QPlainTextEdit* outputPane() const { return m_output; }
    views::JobRunner& runner() { return *m_runner; }
    bool isRunning() const;

    bool openScript(const QString& path); // false (and a dialog) when it cannot be read
    void run();
    void stop();
    // A file:line from the retrace log: moves the code view there when it is this script.
    void goToSource(const QString& file, int line);
    // Asks to save unsaved edits; false when the user cancelled.
    bool maybeSave();
    // The last run's traced graph of a trace in the retrace log; null when it is not kept.
    const eager::TracedGraph* tracedGraph(int functionId, qint64 traceIndex) const {
        const auto found = m_tracedGraphs.constFind({ functionId, traceIndex });
        return found == m_tracedGraphs.cend() || !found->graph ? nullptr : &*found;
    }

signals:
    void runStarted();
    void runFinished(bool ok); // also after Stop (ok = false)
    void scriptOpened(const QString& path);

private:
    void drainOutput();
    void appendOutput(const QString& text, bool isError);
    void finishRun(ScriptRunOutcome outcome);
    QString scriptName() const;

    QWidget* m_parent;
    views::CodeView* m_code = nullptr;
    views::RetraceLogView* m_retrace = nullptr;
    QPlainTextEdit* m_output = nullptr;
    views::JobRunner* m_runner = nullptr;
    QTimer* m_outputTimer = nullptr;
    std::shared_ptr<ScriptOutput> m_runOutput;
    QMap<QPair<int, qint64>, eager::TracedGraph> m_tracedGraphs;
};

} // namespace graphlens::app

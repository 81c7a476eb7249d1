#pragma once
// The Code view: the script in an editor on the left and, on the right, the AutoGraph-converted
// code of the function under the cursor, lines linked both ways (the cursor on a source line
// highlights the converted lines made from it; the cursor on a converted line highlights its
// source line). Run / Stop are actions whose state follows setRunning(); Ctrl+S saves atomically
// and an autosave copy is kept while there are unsaved edits, for restoring after a crash.
//
//   auto* code = new CodeView;
//   code->setConvertedCodeProvider([](const QString& text, int line) { return convert(text, line); });
//   code->openFile(path);
//   connect(code, &CodeView::runRequested, app, &App::runScript);
#include <functional>

#include <QString>
#include <QVector>
#include <QWidget>

#include "views/code_editor.h"

class QAction;
class QLabel;
class QSplitter;
class QTimer;
class QToolBar;

namespace graphlens::views {

class JobRunner;

// The converted code of one function, made by the app's provider from the script text.
struct ConvertedCodeSnapshot {
    QString functionName;
    QString code;
    QVector<int> sourceLineOfConvertedLine; // 1-based source line per converted line, 0 = generated
    QString error;                          // why there is no converted code (no function there, syntax error...)
};

// Called off the GUI thread with a copy of the script and the cursor's 1-based line; must not
// touch widgets or shared state without locking.
using ConvertedCodeProvider = std::function<ConvertedCodeSnapshot(const QString& scriptText, int cursorLine)>;

class CodeView : public QWidget {
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);
    ~CodeView() override;

    void setConvertedCodeProvider(ConvertedCodeProvider provider);

    // Loads a script; false (with lastError()) when it cannot be read. Emits autosaveFound when a
    // newer autosave copy of this file differs from it.
    bool openFile(const QString& path);
    // Replaces the text without a file (examples, tests); `path` names it in tracebacks.
    void setText(const QString& text, const QString& path = {});
    QString text() const;
    QString filePath() const { return m_path; }
    bool isModified() const;

    // Writes the text to `path` through QSaveFile (all or nothing); clears the autosave copy.
    bool saveTo(const QString& path);
    bool save(); // to filePath(), or asks for a name
    QString lastError() const { return m_lastError; }

    // Where the autosave copy of `path` lives (a file in the app's data folder).
    static QString autosavePathFor(const QString& path);
    bool restoreAutosave(); // loads the autosave copy of filePath() as unsaved edits
    void writeAutosave();   // done by a timer after edits; public for tests and shutdown

    void setRunning(bool running);
    bool isRunning() const { return m_running; }
    void setDiagnostics(QVector<Diagnostic> diagnostics);
    void goToLine(int line);

    QAction* runAction() const { return m_run; }
    QAction* stopAction() const { return m_stop; }
    QAction* saveAction() const { return m_save; }
    CodeEditor* sourceEditor() const { return m_source; }
    CodeEditor* convertedEditor() const { return m_converted; }
    QLabel* convertedHeader() const { return m_convertedHeader; }
    const ConvertedCodeSnapshot& convertedSnapshot() const { return m_snapshot; }
    bool isConverting() const;
    void refreshConvertedCode(); // asks the provider again now (no debounce)

signals:
    void runRequested();
    void stopRequested();
    void filePathChanged(const QString& path);
    void saved(const QString& path);
    void autosaveFound(const QString& autosavePath);
    void convertedCodeChanged(); // a provider result was applied

private:
    void sourceLineChanged(int line);
    void convertedLineChanged(int line);
    void applySnapshot(ConvertedCodeSnapshot snapshot, int revision);
    void linkFromSource(int line);
    bool snapshotCovers(int line) const;
    void updateTitle();

    QToolBar* m_toolbar = nullptr;
    QLabel* m_fileLabel = nullptr;
    QSplitter* m_splitter = nullptr;
    CodeEditor* m_source = nullptr;
    CodeEditor* m_converted = nullptr;
    QLabel* m_convertedHeader = nullptr;
    QAction* m_run = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_save = nullptr;
    QTimer* m_convertTimer = nullptr;
    QTimer* m_autosaveTimer = nullptr;
    JobRunner* m_convertJobs = nullptr;
    ConvertedCodeProvider m_provider;
    ConvertedCodeSnapshot m_snapshot;
    int m_snapshotRevision = -1;         // document revision the snapshot was made from
    int m_firstLine = 0, m_lastLine = 0; // source lines the snapshot's function covers
    bool m_applying = false;             // set while the converted pane's text is replaced
    bool m_running = false;
    QString m_path;
    QString m_lastError;
};

} // namespace graphlens::views

#include "app/gui/script_session.h"

#include <QAbstractButton>
#include <QFileInfo>
#include <QFontDatabase>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextCharFormat>
#include <QTimer>

#include "app/gui/converted_code.h"
#include "app/gui/script_runner.h"
#include "views/code_view.h"
#include "views/job_runner.h"
#include "views/retrace_log_view.h"

namespace graphlens::app {
namespace {

constexpr int kOutputPollMs = 100;
const QString kUntitled = QStringLiteral("<untitled>");

} // namespace

ScriptSession::ScriptSession(QWidget* parentWidget)
    : QObject(parentWidget)
    , m_parent(parentWidget)
    , m_code(new views::CodeView(parentWidget))
    , m_retrace(new views::RetraceLogView(parentWidget))
    , m_output(new QPlainTextEdit(parentWidget))
    , m_runner(new views::JobRunner(this))
    , m_outputTimer(new QTimer(this)) {
    m_code->setObjectName(QStringLiteral("codeView"));
    m_retrace->setObjectName(QStringLiteral("retraceLogView"));
    m_output->setObjectName(QStringLiteral("scriptOutput"));
    m_output->setReadOnly(true);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setMaximumBlockCount(20000); // a chatty loop must not grow the pane without bound
    m_output->setPlaceholderText(tr("What the script prints appears here. Run it with F5."));
    m_outputTimer->setInterval(kOutputPollMs);
    connect(m_outputTimer, &QTimer::timeout, this, &ScriptSession::drainOutput);
    connect(m_code, &views::CodeView::runRequested, this, &ScriptSession::run);
    connect(m_code, &views::CodeView::stopRequested, this, &ScriptSession::stop);
    connect(m_retrace, &views::RetraceLogView::callSiteActivated, this, &ScriptSession::goToSource);
    connect(m_code, &views::CodeView::autosaveFound, this, [this](const QString& autosave) {
        auto* box = new QMessageBox(QMessageBox::Question, tr("Restore unsaved edits?"),
                                    tr("%1 has unsaved edits from an earlier session.").arg(scriptName()),
                                    QMessageBox::Yes | QMessageBox::No, m_parent);
        box->setInformativeText(tr("Restore them from %1?").arg(autosave));
        box->setObjectName(QStringLiteral("restoreAutosaveBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::buttonClicked, this, [this, box](QAbstractButton* button) {
            if (box->standardButton(button) == QMessageBox::Yes) m_code->restoreAutosave();
        });
        box->open();
    });
    m_retrace->clear();
    m_code->setConvertedCodeProvider([](const QString& text, int line) { return convertFunctionAt(text, line); });
}

ScriptSession::~ScriptSession() {
    m_runner->cancel();
}

bool ScriptSession::isRunning() const {
    return m_runner->isRunning();
}

QString ScriptSession::scriptName() const {
    return m_code->filePath().isEmpty() ? kUntitled : QFileInfo(m_code->filePath()).fileName();
}

bool ScriptSession::openScript(const QString& path) {
    if (!maybeSave()) return false;
    if (!m_code->openFile(path)) {
        QMessageBox::warning(m_parent, tr("Cannot open %1").arg(QFileInfo(path).fileName()), m_code->lastError());
        return false;
    }
    m_output->clear();
    m_retrace->clear();
    emit scriptOpened(m_code->filePath());
    return true;
}

bool ScriptSession::maybeSave() {
    if (!m_code->isModified()) return true;
    const auto answer =
        QMessageBox::question(m_parent, tr("Unsaved script"), tr("Save the changes to %1?").arg(scriptName()),
                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) return m_code->save();
    return true;
}

void ScriptSession::run() {
    if (isRunning()) return;
    const QString source = m_code->text();
    const QString path = m_code->filePath().isEmpty() ? kUntitled : m_code->filePath();
    m_output->clear();
    m_code->setDiagnostics({});
    m_code->setRunning(true);
    m_runOutput = std::make_shared<ScriptOutput>();
    m_outputTimer->start();
    emit runStarted();
    m_runner->start<ScriptRunOutcome>(
        tr("Running %1").arg(scriptName()),
        [source, path, output = m_runOutput](const Progress& progress) {
            return runScript(source, path, output, progress.cancel);
        },
        [this](ScriptRunOutcome outcome) { finishRun(std::move(outcome)); },
        [this](const views::JobError& error) {
            drainOutput();
            m_outputTimer->stop();
            m_code->setRunning(false);
            appendOutput(
                error.cancelled ? tr("\nStopped.\n") : tr("\nThe script could not run: %1\n").arg(error.message), true);
            emit runFinished(false);
        });
}

void ScriptSession::stop() {
    m_runner->cancel();
}

void ScriptSession::finishRun(ScriptRunOutcome outcome) {
    m_tracedGraphs = std::move(outcome.tracedGraphs);
    drainOutput();
    m_outputTimer->stop();
    m_code->setRunning(false);
    QVector<views::Diagnostic> diagnostics;
    if (!outcome.ok && outcome.errorLine > 0)
        diagnostics.push_back({ outcome.errorLine, views::Severity::Error, outcome.errorText });
    for (const auto& function : outcome.retraceLog.functions()) {
        if (function.warnings.empty() || function.line <= 0) continue;
        const QString path = QString::fromStdString(function.file);
        const QString file = QFileInfo(path).fileName();
        if (!path.isEmpty() && file != QFileInfo(m_code->filePath()).fileName() && path != kUntitled) continue;
        diagnostics.push_back(
            { function.line, views::Severity::Warning, QString::fromStdString(function.warnings.back().text) });
    }
    m_code->setDiagnostics(diagnostics);
    m_retrace->setLog(std::move(outcome.retraceLog));
    appendOutput(
        outcome.ok ? tr("\nFinished in %1 s.\n").arg(outcome.seconds, 0, 'f', 2)
                   : tr("\nExited with status %1 after %2 s.\n").arg(outcome.exitCode).arg(outcome.seconds, 0, 'f', 2),
        !outcome.ok);
    emit runFinished(outcome.ok);
}

void ScriptSession::goToSource(const QString& file, int line) {
    const QString current = m_code->filePath();
    const bool sameScript = file.isEmpty() || file == kUntitled || file == current ||
        QFileInfo(file).fileName() == QFileInfo(current).fileName();
    if (!sameScript && QFileInfo(file).isFile() && !openScript(file)) return;
    m_code->goToLine(line);
}

void ScriptSession::drainOutput() {
    if (!m_runOutput) return;
    for (const auto& chunk : m_runOutput->take()) appendOutput(chunk.text, chunk.isError);
}

void ScriptSession::appendOutput(const QString& text, bool isError) {
    QTextCursor cursor(m_output->document());
    cursor.movePosition(QTextCursor::End);
    QTextCharFormat format;
    format.setForeground(isError ? QColor(0xb0, 0x1c, 0x1c) : m_output->palette().color(QPalette::Text));
    cursor.insertText(text, format);
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

} // namespace graphlens::app

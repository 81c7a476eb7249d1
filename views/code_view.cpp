#include "views/code_view.h"

#include <algorithm>

#include <QAction>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTextBlock>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include "views/job_runner.h"

namespace graphlens::views {
namespace {

constexpr int kConvertDelayMs = 150; // cursor moves within this time ask the provider once
constexpr int kAutosaveDelayMs = 2000;

bool readText(const QString& path, QString* text, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return false;
    }
    *text = QString::fromUtf8(file.readAll());
    return true;
}

} // namespace

CodeView::CodeView(QWidget* parent)
    : QWidget(parent)
    , m_toolbar(new QToolBar(this))
    , m_fileLabel(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_source(new CodeEditor(this))
    , m_converted(new CodeEditor(this))
    , m_convertedHeader(new QLabel(this))
    , m_convertTimer(new QTimer(this))
    , m_autosaveTimer(new QTimer(this))
    , m_convertJobs(new JobRunner(this)) {
    m_source->setObjectName(QStringLiteral("sourceEditor"));
    m_converted->setObjectName(QStringLiteral("convertedEditor"));
    m_converted->setReadOnly(true);
    m_converted->setPlaceholderText(tr("The AutoGraph-converted code of the function under the cursor appears here."));

    m_run = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this);
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_run->setToolTip(tr("Run the script (F5)"));
    m_stop = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Stop"), this);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_stop->setToolTip(tr("Stop the running script (Shift+F5)"));
    m_save = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save Script"), this);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_run, &QAction::triggered, this, [this] {
        if (!m_running) emit runRequested();
    });
    connect(m_stop, &QAction::triggered, this, [this] {
        if (m_running) emit stopRequested();
    });
    connect(m_save, &QAction::triggered, this, [this] { save(); });
    addAction(m_save);

    m_toolbar->setIconSize(QSize(16, 16));
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolbar->addAction(m_run);
    m_toolbar->addAction(m_stop);
    m_toolbar->addSeparator();
    m_toolbar->addAction(m_save);
    m_toolbar->addSeparator();
    m_fileLabel->setStyleSheet(QStringLiteral("color: #606f7a; padding-left: 6px;"));
    m_toolbar->addWidget(m_fileLabel);

    m_convertedHeader->setObjectName(QStringLiteral("convertedHeader"));
    m_convertedHeader->setContentsMargins(6, 3, 6, 3);
    m_convertedHeader->setStyleSheet(QStringLiteral("color: #39464f; background: #eef1f5;"));
    m_convertedHeader->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    rightLayout->addWidget(m_convertedHeader);
    rightLayout->addWidget(m_converted, 1);
    m_splitter->addWidget(m_source);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolbar);
    layout->addWidget(m_splitter, 1);

    m_convertTimer->setSingleShot(true);
    m_convertTimer->setInterval(kConvertDelayMs);
    connect(m_convertTimer, &QTimer::timeout, this, &CodeView::refreshConvertedCode);
    m_autosaveTimer->setSingleShot(true);
    m_autosaveTimer->setInterval(kAutosaveDelayMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, &CodeView::writeAutosave);

    connect(m_source, &CodeEditor::currentLineChanged, this, &CodeView::sourceLineChanged);
    connect(m_converted, &CodeEditor::currentLineChanged, this, &CodeView::convertedLineChanged);
    connect(m_source, &QPlainTextEdit::textChanged, this, [this] {
        if (m_provider) m_convertTimer->start();
        if (m_source->document()->isModified()) m_autosaveTimer->start();
    });
    connect(m_source->document(), &QTextDocument::modificationChanged, this, [this] { updateTitle(); });
    setRunning(false);
    updateTitle();
    m_convertedHeader->setText(tr("AutoGraph"));
}

CodeView::~CodeView() {
    if (m_autosaveTimer->isActive()) writeAutosave();
}

void CodeView::setConvertedCodeProvider(ConvertedCodeProvider provider) {
    m_provider = std::move(provider);
    m_snapshotRevision = -1;
    if (m_provider) m_convertTimer->start();
}

bool CodeView::openFile(const QString& path) {
    QString text;
    if (!readText(path, &text, &m_lastError)) return false;
    setText(text, QFileInfo(path).absoluteFilePath());
    const QString autosave = autosavePathFor(m_path);
    QString saved;
    QString ignored;
    if (QFileInfo(autosave).lastModified() >= QFileInfo(path).lastModified() && readText(autosave, &saved, &ignored) &&
        saved != text)
        emit autosaveFound(autosave);
    return true;
}

void CodeView::setText(const QString& text, const QString& path) {
    m_autosaveTimer->stop();
    m_source->setPlainText(text);
    m_source->document()->setModified(false);
    m_source->setDiagnostics({});
    if (path != m_path) {
        m_path = path;
        emit filePathChanged(m_path);
    }
    m_snapshotRevision = -1;
    updateTitle();
    if (m_provider) m_convertTimer->start();
}

QString CodeView::text() const {
    return m_source->toPlainText();
}

bool CodeView::isModified() const {
    return m_source->document()->isModified();
}

bool CodeView::saveTo(const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        m_lastError = file.errorString();
        return false;
    }
    file.write(text().toUtf8());
    if (!file.commit()) {
        m_lastError = file.errorString();
        return false;
    }
    QFile::remove(autosavePathFor(m_path));
    m_autosaveTimer->stop();
    m_source->document()->setModified(false);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != m_path) {
        m_path = absolute;
        emit filePathChanged(m_path);
    }
    updateTitle();
    emit saved(m_path);
    return true;
}

bool CodeView::save() {
    QString path = m_path;
    if (path.isEmpty() || !QFileInfo(path).isAbsolute())
        path = QFileDialog::getSaveFileName(this, tr("Save the script"), QStringLiteral("script.py"),
                                            tr("Python scripts (*.py)"));
    if (path.isEmpty()) return false;
    return saveTo(path);
}

QString CodeView::autosavePathFor(const QString& path) {
    const QString dir =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/autosave");
    const QByteArray key = QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    const QString base = path.isEmpty() ? QStringLiteral("untitled") : QFileInfo(path).completeBaseName();
    return dir + QLatin1Char('/') + base + QLatin1Char('-') + QString::fromLatin1(key) + QStringLiteral(".py");
}

void CodeView::writeAutosave() {
    m_autosaveTimer->stop();
    if (!isModified()) return;
    const QString path = autosavePathFor(m_path);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return; // best effort: the real save reports errors
    file.write(text().toUtf8());
    file.commit();
}

bool CodeView::restoreAutosave() {
    QString text;
    if (!readText(autosavePathFor(m_path), &text, &m_lastError)) return false;
    m_source->selectAll();
    m_source->insertPlainText(text); // an edit, so undo returns to the file's text
    m_source->goToLine(1);
    return true;
}

void CodeView::setRunning(bool running) {
    m_running = running;
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
}

void CodeView::setDiagnostics(QVector<Diagnostic> diagnostics) {
    m_source->setDiagnostics(std::move(diagnostics));
}

void CodeView::goToLine(int line) {
    m_source->goToLine(line);
    m_source->setFocus();
}

bool CodeView::isConverting() const {
    return m_convertJobs->isRunning() || m_convertTimer->isActive();
}

void CodeView::refreshConvertedCode() {
    m_convertTimer->stop();
    if (!m_provider) return;
    const int revision = m_source->document()->revision();
    const int line = m_source->currentLine();
    m_convertJobs->start<ConvertedCodeSnapshot>(
        tr("Converting"),
        [provider = m_provider, text = text(), line](const Progress&) { return provider(text, line); },
        [this, revision](ConvertedCodeSnapshot snapshot) { applySnapshot(std::move(snapshot), revision); },
        [this](const JobError& error) {
            if (error.cancelled) return;
            ConvertedCodeSnapshot failed;
            failed.error = error.message;
            applySnapshot(std::move(failed), -1);
        });
}

void CodeView::applySnapshot(ConvertedCodeSnapshot snapshot, int revision) {
    const bool sameCode = snapshot.code == m_snapshot.code;
    m_snapshot = std::move(snapshot);
    m_snapshotRevision = revision;
    m_firstLine = m_lastLine = 0;
    for (int line : m_snapshot.sourceLineOfConvertedLine) {
        if (line <= 0) continue;
        m_firstLine = m_firstLine == 0 ? line : std::min(m_firstLine, line);
        m_lastLine = std::max(m_lastLine, line);
    }
    if (!m_snapshot.error.isEmpty())
        m_convertedHeader->setText(tr("AutoGraph: %1").arg(m_snapshot.error.toHtmlEscaped()));
    else if (m_snapshot.functionName.isEmpty()) m_convertedHeader->setText(tr("AutoGraph: no function at the cursor"));
    else
        m_convertedHeader->setText(
            tr("AutoGraph: <b>%1</b> as converted").arg(m_snapshot.functionName.toHtmlEscaped()));
    if (!sameCode) {
        m_applying = true;
        const int scroll = m_converted->verticalScrollBar()->value();
        m_converted->setPlainText(m_snapshot.code);
        m_converted->verticalScrollBar()->setValue(scroll);
        m_applying = false;
    }
    linkFromSource(m_source->currentLine());
    emit convertedCodeChanged();
}

bool CodeView::snapshotCovers(int line) const {
    return m_snapshotRevision == m_source->document()->revision() && m_firstLine > 0 && line >= m_firstLine &&
        line <= m_lastLine;
}

void CodeView::sourceLineChanged(int line) {
    if (snapshotCovers(line)) linkFromSource(line);
    else if (m_provider) m_convertTimer->start();
    if (!snapshotCovers(line)) {
        m_source->setLinkedLines({});
        m_converted->setLinkedLines({});
    }
}

void CodeView::linkFromSource(int line) {
    QVector<int> converted;
    for (int i = 0; i < m_snapshot.sourceLineOfConvertedLine.size(); ++i)
        if (m_snapshot.sourceLineOfConvertedLine[i] == line) converted.push_back(i + 1);
    m_source->setLinkedLines({});
    m_converted->setLinkedLines(converted);
}

void CodeView::convertedLineChanged(int line) {
    if (m_applying || line < 1 || line > m_snapshot.sourceLineOfConvertedLine.size()) return;
    const int source = m_snapshot.sourceLineOfConvertedLine[line - 1];
    if (source <= 0) {
        m_source->setLinkedLines({});
        m_converted->setLinkedLines({});
        return;
    }
    QVector<int> siblings; // every converted line made from the same source line
    for (int i = 0; i < m_snapshot.sourceLineOfConvertedLine.size(); ++i)
        if (m_snapshot.sourceLineOfConvertedLine[i] == source) siblings.push_back(i + 1);
    m_converted->setLinkedLines(siblings);
    m_source->setLinkedLines({ source });
}

void CodeView::updateTitle() {
    const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
    m_fileLabel->setText(isModified() ? name + QStringLiteral(" \u25cf") : name);
    m_fileLabel->setToolTip(m_path);
}

} // namespace graphlens::views

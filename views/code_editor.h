#pragma once
// A Python source editor: line-number gutter with diagnostic icons, current-line highlight,
// syntax colouring, wavy underlines and tooltips for diagnostics, and "linked" lines (the lines
// of the other pane that correspond to the cursor) in their own background. Lines are 1-based
// everywhere in this API, as in tracebacks.
#include <QPlainTextEdit>
#include <QString>
#include <QVector>

namespace graphlens::views {

class PythonHighlighter;

enum class Severity { Error, Warning, Info };

struct Diagnostic {
    int line = 0; // 1-based
    Severity severity = Severity::Error;
    QString text;
};

class CodeEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    int currentLine() const; // the cursor's line, 1-based
    int lineCount() const { return blockCount(); }
    // Puts the cursor at the start of `line` and scrolls it to the middle of the view.
    void goToLine(int line);
    bool isLineVisible(int line) const;

    void setDiagnostics(QVector<Diagnostic> diagnostics);
    const QVector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    // Every diagnostic text on `line`, one per line of the result; empty when there is none.
    QString diagnosticText(int line) const;

    // Highlights `lines` as linked to the other pane and scrolls the first into view unless one
    // of them is already visible (so following the cursor does not make the view jump).
    void setLinkedLines(const QVector<int>& lines);
    const QVector<int>& linkedLines() const { return m_linked; }

    PythonHighlighter* highlighter() const { return m_highlighter; }
    int gutterWidth() const;
    // The 1-based line at a viewport y coordinate, 0 below the text.
    int lineAt(int viewportY) const;

signals:
    void currentLineChanged(int line);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    friend class LineGutter;
    void paintGutter(QPaintEvent* event);
    bool gutterEvent(QEvent* event);
    void updateGutterWidth();
    void updateExtraSelections();

    QWidget* m_gutter = nullptr;
    PythonHighlighter* m_highlighter = nullptr;
    QVector<Diagnostic> m_diagnostics;
    QVector<int> m_linked;
    int m_lastLine = 0;
};

} // namespace graphlens::views

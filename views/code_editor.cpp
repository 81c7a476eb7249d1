#include "views/code_editor.h"

#include <algorithm>

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

#include "views/python_highlighter.h"

namespace graphlens::views {

// The gutter left of the text: icons for diagnostics, then line numbers. Painting and tooltips
// are the editor's, which knows the block geometry.
class LineGutter : public QWidget {
public:
    explicit LineGutter(CodeEditor* editor)
        : QWidget(editor)
        , m_editor(editor) {
        setObjectName(QStringLiteral("lineGutter"));
    }
    QSize sizeHint() const override { return { m_editor->gutterWidth(), 0 }; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintGutter(event); }
    bool event(QEvent* event) override { return m_editor->gutterEvent(event) || QWidget::event(event); }

private:
    CodeEditor* m_editor;
};

namespace {

constexpr int kIconArea = 16;
const QColor kCurrentLine(0xf3, 0xf6, 0xfb);
const QColor kLinkedLine(0xff, 0xf0, 0xb3);
const QColor kGutterBackground(0xf7, 0xf8, 0xfa);
const QColor kGutterText(0x9a, 0xa5, 0xb1);
const QColor kGutterCurrentText(0x39, 0x46, 0x4f);

QColor severityColor(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return QColor(0xd3, 0x2f, 0x2f);
    case Severity::Warning:
        return QColor(0xe0, 0x8a, 0x00);
    case Severity::Info:
        return QColor(0x2f, 0x6f, 0xd3);
    }
    return Qt::gray;
}

// A small round (error, info) or triangular (warning) badge with a white glyph.
void paintSeverityIcon(QPainter& painter, const QRectF& box, Severity severity) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(severityColor(severity));
    const QRectF r = box.adjusted(1.5, 1.5, -1.5, -1.5);
    if (severity == Severity::Warning) {
        QPainterPath triangle;
        triangle.moveTo(r.center().x(), r.top());
        triangle.lineTo(r.right(), r.bottom());
        triangle.lineTo(r.left(), r.bottom());
        triangle.closeSubpath();
        painter.drawPath(triangle);
    } else {
        painter.drawEllipse(r);
    }
    painter.setPen(QPen(Qt::white, 1.6));
    const double x = r.center().x();
    if (severity == Severity::Info) {
        painter.drawLine(QPointF(x, r.top() + r.height() * 0.45), QPointF(x, r.bottom() - r.height() * 0.2));
        painter.drawPoint(QPointF(x, r.top() + r.height() * 0.27));
    } else {
        painter.drawLine(QPointF(x, r.top() + r.height() * 0.3), QPointF(x, r.bottom() - r.height() * 0.38));
        painter.drawPoint(QPointF(x, r.bottom() - r.height() * 0.2));
    }
    painter.restore();
}

int severityRank(Severity severity) {
    return severity == Severity::Error ? 2 : severity == Severity::Warning ? 1 : 0;
}

} // namespace

CodeEditor::CodeEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new LineGutter(this))
    , m_highlighter(new PythonHighlighter(document())) {
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSizeF(std::max(9.5, font.pointSizeF()));
    setFont(font);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateGutterWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy) m_gutter->scroll(0, dy);
        else m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    });
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        updateExtraSelections();
        m_gutter->update();
        const int line = currentLine();
        if (line != m_lastLine) {
            m_lastLine = line;
            emit currentLineChanged(line);
        }
    });
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        // Diagnostics belong to the text they were computed for; an edit makes them stale.
        if (!m_diagnostics.isEmpty() && document()->isModified()) setDiagnostics({});
    });
    updateGutterWidth();
    updateExtraSelections();
}

int CodeEditor::currentLine() const {
    return textCursor().blockNumber() + 1;
}

void CodeEditor::goToLine(int line) {
    const QTextBlock block = document()->findBlockByNumber(std::clamp(line, 1, blockCount()) - 1);
    QTextCursor cursor(block);
    setTextCursor(cursor);
    centerCursor();
}

bool CodeEditor::isLineVisible(int line) const {
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    if (!block.isValid()) return false;
    const QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    return box.top() >= 0 && box.bottom() <= viewport()->height();
}

int CodeEditor::lineAt(int viewportY) const {
    const QTextBlock block = cursorForPosition(QPoint(0, viewportY)).block();
    if (!block.isValid()) return 0;
    const QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    return viewportY <= box.bottom() ? block.blockNumber() + 1 : 0;
}

void CodeEditor::setDiagnostics(QVector<Diagnostic> diagnostics) {
    m_diagnostics = std::move(diagnostics);
    updateExtraSelections();
    m_gutter->update();
}

QString CodeEditor::diagnosticText(int line) const {
    QStringList texts;
    for (const auto& d : m_diagnostics)
        if (d.line == line) texts << d.text;
    return texts.join(QLatin1Char('\n'));
}

void CodeEditor::setLinkedLines(const QVector<int>& lines) {
    m_linked = lines;
    updateExtraSelections();
    if (lines.isEmpty()) return;
    if (std::any_of(lines.begin(), lines.end(), [this](int line) { return isLineVisible(line); })) return;
    // Scroll so the first linked line sits a third down the view: the context above stays visible.
    const QTextBlock block = document()->findBlockByNumber(*std::min_element(lines.begin(), lines.end()) - 1);
    if (!block.isValid()) return;
    const int visibleLines = std::max(1, viewport()->height() / std::max(1, fontMetrics().height()));
    verticalScrollBar()->setValue(std::max(0, block.firstLineNumber() - visibleLines / 3));
}

int CodeEditor::gutterWidth() const {
    const int digits = static_cast<int>(QString::number(std::max(1, blockCount())).size());
    return kIconArea + 6 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits) + 10;
}

void CodeEditor::updateGutterWidth() {
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void CodeEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void CodeEditor::updateExtraSelections() {
    QList<QTextEdit::ExtraSelection> selections;
    auto wholeLine = [this](int line, const QColor& color) {
        QTextEdit::ExtraSelection s;
        s.format.setBackground(color);
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(document()->findBlockByNumber(line - 1));
        return s;
    };
    if (!isReadOnly() || m_linked.isEmpty()) selections << wholeLine(currentLine(), kCurrentLine);
    for (int line : m_linked)
        if (line >= 1 && line <= blockCount()) selections << wholeLine(line, kLinkedLine);
    for (const auto& d : m_diagnostics) {
        const QTextBlock block = document()->findBlockByNumber(d.line - 1);
        if (!block.isValid()) continue;
        const QString text = block.text();
        int start = 0;
        while (start < text.size() && text[start].isSpace()) ++start;
        QTextEdit::ExtraSelection s;
        s.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        s.format.setUnderlineColor(severityColor(d.severity));
        s.format.setToolTip(d.text);
        s.cursor = QTextCursor(block);
        s.cursor.setPosition(block.position() + start);
        s.cursor.setPosition(block.position() + static_cast<int>(std::max<qsizetype>(start + 1, text.size())),
                             QTextCursor::KeepAnchor);
        selections << s;
    }
    setExtraSelections(selections);
}

void CodeEditor::paintGutter(QPaintEvent* event) {
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), kGutterBackground);
    painter.setFont(font());
    const int current = currentLine();
    const int lineHeight = fontMetrics().height();
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    while (block.isValid() && top <= event->rect().bottom()) {
        const qreal bottom = top + blockBoundingRect(block).height();
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int line = block.blockNumber() + 1;
            painter.setPen(line == current ? kGutterCurrentText : kGutterText);
            painter.drawText(QRectF(kIconArea + 4, top, m_gutter->width() - kIconArea - 10, lineHeight),
                             Qt::AlignRight | Qt::AlignVCenter, QString::number(line));
            const Diagnostic* worst = nullptr;
            for (const auto& d : m_diagnostics)
                if (d.line == line && (!worst || severityRank(d.severity) > severityRank(worst->severity))) worst = &d;
            if (worst) {
                const double size = std::min(kIconArea, lineHeight);
                paintSeverityIcon(painter, QRectF(3, top + (lineHeight - size) / 2, size, size), worst->severity);
            }
        }
        block = block.next();
        top = bottom;
    }
}

bool CodeEditor::gutterEvent(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return false;
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = diagnosticText(lineAt(help->pos().y()));
    if (text.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), text, m_gutter);
    return true;
}

bool CodeEditor::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = diagnosticText(lineAt(help->pos().y()));
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

void CodeEditor::keyPressEvent(QKeyEvent* event) {
    if (isReadOnly()) {
        QPlainTextEdit::keyPressEvent(event);
        return;
    }
    // Python conventions: Tab indents by four spaces; Return keeps the indentation and adds a
    // level after a line that ends with ':'.
    if (event->key() == Qt::Key_Tab && event->modifiers() == Qt::NoModifier && !textCursor().hasSelection()) {
        const int column = textCursor().positionInBlock();
        insertPlainText(QString(4 - column % 4, QLatin1Char(' ')));
        return;
    }
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && event->modifiers() == Qt::NoModifier) {
        const QString line = textCursor().block().text().left(textCursor().positionInBlock());
        int indent = 0;
        while (indent < line.size() && line[indent] == QLatin1Char(' ')) ++indent;
        if (line.trimmed().endsWith(QLatin1Char(':'))) indent += 4;
        QPlainTextEdit::keyPressEvent(event);
        insertPlainText(QString(indent, QLatin1Char(' ')));
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

} // namespace graphlens::views

#pragma once
// Python syntax colouring for the code view: keywords, builtins, decorators, numbers, comments,
// and strings of every form (prefixes r/b/f/u in any combination, single and triple quotes).
// Triple-quoted strings span lines through the block state; inside f-strings the `{...}`
// replacement fields are coloured as code.
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace graphlens::views {

class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    // What a character was coloured as (tests ask through formatAt).
    enum class Token { Plain, Keyword, Builtin, String, Number, Comment, Decorator, Definition, Self, FieldBrace };

    explicit PythonHighlighter(QTextDocument* document);

    QTextCharFormat formatOf(Token token) const;

protected:
    void highlightBlock(const QString& text) override;

private:
    // Colours a string body from `from`, returns the index after its closing quote, or -1 when
    // the string runs past the end of the line (a triple-quoted string left open).
    int highlightStringBody(const QString& text, int from, QChar quote, bool triple, bool formatted, int bodyStart);
    void highlightCode(const QString& text, int from, int to);

    QTextCharFormat m_formats[10];
};

} // namespace graphlens::views

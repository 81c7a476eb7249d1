#include "views/python_highlighter.h"

#include <algorithm>

#include <QSet>
#include <QStringList>

namespace graphlens::views {
namespace {

using Token = PythonHighlighter::Token;

// Block states: 0 = code; otherwise a triple-quoted string is open at the end of the line.
constexpr int kTripleSingle = 1;
constexpr int kTripleDouble = 2;
constexpr int kFormatted = 4;

const QSet<QString>& keywords() {
    static const QSet<QString> set = [] {
        QSet<QString> s;
        for (const char* k :
             { "False",    "None",   "True",  "and",  "as",     "assert",   "async",   "await", "break", "class",
               "continue", "def",    "del",   "elif", "else",   "except",   "finally", "for",   "from",  "global",
               "if",       "import", "in",    "is",   "lambda", "nonlocal", "not",     "or",    "pass",  "raise",
               "return",   "try",    "while", "with", "yield",  "match",    "case" })
            s.insert(QLatin1String(k));
        return s;
    }();
    return set;
}

const QSet<QString>& builtins() {
    static const QSet<QString> set = [] {
        QSet<QString> s;
        for (const char* b : { "abs",
                               "all",
                               "any",
                               "bool",
                               "bytes",
                               "callable",
                               "chr",
                               "dict",
                               "dir",
                               "divmod",
                               "enumerate",
                               "filter",
                               "float",
                               "format",
                               "frozenset",
                               "getattr",
                               "hasattr",
                               "hash",
                               "id",
                               "int",
                               "isinstance",
                               "issubclass",
                               "iter",
                               "len",
                               "list",
                               "map",
                               "max",
                               "min",
                               "next",
                               "object",
                               "ord",
                               "pow",
                               "print",
                               "property",
                               "range",
                               "repr",
                               "reversed",
                               "round",
                               "set",
                               "setattr",
                               "slice",
                               "sorted",
                               "staticmethod",
                               "classmethod",
                               "str",
                               "sum",
                               "super",
                               "tuple",
                               "type",
                               "vars",
                               "zip",
                               "Exception",
                               "ValueError",
                               "TypeError",
                               "KeyError",
                               "IndexError",
                               "RuntimeError",
                               "AttributeError",
                               "StopIteration",
                               "NotImplementedError",
                               "ZeroDivisionError",
                               "AssertionError",
                               "NotImplemented",
                               "Ellipsis",
                               "__name__" })
            s.insert(QLatin1String(b));
        return s;
    }();
    return set;
}

bool isIdentStart(QChar c) {
    return c.isLetter() || c == QLatin1Char('_');
}
bool isIdentChar(QChar c) {
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}
bool isQuote(QChar c) {
    return c == QLatin1Char('\'') || c == QLatin1Char('"');
}

// A string prefix (r, b, f, u, rb, fr, ...) at `i` followed by a quote: its length, else -1.
int stringPrefixLength(const QString& text, int i) {
    int n = 0;
    while (n < 3 && i + n < text.size() && QStringLiteral("rRbBfFuU").contains(text[i + n])) ++n;
    if (n == 0 || n > 2 || i + n >= text.size() || !isQuote(text[i + n])) return -1;
    return n;
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document) {
    // Colours after PyCharm's light theme: muted enough for long reading, distinct at a glance.
    auto set = [this](Token token, QColor color, bool bold = false, bool italic = false) {
        QTextCharFormat& f = m_formats[static_cast<int>(token)];
        f.setForeground(color);
        if (bold) f.setFontWeight(QFont::Bold);
        f.setFontItalic(italic);
    };
    set(Token::Keyword, QColor(0x00, 0x33, 0xb3), true);
    set(Token::Builtin, QColor(0x00, 0x80, 0x80));
    set(Token::String, QColor(0x06, 0x7d, 0x17));
    set(Token::Number, QColor(0x17, 0x50, 0xeb));
    set(Token::Comment, QColor(0x8c, 0x8c, 0x8c), false, true);
    set(Token::Decorator, QColor(0x9e, 0x88, 0x0d));
    set(Token::Definition, QColor(0x00, 0x62, 0x7a), true);
    set(Token::Self, QColor(0x94, 0x55, 0x8d));
    set(Token::FieldBrace, QColor(0x00, 0x33, 0xb3), true);
}

QTextCharFormat PythonHighlighter::formatOf(Token token) const {
    return m_formats[static_cast<int>(token)];
}

int PythonHighlighter::highlightStringBody(const QString& text, int from, QChar quote, bool triple, bool formatted,
                                           int bodyStart) {
    const QTextCharFormat& stringFormat = m_formats[static_cast<int>(Token::String)];
    int i = from;
    int runStart = bodyStart;
    auto flush = [&](int end) {
        if (end > runStart) setFormat(runStart, end - runStart, stringFormat);
    };
    while (i < text.size()) {
        const QChar c = text[i];
        if (c == QLatin1Char('\\')) {
            i += 2;
            continue;
        }
        if (formatted && c == QLatin1Char('{')) {
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('{')) {
                i += 2;
                continue;
            }
            flush(i);
            int depth = 1;
            int j = i + 1;
            while (j < text.size() && depth > 0) {
                if (text[j] == QLatin1Char('{')) ++depth;
                else if (text[j] == QLatin1Char('}')) --depth;
                if (depth > 0) ++j;
            }
            setFormat(i, 1, m_formats[static_cast<int>(Token::FieldBrace)]);
            highlightCode(text, i + 1, j);
            if (j < text.size()) setFormat(j, 1, m_formats[static_cast<int>(Token::FieldBrace)]);
            i = j + 1;
            runStart = i;
            continue;
        }
        if (c == quote) {
            if (!triple) {
                flush(i + 1);
                return i + 1;
            }
            if (i + 2 < text.size() && text[i + 1] == quote && text[i + 2] == quote) {
                flush(i + 3);
                return i + 3;
            }
        }
        ++i;
    }
    flush(static_cast<int>(text.size()));
    // A single-quoted string ends with its line (a syntax error, unless continued with `\`).
    return triple ? -1 : static_cast<int>(text.size());
}

void PythonHighlighter::highlightCode(const QString& text, int from, int to) {
    to = std::min<int>(to, static_cast<int>(text.size()));
    bool afterDefOrClass = false;
    int i = from;
    while (i < to) {
        const QChar c = text[i];
        if (c == QLatin1Char('#')) {
            setFormat(i, to - i, m_formats[static_cast<int>(Token::Comment)]);
            return;
        }
        const int prefix = isIdentStart(c) ? stringPrefixLength(text, i) : (isQuote(c) ? 0 : -1);
        if (prefix >= 0) {
            const int q = i + prefix;
            const QChar quote = text[q];
            const bool triple = q + 2 < text.size() && text[q + 1] == quote && text[q + 2] == quote;
            const bool formatted = text.mid(i, prefix).contains(QLatin1Char('f'), Qt::CaseInsensitive);
            const int bodyFrom = q + (triple ? 3 : 1);
            const int end = highlightStringBody(text, bodyFrom, quote, triple, formatted, i);
            if (end < 0) {
                setCurrentBlockState((quote == QLatin1Char('\'') ? kTripleSingle : kTripleDouble) |
                                     (formatted ? kFormatted : 0));
                return;
            }
            i = end;
            continue;
        }
        if (c == QLatin1Char('@') && text.left(i).trimmed().isEmpty()) {
            int j = i + 1;
            while (j < to && (isIdentChar(text[j]) || text[j] == QLatin1Char('.'))) ++j;
            setFormat(i, j - i, m_formats[static_cast<int>(Token::Decorator)]);
            i = j;
            continue;
        }
        if (c.isDigit() || (c == QLatin1Char('.') && i + 1 < to && text[i + 1].isDigit())) {
            int j = i + 1;
            while (j < to) {
                const QChar d = text[j];
                const bool exponentSign = (d == QLatin1Char('+') || d == QLatin1Char('-')) &&
                    (text[j - 1] == QLatin1Char('e') || text[j - 1] == QLatin1Char('E')) &&
                    !text.mid(i, 2).startsWith(QLatin1String("0x"), Qt::CaseInsensitive);
                if (!(isIdentChar(d) || d == QLatin1Char('.') || exponentSign)) break;
                ++j;
            }
            setFormat(i, j - i, m_formats[static_cast<int>(Token::Number)]);
            i = j;
            continue;
        }
        if (isIdentStart(c)) {
            int j = i + 1;
            while (j < to && isIdentChar(text[j])) ++j;
            const QString word = text.mid(i, j - i);
            const bool attribute = i > 0 && text[i - 1] == QLatin1Char('.');
            if (afterDefOrClass) {
                setFormat(i, j - i, m_formats[static_cast<int>(Token::Definition)]);
                afterDefOrClass = false;
            } else if (!attribute && keywords().contains(word)) {
                setFormat(i, j - i, m_formats[static_cast<int>(Token::Keyword)]);
                afterDefOrClass = word == QLatin1String("def") || word == QLatin1String("class");
            } else if (!attribute && builtins().contains(word)) {
                setFormat(i, j - i, m_formats[static_cast<int>(Token::Builtin)]);
            } else if (!attribute && (word == QLatin1String("self") || word == QLatin1String("cls"))) {
                setFormat(i, j - i, m_formats[static_cast<int>(Token::Self)]);
            }
            i = j;
            continue;
        }
        ++i;
    }
}

void PythonHighlighter::highlightBlock(const QString& text) {
    setCurrentBlockState(0);
    int from = 0;
    const int previous = std::max(0, previousBlockState());
    if (previous & (kTripleSingle | kTripleDouble)) {
        const QChar quote = (previous & kTripleSingle) ? QLatin1Char('\'') : QLatin1Char('"');
        const int end = highlightStringBody(text, 0, quote, true, previous & kFormatted, 0);
        if (end < 0) {
            setCurrentBlockState(previous);
            return;
        }
        from = end;
    }
    highlightCode(text, from, static_cast<int>(text.size()));
}

} // namespace graphlens::views

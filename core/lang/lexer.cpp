#include "core/lang/lexer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace graphlens::lang {

namespace {

struct KwEntry {
    const char* text;
    Tok tok;
};
const KwEntry kKeywords[] = {
    { "False", Tok::KwFalse },
    { "None", Tok::KwNone },
    { "True", Tok::KwTrue },
    { "and", Tok::KwAnd },
    { "as", Tok::KwAs },
    { "assert", Tok::KwAssert },
    { "async", Tok::KwAsync },
    { "await", Tok::KwAwait },
    { "break", Tok::KwBreak },
    { "class", Tok::KwClass },
    { "continue", Tok::KwContinue },
    { "def", Tok::KwDef },
    { "del", Tok::KwDel },
    { "elif", Tok::KwElif },
    { "else", Tok::KwElse },
    { "except", Tok::KwExcept },
    { "finally", Tok::KwFinally },
    { "for", Tok::KwFor },
    { "from", Tok::KwFrom },
    { "global", Tok::KwGlobal },
    { "if", Tok::KwIf },
    { "import", Tok::KwImport },
    { "in", Tok::KwIn },
    { "is", Tok::KwIs },
    { "lambda", Tok::KwLambda },
    { "nonlocal", Tok::KwNonlocal },
    { "not", Tok::KwNot },
    { "or", Tok::KwOr },
    { "pass", Tok::KwPass },
    { "raise", Tok::KwRaise },
    { "return", Tok::KwReturn },
    { "try", Tok::KwTry },
    { "while", Tok::KwWhile },
    { "with", Tok::KwWith },
    { "yield", Tok::KwYield },
};

const char* const kTokNames[] = {
    "ENDMARKER", "NEWLINE", "INDENT", "DEDENT", "NAME",     "NUMBER", "STRING", "(",    ")",      "[",
    "]",         "{",       "}",      ":",      ",",        ";",      "+",      "-",    "*",      "/",
    "|",         "&",       "<",      ">",      "=",        ".",      "%",      "==",   "!=",     "<=",
    ">=",        "~",       "^",      "<<",     ">>",       "**",     "+=",     "-=",   "*=",     "/=",
    "%=",        "&=",      "|=",     "^=",     "<<=",      ">>=",    "**=",    "//",   "//=",    "@",
    "@=",        "->",      "...",    ":=",     "False",    "None",   "True",   "and",  "as",     "assert",
    "async",     "await",   "break",  "class",  "continue", "def",    "del",    "elif", "else",   "except",
    "finally",   "for",     "from",   "global", "if",       "import", "in",     "is",   "lambda", "nonlocal",
    "not",       "or",      "pass",   "raise",  "return",   "try",    "while",  "with", "yield",
};

bool isIdStartAscii(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(unsigned char c) {
    return c >= '0' && c <= '9';
}
bool isHex(unsigned char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Decodes one UTF-8 code point at p (< end); returns its length (1 for invalid bytes).
int decodeUtf8(const char* p, const char* end, uint32_t& cp) {
    auto c = static_cast<unsigned char>(*p);
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    int len = (c >= 0xF0) ? 4 : (c >= 0xE0) ? 3 : (c >= 0xC0) ? 2 : 1;
    if (len == 1 || end - p < len) {
        cp = 0xFFFD;
        return 1;
    }
    cp = c & (0xFF >> (len + 1));
    for (int i = 1; i < len; ++i) {
        auto d = static_cast<unsigned char>(p[i]);
        if ((d & 0xC0) != 0x80) {
            cp = 0xFFFD;
            return 1;
        }
        cp = (cp << 6) | (d & 0x3F);
    }
    return len;
}

bool isIdentifierCodePoint(uint32_t cp) {
    if (cp < 0x80) return isIdStartAscii(static_cast<unsigned char>(cp)) || isDigit(static_cast<unsigned char>(cp));
    if (cp < 0xA0) return false;
    if (cp >= 0xA0 && cp <= 0xBF) return cp == 0xAA || cp == 0xB5 || cp == 0xBA;
    if (cp == 0xD7 || cp == 0xF7) return false;
    if (cp >= 0x2000 && cp <= 0x206F) return false; // general punctuation
    if (cp >= 0x20A0 && cp <= 0x20CF) return false; // currency
    if (cp >= 0x2190 && cp <= 0x2BFF) return false; // arrows, math operators, symbols
    if (cp >= 0x3000 && cp <= 0x3003) return false;
    if (cp == 0xFEFF || cp == 0xFFFD) return false;
    if (cp >= 0xD800 && cp <= 0xDFFF) return false;
    return true;
}

std::string hexCp(uint32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", cp);
    return buf;
}

} // namespace

const char* tokName(Tok t) {
    return kTokNames[static_cast<int>(t)];
}
const char* tokSpelling(Tok t) {
    return static_cast<int>(t) >= static_cast<int>(Tok::LPar) ? kTokNames[static_cast<int>(t)] : "";
}

uint32_t charColumn(const SourceFile& source, uint32_t line, uint32_t col0) {
    if (line == 0 || line > source.lineCount()) return col0 + 1;
    uint32_t start = source.lineStarts[line - 1];
    uint32_t n = 0;
    for (uint32_t i = 0; i < col0 && start + i < source.text.size(); ++i) {
        auto c = static_cast<unsigned char>(source.text[start + i]);
        if ((c & 0xC0) != 0x80) ++n;
    }
    if (start + col0 > source.text.size()) n += start + col0 - uint32_t(source.text.size());
    return n + 1;
}

void raiseSyntaxError(const SourceFile& source, SyntaxErrorKind kind, const std::string& msg, uint32_t line,
                      uint32_t col0, uint32_t endLine, uint32_t endCol0) {
    throw SyntaxError(kind, msg, source.filename, line, charColumn(source, line, col0), endLine,
                      charColumn(source, endLine, endCol0), source.lineText(line));
}

Lexer::Lexer(const SourceFile& source)
    : Lexer(source, 0, uint32_t(source.text.size()), 1, 0, false) {
    if (source.text.compare(0, 3, "\xEF\xBB\xBF") == 0) m_pos = 3;
    // The source must be valid UTF-8 (as CPython requires).
    const std::string& t = source.text;
    for (size_t i = 0; i < t.size();) {
        auto c = static_cast<unsigned char>(t[i]);
        size_t len = c < 0x80          ? 1
            : (c >= 0xC2 && c <= 0xDF) ? 2
            : (c >= 0xE0 && c <= 0xEF) ? 3
            : (c >= 0xF0 && c <= 0xF4) ? 4
                                       : 0;
        bool ok = len > 0 && i + len <= t.size();
        for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(t[i + k]) & 0xC0) == 0x80;
        if (ok && len == 3) {
            auto d = static_cast<unsigned char>(t[i + 1]);
            ok = !(c == 0xE0 && d < 0xA0) && !(c == 0xED && d >= 0xA0);
        }
        if (ok && len == 4) {
            auto d = static_cast<unsigned char>(t[i + 1]);
            ok = !(c == 0xF0 && d < 0x90) && !(c == 0xF4 && d >= 0x90);
        }
        if (!ok) {
            auto it = std::upper_bound(source.lineStarts.begin(), source.lineStarts.end(), uint32_t(i));
            uint32_t line = uint32_t(it - source.lineStarts.begin());
            char buf[128];
            std::snprintf(buf, sizeof buf, "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %zu: %s",
                          c, i, len == 0 ? "invalid start byte" : "invalid continuation byte");
            error(buf, line, 0, line, 0);
        }
        i += len;
    }
}

Lexer::Lexer(const SourceFile& source, uint32_t begin, uint32_t end, uint32_t line, uint32_t col, bool exprMode)
    : m_src(source)
    , m_text(source.text.data())
    , m_pos(begin)
    , m_end(end)
    , m_line(line)
    , m_lineStart(begin - col)
    , m_exprMode(exprMode)
    , m_atLineStart(!exprMode) { }

void Lexer::error(const std::string& msg, uint32_t line, uint32_t col, uint32_t endLine, uint32_t endCol,
                  SyntaxErrorKind kind) const {
    raiseSyntaxError(m_src, kind, msg, line, col, endLine, endCol);
}

void Lexer::newline() {
    if (m_text[m_pos] == '\r' && m_pos + 1 < m_end && m_text[m_pos + 1] == '\n') ++m_pos;
    ++m_pos;
    ++m_line;
    m_lineStart = m_pos;
}

Token Lexer::make(Tok k, uint32_t start, uint32_t startLine, uint32_t startCol) {
    Token t;
    t.kind = k;
    t.span.line = startLine;
    t.span.col = startCol;
    t.span.offset = start;
    t.span.endLine = m_line;
    t.span.endCol = col();
    t.span.endOffset = m_pos;
    t.text = std::string_view(m_text + start, m_pos - start);
    m_lineHasTokens = true;
    return t;
}

// Handles indentation at the start of a logical line. Returns true and sets `out` when an
// INDENT or DEDENT token is produced. Skips blank and comment-only lines.
bool Lexer::handleLineStart(Token& out) {
    for (;;) {
        int c = 0, alt = 0;
        uint32_t p = m_pos;
        while (p < m_end) {
            char ch = m_text[p];
            if (ch == ' ') {
                ++c;
                ++alt;
            } else if (ch == '\t') {
                c = (c / 8 + 1) * 8;
                ++alt;
            } else if (ch == '\f') {
                c = alt = 0;
            } else break;
            ++p;
        }
        m_pos = p;
        if (p >= m_end) return false; // EOF: handled by next()
        char ch = m_text[p];
        if (ch == '#') {
            while (m_pos < m_end && m_text[m_pos] != '\n' && m_text[m_pos] != '\r') ++m_pos;
            if (m_pos >= m_end) return false;
            newline();
            continue;
        }
        if (ch == '\n' || ch == '\r') {
            newline();
            continue;
        }
        if (ch == '\\') {
            // A backslash continuation at line start: let next() deal with it as part of the line.
        }
        m_atLineStart = false;
        uint32_t lineNo = m_line;
        if (c == m_indents.back()) {
            if (alt != m_altIndents.back())
                error("inconsistent use of tabs and spaces in indentation", lineNo, 0, lineNo, 0,
                      SyntaxErrorKind::TabError);
            return false;
        }
        if (c > m_indents.back()) {
            if (alt <= m_altIndents.back())
                error("inconsistent use of tabs and spaces in indentation", lineNo, 0, lineNo, 0,
                      SyntaxErrorKind::TabError);
            if (m_indents.size() >= 100)
                error("too many levels of indentation", lineNo, 0, lineNo, 0, SyntaxErrorKind::IndentationError);
            m_indents.push_back(c);
            m_altIndents.push_back(alt);
            out = Token{};
            out.kind = Tok::Indent;
            out.span = Span{ lineNo, 0, lineNo, col(), m_lineStart, m_pos };
            return true;
        }
        int n = 0;
        while (m_indents.size() > 1 && c < m_indents.back()) {
            m_indents.pop_back();
            m_altIndents.pop_back();
            ++n;
        }
        if (c != m_indents.back())
            error("unindent does not match any outer indentation level", lineNo, col() + 1, lineNo, col() + 1,
                  SyntaxErrorKind::IndentationError);
        if (alt != m_altIndents.back())
            error("inconsistent use of tabs and spaces in indentation", lineNo, 0, lineNo, 0,
                  SyntaxErrorKind::TabError);
        m_pendingDedents = n - 1;
        out = Token{};
        out.kind = Tok::Dedent;
        out.span = Span{ lineNo, col(), lineNo, col(), m_pos, m_pos };
        return true;
    }
}

Token Lexer::next() {
    if (m_pendingDedents > 0) {
        --m_pendingDedents;
        Token t;
        t.kind = Tok::Dedent;
        t.span = Span{ m_line, col(), m_line, col(), m_pos, m_pos };
        return t;
    }
    if (m_atLineStart && m_parens.empty() && !m_exprMode) {
        Token t;
        if (handleLineStart(t)) return t;
    }
    for (;;) {
        // skip whitespace, comments, continuations
        while (m_pos < m_end) {
            char ch = m_text[m_pos];
            if (ch == ' ' || ch == '\t' || ch == '\f') {
                ++m_pos;
                continue;
            }
            if (ch == '#') {
                while (m_pos < m_end && m_text[m_pos] != '\n' && m_text[m_pos] != '\r') ++m_pos;
                continue;
            }
            if (ch == '\\') {
                uint32_t p = m_pos + 1;
                if (p < m_end && (m_text[p] == '\n' || m_text[p] == '\r')) {
                    uint32_t bl = m_line, bc = col();
                    m_pos = p;
                    newline();
                    if (m_pos >= m_end) error("unexpected EOF while parsing", bl, bc + 1, bl, bc + 1);
                    continue;
                }
                if (p >= m_end) error("unexpected EOF while parsing", m_line, col() + 1, m_line, col() + 1);
                error("unexpected character after line continuation character", m_line, col() + 1, m_line, col() + 1);
            }
            break;
        }
        if (m_pos >= m_end) {
            if (m_exprMode) {
                Token t;
                t.kind = Tok::EndMarker;
                t.span = Span{ m_line, col(), m_line, col(), m_pos, m_pos };
                return t;
            }
            if (!m_parens.empty()) {
                // Unclosed bracket at EOF: the parser reports "'(' was never closed" (it knows
                // whether an earlier error takes precedence).
                Token t;
                t.kind = Tok::EndMarker;
                t.span = Span{ m_line, col(), m_line, col(), m_pos, m_pos };
                return t;
            }
            Token t;
            t.span = Span{ m_line, col(), m_line, col(), m_pos, m_pos };
            if (m_lineHasTokens) {
                m_lineHasTokens = false;
                t.kind = Tok::Newline;
                return t;
            }
            if (m_indents.size() > 1) {
                m_indents.pop_back();
                m_altIndents.pop_back();
                t.kind = Tok::Dedent;
                return t;
            }
            t.kind = Tok::EndMarker;
            m_eofDone = true;
            return t;
        }
        char ch = m_text[m_pos];
        uint32_t start = m_pos, sl = m_line, sc = col();
        if (ch == '\n' || ch == '\r') {
            if (!m_parens.empty() || m_exprMode) {
                newline();
                continue;
            }
            newline();
            Token t;
            t.kind = Tok::Newline;
            t.span = Span{ sl, sc, sl, sc + 1, start, start + 1 };
            t.text = std::string_view(m_text + start, m_pos - start);
            m_lineHasTokens = false;
            m_atLineStart = true;
            return t;
        }
        auto uc = static_cast<unsigned char>(ch);
        if (isDigit(uc) || (ch == '.' && m_pos + 1 < m_end && isDigit(static_cast<unsigned char>(m_text[m_pos + 1]))))
            return lexNumber(start);
        if (ch == '\'' || ch == '"') return lexString(start, 0);
        if (isIdStartAscii(uc) || uc >= 0x80) return lexName(start);

        auto two = [&](char a, char b) { return m_pos + 1 < m_end && m_text[m_pos] == a && m_text[m_pos + 1] == b; };
        auto three = [&](char a, char b, char c) { return m_pos + 2 < m_end && two(a, b) && m_text[m_pos + 2] == c; };
        Tok k;
        int len = 1;
        if (three('*', '*', '=')) {
            k = Tok::DoubleStarEqual;
            len = 3;
        } else if (three('/', '/', '=')) {
            k = Tok::DoubleSlashEqual;
            len = 3;
        } else if (three('<', '<', '=')) {
            k = Tok::LeftShiftEqual;
            len = 3;
        } else if (three('>', '>', '=')) {
            k = Tok::RightShiftEqual;
            len = 3;
        } else if (three('.', '.', '.')) {
            k = Tok::Ellipsis;
            len = 3;
        } else if (two('=', '=')) {
            k = Tok::EqEqual;
            len = 2;
        } else if (two('!', '=')) {
            k = Tok::NotEqual;
            len = 2;
        } else if (two('<', '>')) {
            k = Tok::NotEqual;
            len = 2;
        } // rejected by the parser
        else if (two('<', '=')) {
            k = Tok::LessEqual;
            len = 2;
        } else if (two('>', '=')) {
            k = Tok::GreaterEqual;
            len = 2;
        } else if (two('<', '<')) {
            k = Tok::LeftShift;
            len = 2;
        } else if (two('>', '>')) {
            k = Tok::RightShift;
            len = 2;
        } else if (two('*', '*')) {
            k = Tok::DoubleStar;
            len = 2;
        } else if (two('/', '/')) {
            k = Tok::DoubleSlash;
            len = 2;
        } else if (two('+', '=')) {
            k = Tok::PlusEqual;
            len = 2;
        } else if (two('-', '=')) {
            k = Tok::MinEqual;
            len = 2;
        } else if (two('*', '=')) {
            k = Tok::StarEqual;
            len = 2;
        } else if (two('/', '=')) {
            k = Tok::SlashEqual;
            len = 2;
        } else if (two('%', '=')) {
            k = Tok::PercentEqual;
            len = 2;
        } else if (two('&', '=')) {
            k = Tok::AmperEqual;
            len = 2;
        } else if (two('|', '=')) {
            k = Tok::VBarEqual;
            len = 2;
        } else if (two('^', '=')) {
            k = Tok::CircumflexEqual;
            len = 2;
        } else if (two('@', '=')) {
            k = Tok::AtEqual;
            len = 2;
        } else if (two('-', '>')) {
            k = Tok::RArrow;
            len = 2;
        } else if (two(':', '=')) {
            k = Tok::ColonEqual;
            len = 2;
        } else {
            switch (ch) {
            case '(':
                k = Tok::LPar;
                break;
            case ')':
                k = Tok::RPar;
                break;
            case '[':
                k = Tok::LSqb;
                break;
            case ']':
                k = Tok::RSqb;
                break;
            case '{':
                k = Tok::LBrace;
                break;
            case '}':
                k = Tok::RBrace;
                break;
            case ':':
                k = Tok::Colon;
                break;
            case ',':
                k = Tok::Comma;
                break;
            case ';':
                k = Tok::Semi;
                break;
            case '+':
                k = Tok::Plus;
                break;
            case '-':
                k = Tok::Minus;
                break;
            case '*':
                k = Tok::Star;
                break;
            case '/':
                k = Tok::Slash;
                break;
            case '|':
                k = Tok::VBar;
                break;
            case '&':
                k = Tok::Amper;
                break;
            case '<':
                k = Tok::Less;
                break;
            case '>':
                k = Tok::Greater;
                break;
            case '=':
                k = Tok::Equal;
                break;
            case '.':
                k = Tok::Dot;
                break;
            case '%':
                k = Tok::Percent;
                break;
            case '~':
                k = Tok::Tilde;
                break;
            case '^':
                k = Tok::Circumflex;
                break;
            case '@':
                k = Tok::At;
                break;
            default: {
                if (uc < 0x20 && ch != '\0') error("invalid non-printable character " + hexCp(uc), sl, sc, sl, sc);
                if (ch == '\0') error("source code cannot contain null bytes", sl, sc, sl, sc);
                // '$', '?', '`', '!' ...: CPython reports a generic "invalid syntax" at it.
                error("invalid syntax", sl, sc, sl, sc + 1);
            }
            }
        }
        m_pos += len;
        if (k == Tok::LPar || k == Tok::LSqb || k == Tok::LBrace) {
            if (m_parens.size() >= 200) error("too many nested parentheses", sl, sc, sl, sc);
            m_parens.push_back(Paren{ ch, sl, sc, start });
        } else if (k == Tok::RPar || k == Tok::RSqb || k == Tok::RBrace) {
            if (m_parens.empty()) {
                if (!m_exprMode) error(std::string("unmatched '") + ch + "'", sl, sc, sl, sc);
            } else {
                char open = m_parens.back().c;
                char want = open == '(' ? ')' : open == '[' ? ']' : '}';
                if (want != ch) {
                    const Paren& p = m_parens.back();
                    if (p.line != sl)
                        error(std::string("closing parenthesis '") + ch + "' does not match opening parenthesis '" +
                                  open + "' on line " + std::to_string(p.line),
                              sl, sc, sl, sc);
                    error(std::string("closing parenthesis '") + ch + "' does not match opening parenthesis '" + open +
                              "'",
                          sl, sc, sl, sc);
                }
                m_parens.pop_back();
            }
        }
        return make(k, start, sl, sc);
    }
}

Token Lexer::lexName(uint32_t start) {
    uint32_t sl = m_line, sc = col();
    while (m_pos < m_end) {
        auto c = static_cast<unsigned char>(m_text[m_pos]);
        if (c < 0x80) {
            if (isIdStartAscii(c) || isDigit(c)) {
                ++m_pos;
                continue;
            }
            break;
        }
        uint32_t cp;
        int len = decodeUtf8(m_text + m_pos, m_text + m_end, cp);
        if (!isIdentifierCodePoint(cp)) {
            if (cp == 0xA0 || (cp >= 0x80 && cp < 0xA0) || cp == 0xFEFF || (cp >= 0x2000 && cp <= 0x200F) ||
                (cp >= 0x2028 && cp <= 0x202F))
                error("invalid non-printable character " + hexCp(cp), m_line, col(), m_line, col());
            if (cp == 0xFFFD) error("invalid character in identifier (invalid UTF-8)", m_line, col(), m_line, col());
            error("invalid character '" + std::string(m_text + m_pos, size_t(len)) + "' (" + hexCp(cp) + ")", m_line,
                  col(), m_line, col());
        }
        m_pos += uint32_t(len);
    }
    uint32_t len = m_pos - start;
    // string prefix?
    if (len <= 2 && m_pos < m_end && (m_text[m_pos] == '\'' || m_text[m_pos] == '"')) {
        std::string p(m_text + start, len);
        for (auto& ch : p) ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if (p == "r" || p == "u" || p == "b" || p == "f" || p == "br" || p == "rb" || p == "fr" || p == "rf")
            return lexString(start, len);
    }
    std::string_view text(m_text + start, len);
    Tok k = Tok::Name;
    for (const auto& kw : kKeywords)
        if (text == kw.text) {
            k = kw.tok;
            break;
        }
    return make(k, start, sl, sc);
}

Token Lexer::lexString(uint32_t start, size_t prefixLen) {
    uint32_t sl = m_line, sc = col() - uint32_t(prefixLen);
    char q = m_text[m_pos];
    bool triple = m_pos + 2 < m_end && m_text[m_pos + 1] == q && m_text[m_pos + 2] == q;
    m_pos += triple ? 3 : 1;
    for (;;) {
        if (m_pos >= m_end) {
            uint32_t detected = m_line;
            if (m_pos > 0 && (m_text[m_pos - 1] == '\n' || m_text[m_pos - 1] == '\r') && detected > sl) --detected;
            error(std::string(triple ? "unterminated triple-quoted string literal" : "unterminated string literal") +
                      " (detected at line " + std::to_string(detected) + ")",
                  sl, sc, sl, sc);
        }
        char c = m_text[m_pos];
        if (c == '\\') {
            ++m_pos;
            if (m_pos < m_end) {
                if (m_text[m_pos] == '\n' || m_text[m_pos] == '\r') newline();
                else ++m_pos;
            }
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (!triple)
                error("unterminated string literal (detected at line " + std::to_string(m_line) + ")", sl, sc, sl, sc);
            newline();
            continue;
        }
        if (c == q) {
            if (!triple) {
                ++m_pos;
                break;
            }
            if (m_pos + 2 < m_end && m_text[m_pos + 1] == q && m_text[m_pos + 2] == q) {
                m_pos += 3;
                break;
            }
        }
        ++m_pos;
    }
    return make(Tok::String, start, sl, sc);
}

Token Lexer::lexNumber(uint32_t start) {
    uint32_t sl = m_line, sc = col();
    auto at = [&](uint32_t p) -> unsigned char { return p < m_end ? static_cast<unsigned char>(m_text[p]) : 0; };
    auto invalid = [&](const char* what, uint32_t p) {
        error(std::string("invalid ") + what + " literal", sl, p - m_lineStart, sl, p - m_lineStart);
    };
    // digits with single underscores between them
    auto digits = [&](auto pred, const char* what) {
        for (;;) {
            while (pred(at(m_pos))) ++m_pos;
            if (at(m_pos) != '_') return;
            ++m_pos;
            if (!pred(at(m_pos))) invalid(what, m_pos - 1);
        }
    };
    auto keywordFollows = [&]() {
        static const char* const kws[] = { "and", "else", "for", "if", "in", "is", "not", "or" };
        for (const char* kw : kws) {
            size_t n = std::strlen(kw);
            if (m_pos + n <= m_end && std::memcmp(m_text + m_pos, kw, n) == 0) {
                unsigned char after = at(m_pos + uint32_t(n));
                if (!(isIdStartAscii(after) || isDigit(after) || after >= 0x80)) return true;
            }
        }
        return false;
    };
    auto verifyEnd = [&](const char* what) {
        unsigned char c = at(m_pos);
        if ((isIdStartAscii(c) || isDigit(c) || c >= 0x80) && !keywordFollows()) {
            if (std::strcmp(what, "decimal") == 0) invalid(what, start);
            invalid(what, m_pos - 1);
        }
    };
    unsigned char c0 = at(m_pos);
    if (c0 == '0' &&
        (at(m_pos + 1) == 'x' || at(m_pos + 1) == 'X' || at(m_pos + 1) == 'o' || at(m_pos + 1) == 'O' ||
         at(m_pos + 1) == 'b' || at(m_pos + 1) == 'B')) {
        char base = char(std::tolower(at(m_pos + 1)));
        m_pos += 2;
        if (at(m_pos) == '_') ++m_pos;
        if (base == 'x') {
            if (!isHex(at(m_pos))) invalid("hexadecimal", m_pos - 1);
            digits(isHex, "hexadecimal");
            verifyEnd("hexadecimal");
        } else {
            auto ok = base == 'o' ? +[](unsigned char c) { return c >= '0' && c <= '7'; }
                                  : +[](unsigned char c) { return c == '0' || c == '1'; };
            const char* name = base == 'o' ? "octal" : "binary";
            if (!ok(at(m_pos))) {
                if (isDigit(at(m_pos)))
                    error(std::string("invalid digit '") + char(at(m_pos)) + "' in " + name + " literal", sl, col(), sl,
                          col());
                invalid(name, m_pos);
            }
            digits(ok, name);
            if (isDigit(at(m_pos)))
                error(std::string("invalid digit '") + char(at(m_pos)) + "' in " + name + " literal", sl, col(), sl,
                      col());
            verifyEnd(name);
        }
        return make(Tok::Number, start, sl, sc);
    }
    bool isFloat = false;
    if (c0 != '.') {
        digits(isDigit, "decimal");
    }
    if (at(m_pos) == '.') {
        isFloat = true;
        ++m_pos;
        if (isDigit(at(m_pos))) digits(isDigit, "decimal");
    }
    if (at(m_pos) == 'e' || at(m_pos) == 'E') {
        uint32_t save = m_pos;
        ++m_pos;
        if (at(m_pos) == '+' || at(m_pos) == '-') ++m_pos;
        if (!isDigit(at(m_pos))) {
            if (at(save + 1) != '+' && at(save + 1) != '-' && keywordFollows()) {
                // e.g. `1else`: not an exponent
            }
            m_pos = save;
            if (at(save + 1) == '+' || at(save + 1) == '-') invalid("decimal", save + 2);
            if (!keywordFollows()) invalid("decimal", start);
        } else {
            isFloat = true;
            digits(isDigit, "decimal");
        }
    }
    if (at(m_pos) == 'j' || at(m_pos) == 'J') {
        ++m_pos;
        isFloat = true;
    }
    if (!isFloat && c0 == '0') {
        // only zeros allowed in a decimal literal starting with 0
        for (uint32_t p = start; p < m_pos; ++p)
            if (m_text[p] != '0' && m_text[p] != '_')
                error(
                    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                    sl, sc, sl, sc + 1);
    }
    if (at(m_pos) == '.' && !isFloat) {
        // `1..x` etc. handled by the parser
    }
    verifyEnd("decimal");
    return make(Tok::Number, start, sl, sc);
}

void Lexer::checkRest() {
    for (;;) {
        Token t = next();
        if (t.kind == Tok::EndMarker) return;
    }
}

} // namespace graphlens::lang

#pragma once
// Tokenizer for the Python subset: UTF-8 source, INDENT/DEDENT, implicit and explicit line
// joining, comments, number and string literal *extents* (decoding is in literals.h). String
// tokens cover the whole literal including prefix and quotes; f-strings are one STRING token
// (as in CPython 3.11) whose inside the parser splits.
#include <string_view>
#include <vector>

#include "core/lang/ast.h"
#include "core/lang/syntax_error.h"

namespace graphlens::lang {

enum class Tok : uint8_t {
    EndMarker,
    Newline,
    Indent,
    Dedent,
    Name,
    Number,
    String,
    // operators / delimiters
    LPar,
    RPar,
    LSqb,
    RSqb,
    LBrace,
    RBrace,
    Colon,
    Comma,
    Semi,
    Plus,
    Minus,
    Star,
    Slash,
    VBar,
    Amper,
    Less,
    Greater,
    Equal,
    Dot,
    Percent,
    EqEqual,
    NotEqual,
    LessEqual,
    GreaterEqual,
    Tilde,
    Circumflex,
    LeftShift,
    RightShift,
    DoubleStar,
    PlusEqual,
    MinEqual,
    StarEqual,
    SlashEqual,
    PercentEqual,
    AmperEqual,
    VBarEqual,
    CircumflexEqual,
    LeftShiftEqual,
    RightShiftEqual,
    DoubleStarEqual,
    DoubleSlash,
    DoubleSlashEqual,
    At,
    AtEqual,
    RArrow,
    Ellipsis,
    ColonEqual,
    // keywords
    KwFalse,
    KwNone,
    KwTrue,
    KwAnd,
    KwAs,
    KwAssert,
    KwAsync,
    KwAwait,
    KwBreak,
    KwClass,
    KwContinue,
    KwDef,
    KwDel,
    KwElif,
    KwElse,
    KwExcept,
    KwFinally,
    KwFor,
    KwFrom,
    KwGlobal,
    KwIf,
    KwImport,
    KwIn,
    KwIs,
    KwLambda,
    KwNonlocal,
    KwNot,
    KwOr,
    KwPass,
    KwRaise,
    KwReturn,
    KwTry,
    KwWhile,
    KwWith,
    KwYield,
};
const char* tokName(Tok t);     // "NAME", "NEWLINE", "'('", "'if'" ...
const char* tokSpelling(Tok t); // "(", "if", "" for non-literal kinds

struct Token {
    Tok kind = Tok::EndMarker;
    Span span;
    std::string_view text; // the source text of the token (empty for INDENT/DEDENT/ENDMARKER)
};

class Lexer {
public:
    // Tokenizes `source.text` in [begin, end). `exprMode` is for f-string replacement fields:
    // the range is tokenized as if inside parentheses (no NEWLINE/INDENT), ending in ENDMARKER.
    Lexer(const SourceFile& source, uint32_t begin, uint32_t end, uint32_t line, uint32_t col, bool exprMode = false);
    explicit Lexer(const SourceFile& source);

    Token next(); // throws SyntaxError for tokenizer errors

    // After an error in the parser: tokenizes the rest of the input, throwing the first
    // tokenizer error found; at the end, throws "'(' was never closed" if a bracket is open.
    void checkRest();

    bool atEof() const { return m_pos >= m_end; }
    // While set, reaching EOF with open brackets returns ENDMARKER instead of raising.
    void setTolerateUnclosed(bool v) { m_tolerateUnclosed = v; }
    bool innermostBracket(char& c, uint32_t& line, uint32_t& col) const {
        if (m_parens.empty()) return false;
        c = m_parens.back().c;
        line = m_parens.back().line;
        col = m_parens.back().col;
        return true;
    }
    size_t openBrackets() const { return m_parens.size(); }

    [[noreturn]] void error(const std::string& msg, uint32_t line, uint32_t col, uint32_t endLine, uint32_t endCol,
                            SyntaxErrorKind kind = SyntaxErrorKind::SyntaxError) const;

private:
    struct Paren {
        char c;
        uint32_t line, col, offset;
    };
    bool handleLineStart(Token& out);
    Token make(Tok k, uint32_t start, uint32_t startLine, uint32_t startCol);
    Token lexNumber(uint32_t start);
    Token lexString(uint32_t start, size_t prefixLen);
    Token lexName(uint32_t start);
    void newline(); // consume '\n', '\r\n' or '\r' at m_pos and advance the line
    uint32_t col() const { return m_pos - m_lineStart; }

    const SourceFile& m_src;
    const char* m_text;
    uint32_t m_pos, m_end;
    uint32_t m_line, m_lineStart; // current line (1-based) and byte offset of its start
    bool m_exprMode;
    bool m_atLineStart = true;
    bool m_lineHasTokens = false; // a token was emitted on the current logical line
    int m_pendingDedents = 0;
    bool m_eofDone = false;
    bool m_tolerateUnclosed = false;
    std::vector<int> m_indents{ 0 };
    std::vector<int> m_altIndents{ 0 };
    std::vector<Paren> m_parens;
};

// Raises a SyntaxError at byte position (line, col0) .. (endLine, endCol0) of `source`,
// converting columns to CPython's 1-based character offsets.
[[noreturn]] void raiseSyntaxError(const SourceFile& source, SyntaxErrorKind kind, const std::string& msg,
                                   uint32_t line, uint32_t col0, uint32_t endLine, uint32_t endCol0);
// 1-based character column for 0-based byte column `col0` of `line`.
uint32_t charColumn(const SourceFile& source, uint32_t line, uint32_t col0);

} // namespace graphlens::lang

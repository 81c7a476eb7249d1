#pragma once
// The recursive-descent parser (internal; use parser.h).
#include <string>
#include <vector>

#include "core/lang/ast.h"
#include "core/lang/lexer.h"
#include "core/lang/syntax_error.h"

namespace graphlens::lang {

class Parser {
public:
    Parser(const SourceFile& source, AstArena& arena, Lexer lexer, bool fstringExpr = false);

    Module* parseFile();
    Expr* parseEvalInput();
    // f-string replacement field: star_expressions or yield, then ENDMARKER.
    Expr* parseFStringField();
    int64_t intMaxStrDigits = 4300; // ParseOptions::intMaxStrDigits

private:
    // --- tokens
    const Token& peek(size_t k = 0);
    Tok kind(size_t k = 0) { return peek(k).kind; }
    Token advance();
    bool at(Tok t) { return kind() == t; }
    bool accept(Tok t);
    Token expect(Tok t); // "expected 'x'" / "invalid syntax"
    const Span& prevSpan() const { return m_prev; }

    // --- errors
    // A parse error: tokenizer errors later in the input and unclosed brackets take precedence,
    // as in CPython.
    [[noreturn]] void fail(const std::string& msg, Span span, SyntaxErrorKind kind = SyntaxErrorKind::SyntaxError);
    [[noreturn]] void failAtToken(const std::string& msg); // at peek()
    [[noreturn]] void failInvalid();                       // "invalid syntax" at peek()
    // A semantic error raised at once.
    [[noreturn]] void failNow(const std::string& msg, Span span, SyntaxErrorKind kind = SyntaxErrorKind::SyntaxError);
    [[noreturn]] void unsupported(const std::string& what, Span span);

    template<class T> T* make(const Span& s) { return m_arena.make<T>(s); }
    static Span join(const Span& a, const Span& b) {
        Span s = a;
        s.endLine = b.endLine;
        s.endCol = b.endCol;
        s.endOffset = b.endOffset;
        return s;
    }

    // --- statements (parser_stmt.cpp)
    void parseStatement(StmtList& out);
    void parseSimpleStatements(StmtList& out);
    Stmt* parseSimpleStatement();
    Stmt* parseExprStatement();
    StmtList parseBlock(const std::string& what, uint32_t line);
    // `else:` and its block, for if/while/for/try; the current token is `else`.
    StmtList parseElseClause();
    Stmt* parseIf(bool elif);
    Stmt* parseWhile();
    Stmt* parseFor();
    Stmt* parseTry();
    Stmt* parseWith();
    Stmt* parseFunctionDef(ExprList decorators, const Span& start);
    Stmt* parseClassDef(ExprList decorators, const Span& start);
    Stmt* parseDecorated();
    Stmt* parseImport();
    Stmt* parseFromImport();
    void parseParameters(Arguments& args, Tok closer, bool annotations);
    bool looksLikeMatchStatement();

    // --- expressions (parser_expr.cpp)
public:
    Expr* parseStarExpressions(bool allowYield = false);
    Expr* parseExpression(); // expression (ternary, lambda)
private:
    Expr* parseStarExpression();
    Expr* parseNamedExpression();
    Expr* parseDisjunction();
    Expr* parseConjunction();
    Expr* parseBoolChain(Tok keyword, BoolOpKind kind, Expr* (Parser::*operand)());
    Expr* parseInversion();
    Expr* parseComparison();
    Expr* parseBinary(int minPrec);
    Expr* parseFactor();
    Expr* parsePower();
    Expr* parsePrimary();
    Expr* parseAtom();
    Expr* parseParenthesized();
    Expr* parseListDisplay();
    Expr* parseBraceDisplay();
    Expr* parseLambda();
    Expr* parseYield();
    Expr* parseStrings();
    Expr* parseSlices();
    Expr* parseSliceItem();
    void parseCallArgs(Expr* func, ExprList& args, std::vector<Keyword>& keywords, Span& end);
    void parseComprehensions(std::vector<Comprehension>& out);
    Expr* parseTargetList(); // for-targets: star_targets without 'in'
    void checkNoAdjacentExpression(Expr* prev);

    // f-strings (parser_fstring.cpp)
    void parseFStringBody(uint32_t begin, uint32_t end, bool raw, const Span& tokSpan, ExprList& out, int depth,
                          uint32_t* stopAt);

public:
    // --- targets (parser_expr.cpp)
    enum class TargetKind { Assign, Del, For, With, Comp };
    void setStore(Expr* e, TargetKind kind, bool topLevel = true);
    static const char* exprName(const Expr* e);

private:
    const SourceFile& m_src;
    AstArena& m_arena;
    Lexer m_lex;
    std::vector<Token> m_toks;
    size_t m_pos = 0;
    Span m_prev;    // last consumed token other than NEWLINE/INDENT/DEDENT
    Span m_prevAny; // last consumed token
    Span m_lastNewline;
    bool atComprehension() { return at(Tok::KwFor) || at(Tok::KwAsync); }
    bool m_fstringExpr;
};

} // namespace graphlens::lang

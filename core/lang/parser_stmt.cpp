// Statement parsing and the parser entry points.
#include <algorithm>

#include "core/lang/parser.h"
#include "core/lang/parser_internal.h"
#include "core/lang/scope.h"

namespace graphlens::lang {

Parser::Parser(const SourceFile& source, AstArena& arena, Lexer lexer, bool fstringExpr)
    : m_src(source)
    , m_arena(arena)
    , m_lex(std::move(lexer))
    , m_fstringExpr(fstringExpr) { }

const Token& Parser::peek(size_t k) {
    while (m_pos + k >= m_toks.size()) {
        if (!m_toks.empty() && m_toks.back().kind == Tok::EndMarker) return m_toks.back();
        m_toks.push_back(m_lex.next());
    }
    return m_toks[m_pos + k];
}

Token Parser::advance() {
    Token t = peek();
    if (t.kind != Tok::EndMarker) ++m_pos;
    m_prevAny = t.span;
    if (t.kind == Tok::Newline) m_lastNewline = t.span;
    if (t.kind != Tok::Newline && t.kind != Tok::Indent && t.kind != Tok::Dedent && t.kind != Tok::EndMarker)
        m_prev = t.span;
    return t;
}

bool Parser::accept(Tok t) {
    if (kind() != t) return false;
    advance();
    return true;
}

Token Parser::expect(Tok t) {
    if (kind() != t) {
        if (t == Tok::Colon || t == Tok::KwIn || t == Tok::KwImport || t == Tok::Equal)
            failAtToken(std::string("expected '") + tokSpelling(t) + "'");
        failInvalid();
    }
    return advance();
}

void Parser::failNow(const std::string& msg, Span s, SyntaxErrorKind kind) {
    std::string m = m_fstringExpr ? "f-string: " + msg : msg;
    raiseSyntaxError(m_src, kind, m, s.line, s.col, s.endLine, s.endCol);
}

void Parser::fail(const std::string& msg, Span s, SyntaxErrorKind kind) {
    if (!m_fstringExpr) {
        // Tokenize the rest first: tokenizer errors win (like CPython); an unclosed bracket wins
        // when the error is at the end of the input or on a later line than the bracket.
        m_lex.setTolerateUnclosed(true);
        while (!m_toks.empty() && m_toks.back().kind != Tok::EndMarker) {
            Token t = m_lex.next();
            m_toks.push_back(t);
        }
        char c;
        uint32_t line, col;
        if (m_lex.innermostBracket(c, line, col)) {
            bool atEnd = s.offset >= m_toks.back().span.offset;
            if (atEnd || (s.line > line && msg == "invalid syntax") ||
                msg == "invalid syntax. Perhaps you forgot a comma?" ||
                msg == "Generator expression must be parenthesized")
                raiseSyntaxError(m_src, SyntaxErrorKind::SyntaxError, std::string("'") + c + "' was never closed", line,
                                 col, line, col);
        }
    }
    failNow(msg, s, kind);
}

void Parser::failAtToken(const std::string& msg) {
    fail(msg, peek().span);
}

void Parser::failInvalid() {
    const Token& t = peek();
    if (t.kind == Tok::Indent) {
        Span s = t.span;
        s.col = s.endCol ? s.endCol - 1 : 0;
        fail("unexpected indent", s, SyntaxErrorKind::IndentationError);
    }
    if (t.kind == Tok::Dedent) fail("unexpected unindent", t.span, SyntaxErrorKind::IndentationError);
    if (m_fstringExpr && t.kind == Tok::EndMarker) fail("invalid syntax", t.span);
    fail("invalid syntax", t.span);
}

void Parser::unsupported(const std::string& what, Span s) {
    failNow(what + " is not supported by GraphLens", s);
}

// ------------------------------------------------------------------------------------------

Module* Parser::parseFile() {
    Module* m = make<Module>(Span{ 1, 0, 1, 0, 0, 0 });
    while (!at(Tok::EndMarker)) {
        if (accept(Tok::Newline)) continue;
        parseStatement(m->body);
    }
    m->span = Span{ 1, 0, peek().span.line, peek().span.col, 0, peek().span.offset };
    return m;
}

Expr* Parser::parseEvalInput() {
    while (at(Tok::Newline)) advance();
    Expr* e = parseStarExpressions();
    while (accept(Tok::Newline)) { }
    if (!at(Tok::EndMarker)) failInvalid();
    return e;
}

bool Parser::looksLikeMatchStatement() {
    // `match <subject>:` NEWLINE INDENT `case` ...
    const Token& t = peek();
    if (t.kind != Tok::Name || t.text != "match") return false;
    Tok k1 = kind(1);
    if (k1 == Tok::Newline || k1 == Tok::Equal || k1 == Tok::Dot || k1 == Tok::Colon || k1 == Tok::Comma ||
        k1 == Tok::RPar || k1 == Tok::EndMarker || k1 == Tok::Semi)
        return false;
    if (k1 >= Tok::PlusEqual && k1 <= Tok::DoubleStarEqual) return false;
    int depth = 0;
    for (size_t k = 1;; ++k) {
        Tok kk = kind(k);
        if (kk == Tok::EndMarker) return false;
        if (kk == Tok::LPar || kk == Tok::LSqb || kk == Tok::LBrace) ++depth;
        if (kk == Tok::RPar || kk == Tok::RSqb || kk == Tok::RBrace) --depth;
        if (kk == Tok::Newline) return kind(k - 1) == Tok::Colon;
    }
}

void Parser::parseStatement(StmtList& out) {
    const Token t = peek();
    switch (t.kind) {
    case Tok::KwIf:
        out.push_back(parseIf(false));
        return;
    case Tok::KwWhile:
        out.push_back(parseWhile());
        return;
    case Tok::KwFor:
        out.push_back(parseFor());
        return;
    case Tok::KwTry:
        out.push_back(parseTry());
        return;
    case Tok::KwWith:
        out.push_back(parseWith());
        return;
    case Tok::KwDef: {
        Span s = t.span;
        out.push_back(parseFunctionDef({}, s));
        return;
    }
    case Tok::KwClass: {
        Span s = t.span;
        out.push_back(parseClassDef({}, s));
        return;
    }
    case Tok::At:
        out.push_back(parseDecorated());
        return;
    case Tok::KwAsync: {
        Tok k1 = kind(1);
        if (k1 == Tok::KwDef) unsupported("'async def'", join(t.span, peek(1).span));
        if (k1 == Tok::KwFor) unsupported("'async for'", join(t.span, peek(1).span));
        if (k1 == Tok::KwWith) unsupported("'async with'", join(t.span, peek(1).span));
        failInvalid();
    }
    case Tok::Indent:
        failInvalid();
    case Tok::Name:
        if (looksLikeMatchStatement()) unsupported("the 'match' statement", t.span);
        if (t.text == "type" && kind(1) == Tok::Name && (kind(2) == Tok::Equal || kind(2) == Tok::LSqb))
            unsupported("the 'type' alias statement", t.span);
        break;
    default:
        break;
    }
    parseSimpleStatements(out);
}

void Parser::parseSimpleStatements(StmtList& out) {
    for (;;) {
        out.push_back(parseSimpleStatement());
        if (accept(Tok::Semi)) {
            if (at(Tok::Newline) || at(Tok::EndMarker)) break;
            continue;
        }
        break;
    }
    if (at(Tok::EndMarker)) return;
    if (!accept(Tok::Newline)) failInvalid();
}

StmtList Parser::parseBlock(const std::string& what, uint32_t line) {
    StmtList body;
    if (accept(Tok::Newline)) {
        if (!at(Tok::Indent)) {
            const Token& t = peek();
            Span s = t.span;
            if (t.kind == Tok::Dedent || t.kind == Tok::EndMarker) s = m_prevAny;
            fail("expected an indented block after " + what + " on line " + std::to_string(line), s,
                 SyntaxErrorKind::IndentationError);
        }
        advance();
        while (!at(Tok::Dedent) && !at(Tok::EndMarker)) {
            if (accept(Tok::Newline)) continue;
            parseStatement(body);
        }
        // An indented line holding only a backslash continuation is a NEWLINE, not a statement.
        if (body.empty())
            fail("expected an indented block after " + what + " on line " + std::to_string(line), peek().span,
                 SyntaxErrorKind::IndentationError);
        accept(Tok::Dedent);
    } else {
        if (at(Tok::EndMarker))
            fail("expected an indented block after " + what + " on line " + std::to_string(line), peek().span,
                 SyntaxErrorKind::IndentationError);
        parseSimpleStatements(body);
    }
    return body;
}

Stmt* Parser::parseIf(bool elif) {
    Token kw = advance();
    If* node = make<If>(kw.span);
    node->test = parseNamedExpression();
    expect(Tok::Colon);
    node->body = parseBlock(elif ? "'elif' statement" : "'if' statement", kw.span.line);
    if (at(Tok::KwElif)) {
        node->orelse.push_back(parseIf(true));
    } else if (at(Tok::KwElse)) {
        node->orelse = parseElseClause();
    }
    node->span = join(kw.span, m_prev);
    return node;
}

StmtList Parser::parseElseClause() {
    Token e = advance();
    expect(Tok::Colon);
    return parseBlock("'else' statement", e.span.line);
}

Stmt* Parser::parseWhile() {
    Token kw = advance();
    While* node = make<While>(kw.span);
    node->test = parseNamedExpression();
    expect(Tok::Colon);
    node->body = parseBlock("'while' statement", kw.span.line);
    if (at(Tok::KwElse)) {
        node->orelse = parseElseClause();
    }
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseFor() {
    Token kw = advance();
    For* node = make<For>(kw.span);
    node->target = parseTargetList();
    setStore(node->target, TargetKind::For);
    expect(Tok::KwIn);
    node->iter = parseStarExpressions();
    expect(Tok::Colon);
    node->body = parseBlock("'for' statement", kw.span.line);
    if (at(Tok::KwElse)) {
        node->orelse = parseElseClause();
    }
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseTry() {
    Token kw = advance();
    Try* node = make<Try>(kw.span);
    expect(Tok::Colon);
    node->body = parseBlock("'try' statement", kw.span.line);
    while (at(Tok::KwExcept)) {
        Token ex = advance();
        if (at(Tok::Star)) unsupported("'except*' (exception groups)", join(ex.span, peek().span));
        ExceptHandler h;
        h.span = ex.span;
        if (!at(Tok::Colon)) {
            h.type = parseExpression();
            if (at(Tok::Comma)) {
                Expr* first = h.type;
                advance();
                parseExpression();
                while (accept(Tok::Comma)) {
                    if (at(Tok::Colon) || at(Tok::KwAs)) break;
                    parseExpression();
                }
                fail("multiple exception types must be parenthesized", join(first->span, m_prev));
            }
            if (accept(Tok::KwAs)) {
                if (!at(Tok::Name)) {
                    if (at(Tok::Colon)) failInvalid();
                    Expr* bad = parseExpression();
                    fail(std::string("cannot use ") + exprName(bad) + " as except target", bad->span);
                }
                h.name = std::string(advance().text);
            }
        }
        expect(Tok::Colon);
        h.body = parseBlock("'except' statement", ex.span.line);
        h.span = join(ex.span, m_prev);
        node->handlers.push_back(std::move(h));
    }
    if (at(Tok::KwElse)) {
        if (node->handlers.empty()) failInvalid();
        node->orelse = parseElseClause();
    }
    if (at(Tok::KwFinally)) {
        Token f = advance();
        expect(Tok::Colon);
        node->finalbody = parseBlock("'finally' statement", f.span.line);
    }
    if (node->handlers.empty() && node->finalbody.empty()) {
        Span s = peek().span;
        if (at(Tok::EndMarker) || at(Tok::Dedent)) s = m_lastNewline;
        fail("expected 'except' or 'finally' block", s);
    }
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseWith() {
    Token kw = advance();
    With* node = make<With>(kw.span);
    bool parenthesized = false;
    if (at(Tok::LPar)) {
        // `with (a as b, c):` -- parenthesized items when the matching ')' is followed by ':'
        int depth = 0;
        for (size_t k = 0;; ++k) {
            Tok t = kind(k);
            if (t == Tok::EndMarker || t == Tok::Newline) break;
            if (t == Tok::LPar || t == Tok::LSqb || t == Tok::LBrace) ++depth;
            if (t == Tok::RPar || t == Tok::RSqb || t == Tok::RBrace) {
                if (--depth == 0) {
                    parenthesized = kind(k + 1) == Tok::Colon;
                    break;
                }
            }
        }
    }
    if (parenthesized) advance();
    for (;;) {
        WithItem item;
        item.contextExpr = parseExpression();
        if (accept(Tok::KwAs)) {
            item.optionalVars = parseBinary(0);
            setStore(item.optionalVars, TargetKind::With);
        }
        node->items.push_back(item);
        if (!accept(Tok::Comma)) break;
        if (parenthesized && at(Tok::RPar)) break;
    }
    if (parenthesized) expect(Tok::RPar);
    expect(Tok::Colon);
    node->body = parseBlock("'with' statement", kw.span.line);
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseDecorated() {
    ExprList decorators;
    Span start = peek().span;
    while (at(Tok::At)) {
        advance();
        decorators.push_back(parseNamedExpression());
        if (!accept(Tok::Newline)) failInvalid();
    }
    if (at(Tok::KwDef)) return parseFunctionDef(std::move(decorators), start);
    if (at(Tok::KwClass)) return parseClassDef(std::move(decorators), start);
    if (at(Tok::KwAsync) && kind(1) == Tok::KwDef) unsupported("'async def'", join(peek().span, peek(1).span));
    failInvalid();
}

Stmt* Parser::parseFunctionDef(ExprList decorators, const Span& start) {
    Token kw = advance(); // def
    (void)start;
    FunctionDef* node = make<FunctionDef>(kw.span);
    node->decoratorList = std::move(decorators);
    if (!at(Tok::Name)) failInvalid();
    node->name = std::string(advance().text);
    if (at(Tok::LSqb)) unsupported("generic type parameters", peek().span);
    expect(Tok::LPar);
    parseParameters(node->args, Tok::RPar, true);
    expect(Tok::RPar);
    if (accept(Tok::RArrow)) node->returns = parseExpression();
    expect(Tok::Colon);
    node->body = parseBlock("function definition", kw.span.line);
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseClassDef(ExprList decorators, const Span& start) {
    Token kw = advance();
    (void)start;
    ClassDef* node = make<ClassDef>(kw.span);
    node->decoratorList = std::move(decorators);
    if (!at(Tok::Name)) failInvalid();
    node->name = std::string(advance().text);
    if (at(Tok::LSqb)) unsupported("generic type parameters", peek().span);
    if (at(Tok::LPar)) {
        Token lp = advance();
        Span end;
        parseCallArgs(nullptr, node->bases, node->keywords, end);
        (void)lp;
    }
    expect(Tok::Colon);
    node->body = parseBlock("class definition", kw.span.line);
    node->span = join(kw.span, m_prev);
    return node;
}

void Parser::parseParameters(Arguments& args, Tok closer, bool annotations) {
    // state: 0 = positional, 1 = after '*' (kw-only), 2 = after '**'
    bool sawSlash = false, sawStar = false, sawDefault = false;
    Span starSpan;
    bool starBare = false;
    auto parseArg = [&]() {
        if (!at(Tok::Name)) failInvalid();
        Token n = advance();
        Arg a;
        a.arg = std::string(n.text);
        a.span = n.span;
        if (annotations && accept(Tok::Colon)) {
            if (at(Tok::Star)) {
                Token st = advance();
                Expr* v = parseBinary(0);
                Starred* s = make<Starred>(join(st.span, v->span));
                s->value = v;
                a.annotation = s;
            } else {
                a.annotation = parseExpression();
            }
            a.span = join(a.span, a.annotation->span);
        }
        return a;
    };
    while (!at(closer)) {
        if (at(Tok::Slash)) {
            Token sl = advance();
            if (sawSlash) fail("/ may appear only once", sl.span);
            if (sawStar) fail("/ must be ahead of *", sl.span);
            if (args.args.empty()) fail("at least one argument must precede /", sl.span);
            sawSlash = true;
            args.posonlyargs = std::move(args.args);
            args.args.clear();
        } else if (at(Tok::DoubleStar)) {
            advance();
            args.kwarg = parseArg();
            if (at(Tok::Equal)) fail("var-keyword argument cannot have default value", peek().span);
            accept(Tok::Comma);
            if (!at(closer)) fail("arguments cannot follow var-keyword argument", peek().span);
            break;
        } else if (at(Tok::Star)) {
            Token st = advance();
            if (sawStar) fail("* argument may appear only once", st.span);
            sawStar = true;
            starSpan = st.span;
            if (at(Tok::Comma) || at(closer)) {
                starBare = true;
            } else {
                args.vararg = parseArg();
                if (at(Tok::Equal)) fail("var-positional argument cannot have default value", peek().span);
            }
        } else {
            Arg a = parseArg();
            if (sawStar) {
                args.kwonlyargs.push_back(std::move(a));
                if (accept(Tok::Equal)) args.kwDefaults.push_back(parseExpression());
                else args.kwDefaults.push_back(nullptr);
            } else {
                Span as = a.span;
                args.args.push_back(std::move(a));
                if (accept(Tok::Equal)) {
                    args.defaults.push_back(parseExpression());
                    sawDefault = true;
                } else if (sawDefault) {
                    fail("non-default argument follows default argument", as);
                }
            }
        }
        if (!accept(Tok::Comma)) break;
    }
    if (starBare && args.kwonlyargs.empty()) fail("named arguments must follow bare *", starSpan);
    if (!at(closer)) {
        if (closer == Tok::Colon) failAtToken("expected ':'");
        failInvalid();
    }
}

Stmt* Parser::parseImport() {
    Token kw = advance();
    Import* node = make<Import>(kw.span);
    for (;;) {
        Alias a;
        if (!at(Tok::Name)) failInvalid();
        Token n = advance();
        a.name = std::string(n.text);
        a.span = n.span;
        while (accept(Tok::Dot)) {
            if (!at(Tok::Name)) failInvalid();
            a.name += "." + std::string(advance().text);
        }
        if (accept(Tok::KwAs)) {
            if (!at(Tok::Name)) failInvalid();
            a.asname = std::string(advance().text);
        }
        a.span = join(a.span, m_prev);
        node->names.push_back(std::move(a));
        if (!accept(Tok::Comma)) break;
    }
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseFromImport() {
    Token kw = advance();
    ImportFrom* node = make<ImportFrom>(kw.span);
    while (at(Tok::Dot) || at(Tok::Ellipsis)) node->level += at(Tok::Dot) ? (advance(), 1) : (advance(), 3);
    if (at(Tok::Name)) {
        node->module = std::string(advance().text);
        while (accept(Tok::Dot)) {
            if (!at(Tok::Name)) failInvalid();
            node->module += "." + std::string(advance().text);
        }
    } else if (node->level == 0) {
        failInvalid();
    }
    expect(Tok::KwImport);
    if (at(Tok::Star)) {
        Token st = advance();
        Alias a;
        a.name = "*";
        a.span = st.span;
        node->names.push_back(a);
    } else {
        bool paren = accept(Tok::LPar);
        for (;;) {
            if (!at(Tok::Name)) {
                if (!paren && !node->names.empty() && (at(Tok::Newline) || at(Tok::EndMarker) || at(Tok::Semi)))
                    fail("trailing comma not allowed without surrounding parentheses", peek().span);
                if (paren && !node->names.empty() && at(Tok::RPar)) break;
                failInvalid();
            }
            Alias a;
            Token n = advance();
            a.name = std::string(n.text);
            a.span = n.span;
            if (accept(Tok::KwAs)) {
                if (!at(Tok::Name)) failInvalid();
                a.asname = std::string(advance().text);
            }
            a.span = join(a.span, m_prev);
            node->names.push_back(std::move(a));
            if (!accept(Tok::Comma)) break;
        }
        if (paren) expect(Tok::RPar);
    }
    node->span = join(kw.span, m_prev);
    return node;
}

Stmt* Parser::parseSimpleStatement() {
    const Token t = peek();
    switch (t.kind) {
    case Tok::KwPass:
        advance();
        return make<Pass>(t.span);
    case Tok::KwBreak:
        advance();
        return make<Break>(t.span);
    case Tok::KwContinue:
        advance();
        return make<Continue>(t.span);
    case Tok::KwReturn: {
        advance();
        Return* r = make<Return>(t.span);
        if (!at(Tok::Newline) && !at(Tok::Semi) && !at(Tok::EndMarker)) r->value = parseStarExpressions();
        r->span = join(t.span, m_prev);
        return r;
    }
    case Tok::KwRaise: {
        advance();
        Raise* r = make<Raise>(t.span);
        if (!at(Tok::Newline) && !at(Tok::Semi) && !at(Tok::EndMarker)) {
            r->exc = parseExpression();
            if (accept(Tok::KwFrom)) r->cause = parseExpression();
        }
        r->span = join(t.span, m_prev);
        return r;
    }
    case Tok::KwGlobal:
    case Tok::KwNonlocal: {
        advance();
        std::vector<std::string> names;
        do {
            if (!at(Tok::Name)) failInvalid();
            names.emplace_back(advance().text);
        } while (accept(Tok::Comma));
        if (t.kind == Tok::KwGlobal) {
            Global* g = make<Global>(join(t.span, m_prev));
            g->names = std::move(names);
            return g;
        }
        Nonlocal* n = make<Nonlocal>(join(t.span, m_prev));
        n->names = std::move(names);
        return n;
    }
    case Tok::KwDel: {
        advance();
        Delete* d = make<Delete>(t.span);
        for (;;) {
            Expr* e = parseBinary(0);
            setStore(e, TargetKind::Del);
            d->targets.push_back(e);
            if (!accept(Tok::Comma)) break;
            if (at(Tok::Newline) || at(Tok::Semi) || at(Tok::EndMarker)) break;
        }
        if (!at(Tok::Newline) && !at(Tok::Semi) && !at(Tok::EndMarker)) failInvalid();
        d->span = join(t.span, m_prev);
        return d;
    }
    case Tok::KwAssert: {
        advance();
        Assert* a = make<Assert>(t.span);
        a->test = parseExpression();
        if (accept(Tok::Comma)) a->msg = parseExpression();
        a->span = join(t.span, m_prev);
        return a;
    }
    case Tok::KwImport:
        return parseImport();
    case Tok::KwFrom:
        return parseFromImport();
    case Tok::KwAwait:
        unsupported("'await'", t.span);
    default:
        return parseExprStatement();
    }
}

namespace {
bool augOp(Tok t, BinOpKind& op) {
    switch (t) {
    case Tok::PlusEqual:
        op = BinOpKind::Add;
        return true;
    case Tok::MinEqual:
        op = BinOpKind::Sub;
        return true;
    case Tok::StarEqual:
        op = BinOpKind::Mult;
        return true;
    case Tok::AtEqual:
        op = BinOpKind::MatMult;
        return true;
    case Tok::SlashEqual:
        op = BinOpKind::Div;
        return true;
    case Tok::PercentEqual:
        op = BinOpKind::Mod;
        return true;
    case Tok::AmperEqual:
        op = BinOpKind::BitAnd;
        return true;
    case Tok::VBarEqual:
        op = BinOpKind::BitOr;
        return true;
    case Tok::CircumflexEqual:
        op = BinOpKind::BitXor;
        return true;
    case Tok::LeftShiftEqual:
        op = BinOpKind::LShift;
        return true;
    case Tok::RightShiftEqual:
        op = BinOpKind::RShift;
        return true;
    case Tok::DoubleStarEqual:
        op = BinOpKind::Pow;
        return true;
    case Tok::DoubleSlashEqual:
        op = BinOpKind::FloorDiv;
        return true;
    default:
        return false;
    }
}
bool isSimpleTargetKind(NodeKind k) {
    return k == NodeKind::Name || k == NodeKind::Attribute || k == NodeKind::Subscript;
}
} // namespace

Stmt* Parser::parseExprStatement() {
    Span start = peek().span;
    bool startsParen = at(Tok::LPar);
    Expr* first = parseStarExpressions(true);
    BinOpKind op;
    if (at(Tok::Equal)) {
        Assign* node = make<Assign>(start);
        ExprList chain{ first };
        while (accept(Tok::Equal)) chain.push_back(parseStarExpressions(true));
        node->value = chain.back();
        chain.pop_back();
        if (is<Starred>(node->value)) fail("can't use starred expression here", node->value->span);
        for (Expr* target : chain) {
            if (chain.size() == 1 && !is<Tuple>(target) && !is<List>(target) && !is<GeneratorExp>(target) &&
                !(is<Constant>(target) &&
                  (as<Constant>(target)->value == ConstKind::None || as<Constant>(target)->value == ConstKind::True ||
                   as<Constant>(target)->value == ConstKind::False)) &&
                !isSimpleTargetKind(target->kind) && !is<Starred>(target) && !is<Compare>(target) &&
                !is<BoolOp>(target) && !is<IfExp>(target) && !is<Lambda>(target) && !is<NamedExpr>(target) &&
                !is<Yield>(target) && !is<YieldFrom>(target) &&
                !(is<UnaryOp>(target) && as<UnaryOp>(target)->op == UnaryOpKind::Not))
                fail(std::string("cannot assign to ") + exprName(target) +
                         " here. Maybe you meant '==' instead of '='?",
                     target->span);
            if (is<Yield>(target) || is<YieldFrom>(target))
                fail("assignment to yield expression not possible", target->span);
            setStore(target, TargetKind::Assign);
        }
        node->targets = std::move(chain);
        node->span = join(start, m_prev);
        return node;
    }
    if (augOp(kind(), op)) {
        if (!isSimpleTargetKind(first->kind))
            fail(std::string("'") + exprName(first) + "' is an illegal expression for augmented assignment",
                 first->span);
        advance();
        AugAssign* node = make<AugAssign>(start);
        setStore(first, TargetKind::Assign);
        node->target = first;
        node->op = op;
        node->value = parseStarExpressions(true);
        if (at(Tok::Equal)) failInvalid();
        node->span = join(start, m_prev);
        return node;
    }
    if (at(Tok::Colon) && !is<Yield>(first)) {
        if (is<Tuple>(first)) fail("only single target (not tuple) can be annotated", first->span);
        if (is<List>(first)) fail("only single target (not list) can be annotated", first->span);
        if (!isSimpleTargetKind(first->kind)) fail("illegal target for annotation", first->span);
        advance();
        AnnAssign* node = make<AnnAssign>(start);
        setStore(first, TargetKind::Assign);
        node->target = first;
        node->simple = is<Name>(first) && !startsParen;
        node->annotation = parseExpression();
        if (accept(Tok::Equal)) node->value = parseStarExpressions(true);
        node->span = join(start, m_prev);
        return node;
    }
    if (is<Name>(first) && !startsParen && (as<Name>(first)->id == "print" || as<Name>(first)->id == "exec") &&
        !at(Tok::Newline) && !at(Tok::Semi) && !at(Tok::EndMarker) &&
        (at(Tok::Name) || at(Tok::Number) || at(Tok::String) || at(Tok::LSqb) || at(Tok::LBrace) || at(Tok::Minus))) {
        std::string id = as<Name>(first)->id;
        size_t save = m_pos;
        Expr* arg = nullptr;
        try {
            arg = parseStarExpressions();
        } catch (const SyntaxError&) {
            arg = nullptr;
        }
        m_pos = save;
        Span s = arg ? join(first->span, arg->span) : first->span;
        fail("Missing parentheses in call to '" + id + "'. Did you mean " + id + "(...)?", s);
    }
    if (is<Starred>(first)) fail("can't use starred expression here", first->span);
    if (at(Tok::ColonEqual))
        fail(std::string("cannot use assignment expressions with ") + exprName(first), first->span);
    ExprStmt* node = make<ExprStmt>(first->span);
    node->value = first;
    return node;
}

// ------------------------------------------------------------------------------------------
// Entry points

namespace {
std::shared_ptr<ParsedModule> run(std::string_view source, const std::string& filename, const ParseOptions& options,
                                  bool evalMode) {
    // CPython refuses the whole source before tokenizing; its report shows the line up to the
    // NUL and no caret.
    if (size_t nul = source.find('\0'); nul != std::string_view::npos) {
        size_t lineStart = source.rfind('\n', nul);
        lineStart = lineStart == std::string_view::npos ? 0 : lineStart + 1;
        auto line = uint32_t(std::count(source.begin(), source.begin() + std::ptrdiff_t(nul), '\n') + 1);
        throw SyntaxError(SyntaxErrorKind::SyntaxError, "source code cannot contain null bytes", filename, line, 0,
                          line, 0, std::string(source.substr(lineStart, nul - lineStart)));
    }
    auto pm = std::make_shared<ParsedModule>();
    pm->source = std::make_shared<const SourceFile>(filename, std::string(source));
    pm->arena = std::make_unique<AstArena>();
    Parser p(*pm->source, *pm->arena, Lexer(*pm->source));
    p.intMaxStrDigits = options.intMaxStrDigits;
    if (evalMode) {
        Expr* e = p.parseEvalInput();
        Module* m = pm->arena->make<Module>(e->span);
        ExprStmt* s = pm->arena->make<ExprStmt>(e->span);
        s->value = e;
        m->body.push_back(s);
        pm->module = m;
    } else {
        pm->module = p.parseFile();
    }
    if (options.resolveNames) resolveNames(pm->module, *pm->source);
    return pm;
}
} // namespace

std::shared_ptr<ParsedModule> parseModule(std::string_view source, const std::string& filename,
                                          const ParseOptions& options) {
    return run(source, filename, options, false);
}

std::shared_ptr<ParsedModule> parseExpression(std::string_view source, const std::string& filename,
                                              const ParseOptions& options) {
    return run(source, filename, options, true);
}

} // namespace graphlens::lang

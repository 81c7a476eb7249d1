// Expression parsing: precedence climbing for binary operators, recursive descent elsewhere.
#include "core/lang/literals.h"
#include "core/lang/parser_internal.h"

namespace graphlens::lang {

namespace {

bool startsExpression(Tok t) {
    switch (t) {
    case Tok::Name:
    case Tok::Number:
    case Tok::String:
    case Tok::LPar:
    case Tok::LSqb:
    case Tok::LBrace:
    case Tok::Minus:
    case Tok::Plus:
    case Tok::Tilde:
    case Tok::KwNot:
    case Tok::KwLambda:
    case Tok::KwNone:
    case Tok::KwTrue:
    case Tok::KwFalse:
    case Tok::Ellipsis:
    case Tok::KwAwait:
        return true;
    default:
        return false;
    }
}

struct BinInfo {
    int prec;
    BinOpKind op;
};
// bitwise_or 1, xor 2, and 3, shift 4, sum 5, term 6
bool binInfo(Tok t, BinInfo& out) {
    switch (t) {
    case Tok::VBar:
        out = { 1, BinOpKind::BitOr };
        return true;
    case Tok::Circumflex:
        out = { 2, BinOpKind::BitXor };
        return true;
    case Tok::Amper:
        out = { 3, BinOpKind::BitAnd };
        return true;
    case Tok::LeftShift:
        out = { 4, BinOpKind::LShift };
        return true;
    case Tok::RightShift:
        out = { 4, BinOpKind::RShift };
        return true;
    case Tok::Plus:
        out = { 5, BinOpKind::Add };
        return true;
    case Tok::Minus:
        out = { 5, BinOpKind::Sub };
        return true;
    case Tok::Star:
        out = { 6, BinOpKind::Mult };
        return true;
    case Tok::Slash:
        out = { 6, BinOpKind::Div };
        return true;
    case Tok::DoubleSlash:
        out = { 6, BinOpKind::FloorDiv };
        return true;
    case Tok::Percent:
        out = { 6, BinOpKind::Mod };
        return true;
    case Tok::At:
        out = { 6, BinOpKind::MatMult };
        return true;
    default:
        return false;
    }
}

} // namespace

const char* Parser::exprName(const Expr* e) {
    switch (e->kind) {
    case NodeKind::Attribute:
        return "attribute";
    case NodeKind::Subscript:
        return "subscript";
    case NodeKind::Starred:
        return "starred";
    case NodeKind::Name:
        return "name";
    case NodeKind::List:
        return "list";
    case NodeKind::Tuple:
        return "tuple";
    case NodeKind::Lambda:
        return "lambda";
    case NodeKind::Call:
        return "function call";
    case NodeKind::BoolOp:
    case NodeKind::BinOp:
    case NodeKind::UnaryOp:
        return "expression";
    case NodeKind::GeneratorExp:
        return "generator expression";
    case NodeKind::Yield:
    case NodeKind::YieldFrom:
        return "yield expression";
    case NodeKind::ListComp:
        return "list comprehension";
    case NodeKind::SetComp:
        return "set comprehension";
    case NodeKind::DictComp:
        return "dict comprehension";
    case NodeKind::Dict:
        return "dict literal";
    case NodeKind::Set:
        return "set display";
    case NodeKind::JoinedStr:
    case NodeKind::FormattedValue:
        return "f-string expression";
    case NodeKind::Constant: {
        auto v = static_cast<const Constant*>(e)->value;
        if (v == ConstKind::None) return "None";
        if (v == ConstKind::True) return "True";
        if (v == ConstKind::False) return "False";
        if (v == ConstKind::Ellipsis) return "ellipsis";
        return "literal";
    }
    case NodeKind::Compare:
        return "comparison";
    case NodeKind::IfExp:
        return "conditional expression";
    case NodeKind::NamedExpr:
        return "named expression";
    default:
        return "expression";
    }
}

void Parser::setStore(Expr* e, TargetKind tk, bool topLevel) {
    ExprContext ctx = tk == TargetKind::Del ? ExprContext::Del : ExprContext::Store;
    auto bad = [&](const Expr* x) {
        if (tk == TargetKind::Del) fail(std::string("cannot delete ") + exprName(x), x->span);
        fail(std::string("cannot assign to ") + exprName(x), x->span);
    };
    switch (e->kind) {
    case NodeKind::Name: {
        Name* n = as<Name>(e);
        if (n->id == "__debug__")
            fail(tk == TargetKind::Del ? "cannot delete __debug__" : "cannot assign to __debug__", e->span);
        n->ctx = ctx;
        return;
    }
    case NodeKind::Attribute:
        as<Attribute>(e)->ctx = ctx;
        return;
    case NodeKind::Subscript:
        as<Subscript>(e)->ctx = ctx;
        return;
    case NodeKind::Starred:
        if (tk == TargetKind::Del) fail("cannot delete starred", e->span);
        if (topLevel) fail("starred assignment target must be in a list or tuple", e->span);
        as<Starred>(e)->ctx = ctx;
        setStore(as<Starred>(e)->value, tk, false);
        if (is<Starred>(as<Starred>(e)->value)) bad(as<Starred>(e)->value);
        return;
    case NodeKind::Tuple:
    case NodeKind::List: {
        ExprList& elts = is<Tuple>(e) ? as<Tuple>(e)->elts : as<List>(e)->elts;
        if (is<Tuple>(e)) as<Tuple>(e)->ctx = ctx;
        else as<List>(e)->ctx = ctx;
        for (Expr* x : elts) {
            // report the first invalid element before counting stars (CPython order)
            if (!is<Name>(x) && !is<Attribute>(x) && !is<Subscript>(x) && !is<Starred>(x) && !is<Tuple>(x) &&
                !is<List>(x))
                bad(x);
        }
        int stars = 0;
        for (Expr* x : elts) {
            if (is<Starred>(x)) ++stars;
            setStore(x, tk, false);
        }
        if (stars > 1 && tk != TargetKind::Del) fail("multiple starred expressions in assignment", e->span);
        return;
    }
    default:
        bad(e);
    }
}

// star_expressions: star_expression (',' star_expression)* [',']
Expr* Parser::parseStarExpressions(bool allowYield) {
    if (allowYield && at(Tok::KwYield)) return parseYield();
    Expr* first = parseStarExpression();
    if (!at(Tok::Comma)) return first;
    Tuple* t = make<Tuple>(first->span);
    t->elts.push_back(first);
    while (accept(Tok::Comma)) {
        if (!startsExpression(kind()) && !at(Tok::Star)) break;
        t->elts.push_back(parseStarExpression());
    }
    t->span = join(first->span, m_prev);
    return t;
}

Expr* Parser::parseStarExpression() {
    if (at(Tok::Star)) {
        Token st = advance();
        Expr* v = parseBinary(0);
        Starred* s = make<Starred>(join(st.span, v->span));
        s->value = v;
        return s;
    }
    return parseExpression();
}

Expr* Parser::parseNamedExpression() {
    if (at(Tok::Name) && kind(1) == Tok::ColonEqual) {
        Token n = advance();
        Name* target = make<Name>(n.span);
        target->id = std::string(n.text);
        target->ctx = ExprContext::Store;
        advance();
        Expr* v = parseExpression();
        NamedExpr* ne = make<NamedExpr>(join(n.span, v->span));
        ne->target = target;
        ne->value = v;
        return ne;
    }
    Expr* e = parseExpression();
    if (at(Tok::ColonEqual)) fail(std::string("cannot use assignment expressions with ") + exprName(e), e->span);
    return e;
}

Expr* Parser::parseExpression() {
    if (at(Tok::KwLambda)) return parseLambda();
    Expr* body = parseDisjunction();
    if (!at(Tok::KwIf)) return body;
    Token ifTok = advance();
    (void)ifTok;
    Expr* test = parseDisjunction();
    if (!accept(Tok::KwElse)) fail("expected 'else' after 'if' expression", join(body->span, test->span));
    Expr* orelse = parseExpression();
    IfExp* e = make<IfExp>(join(body->span, orelse->span));
    e->test = test;
    e->body = body;
    e->orelse = orelse;
    return e;
}

// `a or b or c` / `a and b and c`: one BoolOp with all operands, as CPython's ast has it.
Expr* Parser::parseBoolChain(Tok keyword, BoolOpKind kind, Expr* (Parser::*operand)()) {
    Expr* first = (this->*operand)();
    if (!at(keyword)) return first;
    BoolOp* b = make<BoolOp>(first->span);
    b->op = kind;
    b->values.push_back(first);
    while (accept(keyword)) b->values.push_back((this->*operand)());
    b->span = join(first->span, b->values.back()->span);
    return b;
}

Expr* Parser::parseDisjunction() {
    return parseBoolChain(Tok::KwOr, BoolOpKind::Or, &Parser::parseConjunction);
}

Expr* Parser::parseConjunction() {
    return parseBoolChain(Tok::KwAnd, BoolOpKind::And, &Parser::parseInversion);
}

Expr* Parser::parseInversion() {
    if (at(Tok::KwNot)) {
        Token t = advance();
        Expr* operand = parseInversion();
        UnaryOp* u = make<UnaryOp>(join(t.span, operand->span));
        u->op = UnaryOpKind::Not;
        u->operand = operand;
        return u;
    }
    return parseComparison();
}

Expr* Parser::parseComparison() {
    Expr* left = parseBinary(1);
    Compare* cmp = nullptr;
    for (;;) {
        CmpOpKind op;
        Tok t = kind();
        if (t == Tok::EqEqual) op = CmpOpKind::Eq;
        else if (t == Tok::NotEqual) {
            if (peek().text == "<>") failInvalid();
            op = CmpOpKind::NotEq;
        } else if (t == Tok::Less) op = CmpOpKind::Lt;
        else if (t == Tok::LessEqual) op = CmpOpKind::LtE;
        else if (t == Tok::Greater) op = CmpOpKind::Gt;
        else if (t == Tok::GreaterEqual) op = CmpOpKind::GtE;
        else if (t == Tok::KwIn) op = CmpOpKind::In;
        else if (t == Tok::KwIs) op = kind(1) == Tok::KwNot ? CmpOpKind::IsNot : CmpOpKind::Is;
        else if (t == Tok::KwNot && kind(1) == Tok::KwIn) op = CmpOpKind::NotIn;
        else break;
        advance();
        if (op == CmpOpKind::IsNot || op == CmpOpKind::NotIn) advance();
        Expr* right = parseBinary(1);
        if (!cmp) {
            cmp = make<Compare>(left->span);
            cmp->left = left;
        }
        cmp->ops.push_back(op);
        cmp->comparators.push_back(right);
        cmp->span = join(left->span, right->span);
    }
    return cmp ? cmp : left;
}

Expr* Parser::parseBinary(int minPrec) {
    if (minPrec == 0) minPrec = 1;
    Expr* left = parseFactor();
    for (;;) {
        BinInfo info;
        if (!binInfo(kind(), info) || info.prec < minPrec) return left;
        advance();
        Expr* right = parseBinary(info.prec + 1);
        BinOp* b = make<BinOp>(join(left->span, right->span));
        b->left = left;
        b->op = info.op;
        b->right = right;
        left = b;
    }
}

Expr* Parser::parseFactor() {
    UnaryOpKind op;
    switch (kind()) {
    case Tok::Plus:
        op = UnaryOpKind::UAdd;
        break;
    case Tok::Minus:
        op = UnaryOpKind::USub;
        break;
    case Tok::Tilde:
        op = UnaryOpKind::Invert;
        break;
    default:
        return parsePower();
    }
    Token t = advance();
    Expr* operand = parseFactor();
    UnaryOp* u = make<UnaryOp>(join(t.span, operand->span));
    u->op = op;
    u->operand = operand;
    return u;
}

Expr* Parser::parsePower() {
    if (at(Tok::KwAwait)) unsupported("'await'", peek().span);
    Expr* base = parsePrimary();
    if (!at(Tok::DoubleStar)) return base;
    advance();
    Expr* exp = parseFactor();
    BinOp* b = make<BinOp>(join(base->span, exp->span));
    b->left = base;
    b->op = BinOpKind::Pow;
    b->right = exp;
    return b;
}

Expr* Parser::parsePrimary() {
    Expr* e = parseAtom();
    for (;;) {
        if (at(Tok::Dot)) {
            advance();
            if (!at(Tok::Name)) failInvalid();
            Token n = advance();
            Attribute* a = make<Attribute>(join(e->span, n.span));
            a->value = e;
            a->attr = std::string(n.text);
            e = a;
        } else if (at(Tok::LPar)) {
            advance();
            Call* c = make<Call>(e->span);
            c->func = e;
            Span end;
            parseCallArgs(e, c->args, c->keywords, end);
            c->span = join(e->span, m_prev);
            e = c;
        } else if (at(Tok::LSqb)) {
            advance();
            Subscript* s = make<Subscript>(e->span);
            s->value = e;
            s->slice = parseSlices();
            expect(Tok::RSqb);
            s->span = join(e->span, m_prev);
            e = s;
        } else {
            return e;
        }
    }
}

// After '(' has been consumed; consumes the closing ')'.
void Parser::parseCallArgs(Expr* func, ExprList& args, std::vector<Keyword>& keywords, Span& end) {
    (void)func;
    bool sawKeyword = false, sawDoubleStar = false;
    Span openSpan = m_prev;
    size_t count = 0;
    while (!at(Tok::RPar)) {
        ++count;
        if (at(Tok::Star)) {
            Token st = advance();
            Expr* v = parseExpression();
            Starred* s = make<Starred>(join(st.span, v->span));
            s->value = v;
            if (sawDoubleStar) fail("iterable argument unpacking follows keyword argument unpacking", s->span);
            args.push_back(s);
        } else if (at(Tok::DoubleStar)) {
            Token st = advance();
            Keyword k;
            k.value = parseExpression();
            k.span = join(st.span, k.value->span);
            keywords.push_back(k);
            sawDoubleStar = true;
        } else if (at(Tok::Name) && kind(1) == Tok::Equal) {
            Token n = advance();
            advance();
            Keyword k;
            k.arg = std::string(n.text);
            k.value = parseExpression();
            k.span = join(n.span, k.value->span);
            for (const Keyword& other : keywords)
                if (other.arg == k.arg) fail("keyword argument repeated: " + k.arg, k.span);
            keywords.push_back(k);
            sawKeyword = true;
        } else {
            Expr* a = parseNamedExpression();
            if (at(Tok::Equal)) {
                Token eq = advance();
                (void)eq;
                if (at(Tok::RPar) || at(Tok::Comma)) failInvalid();
                Expr* v = parseExpression();
                fail("expression cannot contain assignment, perhaps you meant \"==\"?", join(a->span, v->span));
            }
            if (atComprehension()) {
                GeneratorExp* g = make<GeneratorExp>(a->span);
                g->elt = a;
                parseComprehensions(g->generators);
                g->span = join(a->span, m_prev);
                if (count > 1 || at(Tok::Comma)) {
                    if (at(Tok::Comma) && kind(1) == Tok::RPar && count == 1) {
                        // f(x for x in y,) is fine
                    } else {
                        fail("Generator expression must be parenthesized", g->span);
                    }
                }
                if (count == 1 && (at(Tok::RPar) || (at(Tok::Comma) && kind(1) == Tok::RPar)))
                    g->span = join(openSpan, peek(at(Tok::Comma) ? 1 : 0).span);
                a = g;
            } else if (sawDoubleStar) {
                fail("positional argument follows keyword argument unpacking", peek().span);
            } else if (sawKeyword) {
                fail("positional argument follows keyword argument", peek().span);
            }
            args.push_back(a);
        }
        if (!accept(Tok::Comma)) {
            if (!at(Tok::RPar)) checkNoAdjacentExpression(args.empty() ? keywords.back().value : args.back());
            break;
        }
    }
    if (args.size() + keywords.size() > 1)
        for (Expr* a : args)
            if (is<GeneratorExp>(a) && a->span.offset == openSpan.offset) {
                Span s = a->span;
                fail("Generator expression must be parenthesized", s);
            }
    expect(Tok::RPar);
    end = m_prev;
}

void Parser::checkNoAdjacentExpression(Expr* prev) {
    // `[1 2]`: two expressions in a row inside brackets.
    if (!prev || !startsExpression(kind()) || at(Tok::KwNot)) return;
    if (is<Name>(prev) && at(Tok::String)) return;
    size_t save = m_pos;
    Expr* next = nullptr;
    try {
        next = parseExpression();
    } catch (const SyntaxError&) {
        next = nullptr;
    }
    m_pos = save;
    if (next) fail("invalid syntax. Perhaps you forgot a comma?", join(prev->span, next->span));
}

Expr* Parser::parseSlices() {
    Expr* first = parseSliceItem();
    if (!at(Tok::Comma)) return first;
    Tuple* t = make<Tuple>(first->span);
    t->elts.push_back(first);
    while (accept(Tok::Comma)) {
        if (at(Tok::RSqb)) break;
        t->elts.push_back(parseSliceItem());
    }
    t->span = join(first->span, m_prev);
    return t;
}

Expr* Parser::parseSliceItem() {
    if (at(Tok::Star)) return parseStarExpression();
    Expr* lower = nullptr;
    Span start = peek().span;
    if (!at(Tok::Colon)) {
        lower = parseNamedExpression();
        if (!at(Tok::Colon)) return lower;
    }
    Slice* s = make<Slice>(start);
    s->lower = lower;
    advance(); // ':'
    if (!at(Tok::Colon) && !at(Tok::Comma) && !at(Tok::RSqb)) s->upper = parseExpression();
    if (accept(Tok::Colon)) {
        if (!at(Tok::Comma) && !at(Tok::RSqb)) s->step = parseExpression();
    }
    s->span = join(start, m_prev);
    return s;
}

Expr* Parser::parseAtom() {
    const Token t = peek();
    switch (t.kind) {
    case Tok::Name: {
        advance();
        Name* n = make<Name>(t.span);
        n->id = std::string(t.text);
        return n;
    }
    case Tok::KwTrue:
    case Tok::KwFalse:
    case Tok::KwNone:
    case Tok::Ellipsis: {
        advance();
        Constant* c = make<Constant>(t.span);
        c->value = t.kind == Tok::KwTrue ? ConstKind::True
            : t.kind == Tok::KwFalse     ? ConstKind::False
            : t.kind == Tok::KwNone      ? ConstKind::None
                                         : ConstKind::Ellipsis;
        return c;
    }
    case Tok::Number: {
        advance();
        // Checked before the digits are converted: a huge literal is refused in linear time.
        if (size_t n = decimalIntDigits(t.text); intMaxStrDigits > 0 && int64_t(n) > intMaxStrDigits)
            failNow(intDigitsLimitMessage(intMaxStrDigits, n) +
                        " - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.",
                    t.span);
        Constant* c = make<Constant>(t.span);
        decodeNumber(m_src, t, c);
        if (at(Tok::Name) || at(Tok::Number)) {
            // `1abc` is caught by the lexer; `1 if` etc are fine
        }
        return c;
    }
    case Tok::String:
        return parseStrings();
    case Tok::LPar:
        return parseParenthesized();
    case Tok::LSqb:
        return parseListDisplay();
    case Tok::LBrace:
        return parseBraceDisplay();
    case Tok::KwLambda:
        return parseLambda();
    case Tok::KwYield: {
        // yield is only valid in parentheses / statements; CPython says "invalid syntax"
        failInvalid();
    }
    case Tok::Star:
        fail("can't use starred expression here", t.span);
    case Tok::KwAwait:
        unsupported("'await'", t.span);
    default:
        failInvalid();
    }
}

Expr* Parser::parseParenthesized() {
    Token lp = advance();
    if (at(Tok::RPar)) {
        Token rp = advance();
        Tuple* t = make<Tuple>(join(lp.span, rp.span));
        t->parenthesized = true;
        return t;
    }
    if (at(Tok::KwYield)) {
        Expr* y = parseYield();
        expect(Tok::RPar);
        return y;
    }
    Expr* first = at(Tok::Star) ? parseStarExpression() : parseNamedExpression();
    if (atComprehension()) {
        GeneratorExp* g = make<GeneratorExp>(lp.span);
        g->elt = first;
        parseComprehensions(g->generators);
        expect(Tok::RPar);
        g->span = join(lp.span, m_prev);
        return g;
    }
    if (at(Tok::RPar)) {
        advance();
        if (is<Starred>(first)) fail("cannot use starred expression here", first->span);
        if (is<Tuple>(first)) as<Tuple>(first)->parenthesized = true;
        return first; // parentheses are not part of the node (as in CPython)
    }
    if (!at(Tok::Comma)) {
        checkNoAdjacentExpression(first);
        failInvalid();
    }
    Tuple* t = make<Tuple>(lp.span);
    t->parenthesized = true;
    t->elts.push_back(first);
    while (accept(Tok::Comma)) {
        if (at(Tok::RPar)) break;
        t->elts.push_back(at(Tok::Star) ? parseStarExpression() : parseNamedExpression());
        if (!at(Tok::Comma) && !at(Tok::RPar)) checkNoAdjacentExpression(t->elts.back());
    }
    expect(Tok::RPar);
    t->span = join(lp.span, m_prev);
    return t;
}

Expr* Parser::parseListDisplay() {
    Token lb = advance();
    List* l = make<List>(lb.span);
    if (accept(Tok::RSqb)) {
        l->span = join(lb.span, m_prev);
        return l;
    }
    Expr* first = at(Tok::Star) ? parseStarExpression() : parseNamedExpression();
    if (atComprehension()) {
        ListComp* c = make<ListComp>(lb.span);
        c->elt = first;
        if (is<Starred>(first)) fail("iterable unpacking cannot be used in comprehension", first->span);
        parseComprehensions(c->generators);
        expect(Tok::RSqb);
        c->span = join(lb.span, m_prev);
        return c;
    }
    l->elts.push_back(first);
    while (accept(Tok::Comma)) {
        if (at(Tok::RSqb)) break;
        l->elts.push_back(at(Tok::Star) ? parseStarExpression() : parseNamedExpression());
    }
    if (!at(Tok::RSqb)) checkNoAdjacentExpression(l->elts.back());
    expect(Tok::RSqb);
    l->span = join(lb.span, m_prev);
    return l;
}

Expr* Parser::parseBraceDisplay() {
    Token lb = advance();
    if (accept(Tok::RBrace)) {
        Dict* d = make<Dict>(join(lb.span, m_prev));
        return d;
    }
    // dict: key ':' value | '**' expr ; set: star_named_expression
    Expr* firstKey = nullptr;
    Expr* firstValue = nullptr;
    bool isDict;
    if (at(Tok::DoubleStar)) {
        advance();
        firstValue = parseBinary(0);
        isDict = true;
    } else {
        Expr* first = at(Tok::Star) ? parseStarExpression() : parseNamedExpression();
        if (accept(Tok::Colon)) {
            firstKey = first;
            firstValue = parseExpression();
            isDict = true;
        } else {
            isDict = false;
            firstValue = first;
        }
    }
    if (atComprehension()) {
        if (isDict) {
            if (!firstKey) fail("dict unpacking cannot be used in dict comprehension", firstValue->span);
            DictComp* c = make<DictComp>(lb.span);
            c->key = firstKey;
            c->value = firstValue;
            parseComprehensions(c->generators);
            expect(Tok::RBrace);
            c->span = join(lb.span, m_prev);
            return c;
        }
        if (is<Starred>(firstValue)) fail("iterable unpacking cannot be used in comprehension", firstValue->span);
        SetComp* c = make<SetComp>(lb.span);
        c->elt = firstValue;
        parseComprehensions(c->generators);
        expect(Tok::RBrace);
        c->span = join(lb.span, m_prev);
        return c;
    }
    if (isDict) {
        Dict* d = make<Dict>(lb.span);
        d->keys.push_back(firstKey);
        d->values.push_back(firstValue);
        while (accept(Tok::Comma)) {
            if (at(Tok::RBrace)) break;
            if (accept(Tok::DoubleStar)) {
                d->keys.push_back(nullptr);
                d->values.push_back(parseBinary(0));
                continue;
            }
            Expr* k = parseExpression();
            if (!at(Tok::Colon)) {
                if (at(Tok::Comma) || at(Tok::RBrace)) fail("':' expected after dictionary key", k->span);
                failInvalid();
            }
            advance();
            if (at(Tok::Comma) || at(Tok::RBrace)) fail("expression expected after dictionary key and ':'", m_prev);
            d->keys.push_back(k);
            d->values.push_back(parseExpression());
        }
        if (!at(Tok::RBrace)) checkNoAdjacentExpression(d->values.back());
        expect(Tok::RBrace);
        d->span = join(lb.span, m_prev);
        return d;
    }
    Set* s = make<Set>(lb.span);
    s->elts.push_back(firstValue);
    while (accept(Tok::Comma)) {
        if (at(Tok::RBrace)) break;
        s->elts.push_back(at(Tok::Star) ? parseStarExpression() : parseNamedExpression());
    }
    if (!at(Tok::RBrace)) checkNoAdjacentExpression(s->elts.back());
    expect(Tok::RBrace);
    s->span = join(lb.span, m_prev);
    return s;
}

void Parser::parseComprehensions(std::vector<Comprehension>& out) {
    while (at(Tok::KwFor) || at(Tok::KwAsync)) {
        if (at(Tok::KwAsync)) unsupported("asynchronous comprehension", peek().span);
        advance();
        Comprehension c;
        c.target = parseTargetList();
        setStore(c.target, TargetKind::Comp);
        expect(Tok::KwIn);
        c.iter = parseDisjunction();
        while (at(Tok::KwIf)) {
            advance();
            c.ifs.push_back(parseDisjunction());
        }
        out.push_back(std::move(c));
    }
}

Expr* Parser::parseTargetList() {
    auto one = [&]() -> Expr* {
        if (at(Tok::Star)) {
            Token st = advance();
            Expr* v = parseBinary(0);
            Starred* s = make<Starred>(join(st.span, v->span));
            s->value = v;
            return s;
        }
        return parseBinary(0);
    };
    Expr* first = one();
    if (!at(Tok::Comma)) return first;
    Tuple* t = make<Tuple>(first->span);
    t->elts.push_back(first);
    while (accept(Tok::Comma)) {
        if (at(Tok::KwIn) || at(Tok::Equal) || at(Tok::Colon)) break;
        t->elts.push_back(one());
    }
    t->span = join(first->span, m_prev);
    return t;
}

Expr* Parser::parseLambda() {
    Token kw = advance();
    Lambda* l = make<Lambda>(kw.span);
    parseParameters(l->args, Tok::Colon, false);
    expect(Tok::Colon);
    l->body = parseExpression();
    l->span = join(kw.span, l->body->span);
    return l;
}

Expr* Parser::parseYield() {
    Token kw = advance();
    if (accept(Tok::KwFrom)) {
        YieldFrom* y = make<YieldFrom>(kw.span);
        y->value = parseExpression();
        y->span = join(kw.span, y->value->span);
        return y;
    }
    Yield* y = make<Yield>(kw.span);
    if (startsExpression(kind()) || at(Tok::Star)) {
        y->value = parseStarExpressions();
        y->span = join(kw.span, y->value->span);
    }
    return y;
}

Expr* Parser::parseStrings() {
    std::vector<Token> toks;
    while (at(Tok::String)) toks.push_back(advance());
    Span span = join(toks.front().span, toks.back().span);
    bool anyBytes = false, anyText = false, anyF = false;
    for (const Token& t : toks) {
        StringToken st = splitStringToken(t);
        (st.bytes ? anyBytes : anyText) = true;
        anyF = anyF || st.fstring;
    }
    if (anyBytes && anyText)
        fail("cannot mix bytes and nonbytes literals",
             Span{ span.endLine, span.endCol, span.endLine, span.endCol, 0, 0 });
    if (!anyF) {
        Constant* c = make<Constant>(span);
        c->value = anyBytes ? ConstKind::Bytes : ConstKind::Str;
        for (const Token& t : toks) {
            StringToken st = splitStringToken(t);
            if (st.raw) {
                std::string raw = m_src.text.substr(st.bodyBegin, st.bodyEnd - st.bodyBegin);
                if (anyBytes)
                    for (unsigned char ch : raw)
                        if (ch >= 0x80) fail("bytes can only contain ASCII literal characters", t.span);
                // normalise CR/CRLF line endings
                std::string norm;
                for (size_t i = 0; i < raw.size(); ++i) {
                    if (raw[i] == '\r') {
                        norm += '\n';
                        if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
                    } else {
                        norm += raw[i];
                    }
                }
                c->s += norm;
            } else {
                c->s += decodeEscapes(m_src, st.bodyBegin, st.bodyEnd, st.bytes, t.span);
            }
        }
        return c;
    }
    JoinedStr* js = make<JoinedStr>(span);
    ExprList parts;
    for (const Token& t : toks) {
        StringToken st = splitStringToken(t);
        if (!st.fstring) {
            Constant* c = make<Constant>(span);
            c->value = ConstKind::Str;
            if (st.raw) c->s = m_src.text.substr(st.bodyBegin, st.bodyEnd - st.bodyBegin);
            else c->s = decodeEscapes(m_src, st.bodyBegin, st.bodyEnd, false, t.span);
            parts.push_back(c);
        } else {
            parseFStringBody(st.bodyBegin, st.bodyEnd, st.raw, t.span, parts, 0, nullptr);
        }
    }
    // merge adjacent constants, drop empty ones
    for (Expr* p : parts) {
        if (is<Constant>(p)) {
            Constant* c = as<Constant>(p);
            if (c->s.empty()) continue;
            if (!js->values.empty() && is<Constant>(js->values.back())) {
                as<Constant>(js->values.back())->s += c->s;
                continue;
            }
            c->span = span;
        } else {
            p->span = span;
        }
        js->values.push_back(p);
    }
    return js;
}

} // namespace graphlens::lang

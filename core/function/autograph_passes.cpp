// AutoGraph's first converters: function scopes, break, continue and return statements, and
// call trees (TF 2.21 order: functions, directives, break, continue, return, call_trees). Each
// rewrites the re-parsed function AST in place, allocating new nodes from its arena.
#include "core/function/autograph_internal.h"

namespace graphlens::function::detail {

// ----- node construction ------------------------------------------------------------------------

Name* Gen::name(const std::string& id, ExprContext ctx) {
    auto* n = arena.make<Name>();
    n->id = id;
    n->ctx = ctx;
    return n;
}
Attribute* Gen::attr(Expr* value, const std::string& a) {
    auto* n = arena.make<Attribute>();
    n->value = value;
    n->attr = a;
    return n;
}
Call* Gen::call(Expr* f, ExprList args, std::vector<Keyword> kw) {
    auto* n = arena.make<Call>();
    n->func = f;
    n->args = std::move(args);
    n->keywords = std::move(kw);
    return n;
}
Constant* Gen::str(const std::string& s) {
    auto* n = arena.make<Constant>();
    n->value = ConstKind::Str;
    n->s = s;
    return n;
}
Constant* Gen::boolean(bool b) {
    auto* n = arena.make<Constant>();
    n->value = b ? ConstKind::True : ConstKind::False;
    return n;
}
Constant* Gen::none() {
    return arena.make<Constant>();
}
Constant* Gen::integer(int64_t i) {
    auto* n = arena.make<Constant>();
    n->value = ConstKind::Int;
    n->i = i;
    return n;
}
Lambda* Gen::lambda0(Expr* body) {
    auto* n = arena.make<Lambda>();
    n->body = body;
    return n;
}
Tuple* Gen::tuple(ExprList elts, ExprContext ctx) {
    auto* n = arena.make<Tuple>();
    n->elts = std::move(elts);
    n->ctx = ctx;
    return n;
}
UnaryOp* Gen::notOf(Expr* e) {
    auto* n = arena.make<UnaryOp>();
    n->op = UnaryOpKind::Not;
    n->operand = e;
    return n;
}
Assign* Gen::assign(Expr* target, Expr* value) {
    auto* n = arena.make<Assign>();
    n->targets.push_back(target);
    n->value = value;
    return n;
}
ExprStmt* Gen::exprStmt(Expr* e) {
    auto* n = arena.make<ExprStmt>();
    n->value = e;
    return n;
}
If* Gen::ifStmt(Expr* test, StmtList body, StmtList orelse) {
    auto* n = arena.make<If>();
    n->test = test;
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
}
FunctionDef* Gen::def(const std::string& nm, const std::vector<std::string>& params, StmtList body) {
    auto* n = arena.make<FunctionDef>();
    n->name = nm;
    for (auto& p : params) {
        Arg a;
        a.arg = p;
        n->args.args.push_back(a);
    }
    n->body = std::move(body);
    return n;
}
Nonlocal* Gen::nonlocal(std::vector<std::string> names) {
    auto* n = arena.make<Nonlocal>();
    n->names = std::move(names);
    return n;
}
Return* Gen::ret(Expr* value) {
    auto* n = arena.make<Return>();
    n->value = value;
    return n;
}
Pass* Gen::pass() {
    return arena.make<Pass>();
}

Expr* Gen::copyTarget(const Expr* t) {
    switch (t->kind) {
    case NodeKind::Name: {
        auto* n = name(static_cast<const Name*>(t)->id, static_cast<const Name*>(t)->ctx);
        return n;
    }
    case NodeKind::Tuple:
    case NodeKind::List: {
        const ExprList& src =
            t->kind == NodeKind::Tuple ? static_cast<const Tuple*>(t)->elts : static_cast<const List*>(t)->elts;
        ExprList elts;
        for (auto* e : src) elts.push_back(copyTarget(e));
        return tuple(std::move(elts), ExprContext::Store);
    }
    case NodeKind::Starred: {
        auto* s = arena.make<Starred>();
        s->value = copyTarget(static_cast<const Starred*>(t)->value);
        s->ctx = ExprContext::Store;
        return s;
    }
    case NodeKind::Attribute: {
        auto* a = static_cast<const Attribute*>(t);
        Attribute* n = attr(copyTarget(a->value), a->attr);
        n->ctx = a->ctx;
        return n;
    }
    case NodeKind::Subscript: {
        auto* s = static_cast<const Subscript*>(t);
        auto* n = arena.make<Subscript>();
        n->value = copyTarget(s->value);
        n->slice = copyTarget(s->slice);
        n->ctx = s->ctx;
        return n;
    }
    case NodeKind::Constant: {
        auto* n = arena.make<Constant>();
        *n = *static_cast<const Constant*>(t);
        n->span = Span{};
        return n;
    }
    default:
        return const_cast<Expr*>(t);
    }
}

std::string Namer::newSymbol(const std::string& root, const std::set<std::string>& reserved) {
    // A root that already ends in `_<digits>` continues counting from that number.
    std::string base = root;
    long long k = 0;
    size_t us = root.rfind('_');
    if (us != std::string::npos && us + 1 < root.size() &&
        root.find_first_not_of("0123456789", us + 1) == std::string::npos && root.size() - us < 18) {
        base = root.substr(0, us);
        k = std::stoll(root.substr(us + 1));
    }
    std::string n = base;
    while (globals.count(n) || reserved.count(n) || generated.count(n)) n = base + "_" + std::to_string(++k);
    generated.insert(n);
    return n;
}

namespace {

void collectNames(const Node* n, std::set<std::string>& out);

void collectBlock(const StmtList& b, std::set<std::string>& out) {
    for (auto* s : b) collectNames(s, out);
}

void collectNames(const Node* n, std::set<std::string>& out) {
    if (!n) return;
    if (n->kind == NodeKind::Name) out.insert(static_cast<const Name*>(n)->id);
    if (n->kind == NodeKind::FunctionDef) out.insert(static_cast<const FunctionDef*>(n)->name);
    if (n->kind == NodeKind::ClassDef) out.insert(static_cast<const ClassDef*>(n)->name);
    forEachChildExpr(const_cast<Node*>(n), [&](Expr*& e) { collectNames(e, out); });
    if (isStmtKind(n->kind))
        for (auto* b : childBlocks(const_cast<Stmt*>(static_cast<const Stmt*>(n)))) collectBlock(*b, out);
}

} // namespace

std::set<std::string> referencedNames(const Node* n) {
    std::set<std::string> out;
    collectNames(n, out);
    return out;
}
std::set<std::string> referencedNames(const StmtList& body) {
    std::set<std::string> out;
    collectBlock(body, out);
    return out;
}

std::vector<StmtList*> childBlocks(Stmt* s) {
    switch (s->kind) {
    case NodeKind::FunctionDef:
        return { &static_cast<FunctionDef*>(s)->body };
    case NodeKind::ClassDef:
        return { &static_cast<ClassDef*>(s)->body };
    case NodeKind::For:
        return { &static_cast<For*>(s)->body, &static_cast<For*>(s)->orelse };
    case NodeKind::While:
        return { &static_cast<While*>(s)->body, &static_cast<While*>(s)->orelse };
    case NodeKind::If:
        return { &static_cast<If*>(s)->body, &static_cast<If*>(s)->orelse };
    case NodeKind::With:
        return { &static_cast<With*>(s)->body };
    case NodeKind::Try: {
        auto* t = static_cast<Try*>(s);
        std::vector<StmtList*> r{ &t->body };
        for (auto& h : t->handlers) r.push_back(&h.body);
        r.push_back(&t->orelse);
        r.push_back(&t->finalbody);
        return r;
    }
    default:
        return {};
    }
}

// ----- unsupported features ---------------------------------------------------------------------

namespace {

[[noreturn]] void unsupported(const Node* n, const std::string& msg) {
    throw Unsupported{ { "UnsupportedLanguageElementError", msg, n ? n->span.line : 0 } };
}

// Like AutoGraph's unsupported-features check, this looks into nested functions too.
void checkNode(const Node* n) {
    if (!n) return;
    switch (n->kind) {
    case NodeKind::Yield:
    case NodeKind::YieldFrom:
        unsupported(n, "generators are not supported");
    case NodeKind::Attribute: {
        const std::string& a = static_cast<const Attribute*>(n)->attr;
        if (a.size() >= 2 && a.compare(0, 2, "__") == 0 && (a.size() < 4 || a.compare(a.size() - 2, 2, "__") != 0))
            unsupported(n, "mangled names are not yet supported");
        break;
    }
    case NodeKind::NamedExpr:
        // AutoGraph's analysis asserts on `:=`; TF reports a ConversionError and runs as is.
        throw Unsupported{ { "ConversionError", "AssertionError: named expressions are not supported", n->span.line } };
    case NodeKind::For:
        if (!static_cast<const For*>(n)->orelse.empty()) unsupported(n, "for/else statement not yet supported");
        break;
    case NodeKind::While:
        if (!static_cast<const While*>(n)->orelse.empty()) unsupported(n, "while/else statement not yet supported");
        break;
    default:
        break;
    }
    forEachChildExpr(const_cast<Node*>(n), [&](Expr*& e) { checkNode(e); });
    if (isStmtKind(n->kind))
        for (auto* b : childBlocks(const_cast<Stmt*>(static_cast<const Stmt*>(n))))
            for (auto* s : *b) checkNode(s);
}

} // namespace

void checkSupported(const Node* fn) {
    if (fn->kind == NodeKind::FunctionDef)
        for (auto* s : static_cast<const FunctionDef*>(fn)->body) checkNode(s);
    else checkNode(static_cast<const Lambda*>(fn)->body);
}

// ----- helpers ----------------------------------------------------------------------------------

namespace {

// AutoGraph's visit_block with an after-visit hook that may reroute the remaining statements
// into a new list (the body of a guard it just created).
template<class V, class A> StmtList visitBlock(const StmtList& in, V&& visit, A&& after) {
    StmtList results;
    StmtList* dest = &results;
    for (Stmt* s : in) {
        StmtList rep = visit(s);
        StmtList* next = rep.empty() ? nullptr : after(rep);
        dest->insert(dest->end(), rep.begin(), rep.end());
        if (next) dest = next;
    }
    return results;
}

} // namespace

Call* conversionOptions(Gen& g) {
    std::vector<Keyword> kw(4);
    kw[0].arg = "recursive";
    kw[0].value = g.boolean(true);
    kw[1].arg = "user_requested";
    kw[1].value = g.boolean(true);
    kw[2].arg = "optional_features";
    kw[2].value = g.tuple({});
    kw[3].arg = "internal_convert_user_code";
    kw[3].value = g.boolean(true);
    return g.call(g.ag("ConversionOptions"), {}, std::move(kw));
}

namespace {

// ----- functions ------------------------------------------------------------------------------

void functionsVisitExprs(Conversion& c, Node* n, int level);
void functionsVisitStmt(Conversion& c, Stmt* s, int level);

void functionsVisitExpr(Conversion& c, Expr*& e, int level) {
    if (e->kind == NodeKind::Lambda) {
        functionsVisitExprs(c, e, level + 1);
        if (level + 1 > 2) e = c.gen.call(c.gen.ag("autograph_artifact"), { e });
        return;
    }
    functionsVisitExprs(c, e, level);
}

void functionsVisitExprs(Conversion& c, Node* n, int level) {
    forEachChildExpr(n, [&](Expr*& e) { functionsVisitExpr(c, e, level); });
}

void functionsDef(Conversion& c, FunctionDef* fn, int level) {
    std::string ctx = c.namer.newSymbol("fscope", referencedNames(fn->body));
    c.contextName[fn] = ctx;
    functionsVisitExprs(c, fn, level);
    for (auto* s : fn->body) functionsVisitStmt(c, s, level + 1);
    Gen& g = c.gen;
    if (level + 1 <= 2) fn->decoratorList.clear();
    else fn->decoratorList.push_back(g.ag("autograph_artifact"));
    StmtList body = fn->body;
    Stmt* doc = nullptr;
    if (!body.empty() && body[0]->kind == NodeKind::ExprStmt &&
        static_cast<ExprStmt*>(body[0])->value->kind == NodeKind::Constant) {
        doc = body[0];
        body.erase(body.begin());
    }
    auto* with = g.arena.make<With>();
    WithItem item;
    Expr* opts = level + 1 <= 2 ? static_cast<Expr*>(conversionOptions(g)) : g.ag("STD");
    item.contextExpr = g.call(g.ag("FunctionScope"), { g.str(fn->name), g.str(ctx), opts });
    item.optionalVars = g.name(ctx, ExprContext::Store);
    with->items.push_back(item);
    if (body.empty()) // TF emits an empty `with` here and fails to load its own output
        throw Unsupported{ { "IndentationError", "expected an indented block after 'with' statement", fn->span.line } };
    with->body = body;
    fn->body.clear();
    if (doc) fn->body.push_back(doc);
    fn->body.push_back(with);
}

void functionsVisitStmt(Conversion& c, Stmt* s, int level) {
    if (s->kind == NodeKind::FunctionDef) {
        functionsDef(c, static_cast<FunctionDef*>(s), level);
        return;
    }
    functionsVisitExprs(c, s, level);
    for (auto* b : childBlocks(s))
        for (auto* x : *b) functionsVisitStmt(c, x, level);
}

// ----- break ------------------------------------------------------------------------------------

struct BreakState {
    std::string var;
    bool used = false;
};

StmtList breakVisit(Conversion& c, Stmt* s, BreakState* st);

StmtList breakBlock(Conversion& c, const StmtList& b, BreakState* st) {
    return visitBlock(
        b, [&](Stmt* s) { return breakVisit(c, s, st); }, [](StmtList&) -> StmtList* { return nullptr; });
}

StmtList breakVisit(Conversion& c, Stmt* s, BreakState* st) {
    Gen& g = c.gen;
    switch (s->kind) {
    case NodeKind::Break: {
        st->used = true;
        return { g.assign(g.name(st->var, ExprContext::Store), g.boolean(true)), g.arena.make<Continue>() };
    }
    case NodeKind::While:
    case NodeKind::For: {
        bool isWhile = s->kind == NodeKind::While;
        StmtList& body = isWhile ? static_cast<While*>(s)->body : static_cast<For*>(s)->body;
        BreakState inner{ c.namer.newSymbol("break_", referencedNames(body)), false };
        body = breakBlock(c, body, &inner);
        if (!inner.used) return { s };
        Stmt* init = g.assign(g.name(inner.var, ExprContext::Store), g.boolean(false));
        if (isWhile) {
            auto* w = static_cast<While*>(s);
            auto* both = g.arena.make<BoolOp>();
            both->op = BoolOpKind::And;
            both->values = { g.notOf(g.name(inner.var)), w->test };
            w->test = both;
        } else {
            c.extraLoopTest[s] = g.notOf(g.name(inner.var));
            // AutoGraph's marker that keeps the flag live for the analysis of the loop.
            body.insert(body.begin(), g.exprStmt(g.tuple({ g.name(inner.var) })));
        }
        return { init, s };
    }
    case NodeKind::FunctionDef:
    case NodeKind::ClassDef: {
        for (auto* b : childBlocks(s)) *b = breakBlock(c, *b, nullptr);
        return { s };
    }
    default:
        for (auto* b : childBlocks(s)) *b = breakBlock(c, *b, st);
        return { s };
    }
}

// ----- continue ---------------------------------------------------------------------------------

struct ContinueBlock {
    bool isLoop = false, guardCurrent = false, guardNext = false;
};
struct ContinueState {
    std::string var;
    bool used = false;
    std::vector<ContinueBlock*> blocks; // innermost last
};

StmtList continueVisit(Conversion& c, Stmt* s, ContinueState* st);

StmtList continueBlock(Conversion& c, const StmtList& b, ContinueState* st, bool isLoop) {
    if (!st)
        return visitBlock(
            b, [&](Stmt* s) { return continueVisit(c, s, nullptr); }, [](StmtList&) -> StmtList* { return nullptr; });
    ContinueBlock blk;
    blk.isLoop = isLoop;
    st->blocks.push_back(&blk);
    StmtList out = visitBlock(
        b, [&](Stmt* s) { return continueVisit(c, s, st); },
        [&](StmtList& rep) -> StmtList* {
            if (!st->used) return nullptr;
            bool wrap = blk.guardCurrent;
            blk.guardCurrent = blk.guardNext;
            blk.guardNext = false;
            if (!wrap) return nullptr;
            If* guard = c.gen.ifStmt(c.gen.notOf(c.gen.name(st->var)), rep);
            rep = { guard };
            return &guard->body;
        });
    st->blocks.pop_back();
    return out;
}

StmtList continueLoopBody(Conversion& c, const StmtList& body) {
    ContinueState st{ c.namer.newSymbol("continue_", referencedNames(body)), false, {} };
    StmtList out = continueBlock(c, body, &st, true);
    if (st.used) out.insert(out.begin(), c.gen.assign(c.gen.name(st.var, ExprContext::Store), c.gen.boolean(false)));
    return out;
}

StmtList continueVisit(Conversion& c, Stmt* s, ContinueState* st) {
    switch (s->kind) {
    case NodeKind::Continue: {
        st->used = true;
        for (auto it = st->blocks.rbegin(); it != st->blocks.rend(); ++it) {
            (*it)->guardNext = true;
            if ((*it)->isLoop) break;
        }
        return { c.gen.assign(c.gen.name(st->var, ExprContext::Store), c.gen.boolean(true)) };
    }
    case NodeKind::While: {
        auto* w = static_cast<While*>(s);
        w->body = continueLoopBody(c, w->body);
        w->orelse = continueBlock(c, w->orelse, st, false);
        return { s };
    }
    case NodeKind::For: {
        auto* f = static_cast<For*>(s);
        f->body = continueLoopBody(c, f->body);
        f->orelse = continueBlock(c, f->orelse, st, false);
        return { s };
    }
    case NodeKind::FunctionDef:
    case NodeKind::ClassDef:
        for (auto* b : childBlocks(s)) *b = continueBlock(c, *b, nullptr, false);
        return { s };
    default:
        for (auto* b : childBlocks(s)) *b = continueBlock(c, *b, st, false);
        return { s };
    }
}

// ----- return: first move code after `if` branches that always return into the other branch --

struct RewriteBlock {
    bool definitelyReturns = false;
};

StmtList rewriteBlock(StmtList& b, RewriteBlock& blk);

void rewriteStmt(Stmt* s, RewriteBlock& blk, bool& bodyReturns, bool& elseReturns) {
    bodyReturns = elseReturns = false;
    switch (s->kind) {
    case NodeKind::Return:
        blk.definitelyReturns = true;
        break;
    case NodeKind::If: {
        auto* i = static_cast<If*>(s);
        RewriteBlock b1, b2;
        i->body = rewriteBlock(i->body, b1);
        i->orelse = rewriteBlock(i->orelse, b2);
        bodyReturns = b1.definitelyReturns;
        elseReturns = b2.definitelyReturns;
        if (bodyReturns && elseReturns) blk.definitelyReturns = true;
        break;
    }
    case NodeKind::With: {
        RewriteBlock b;
        auto* w = static_cast<With*>(s);
        w->body = rewriteBlock(w->body, b);
        if (b.definitelyReturns) blk.definitelyReturns = true;
        break;
    }
    default:
        for (auto* b : childBlocks(s)) {
            RewriteBlock inner;
            *b = rewriteBlock(*b, inner);
        }
    }
}

StmtList rewriteBlock(StmtList& b, RewriteBlock& blk) {
    StmtList results;
    StmtList* dest = &results;
    for (Stmt* s : b) {
        bool br = false, er = false;
        rewriteStmt(s, blk, br, er);
        dest->push_back(s);
        if (s->kind == NodeKind::If && br) dest = &static_cast<If*>(s)->orelse;
        else if (s->kind == NodeKind::If && er) dest = &static_cast<If*>(s)->body;
    }
    return results;
}

// ----- return: lower `return` into do_return / retval_ -------------------------------------------

struct ReturnBlock {
    bool isFunction = false, used = false, guardNext = false, guardNow = false;
};
struct ReturnFn {
    std::string doReturn, retval;
    std::vector<ReturnBlock*> blocks;
};

StmtList returnVisit(Conversion& c, Stmt* s, ReturnFn* fn);
void returnDef(Conversion& c, FunctionDef* d);

StmtList returnBlock(Conversion& c, const StmtList& b, ReturnFn* fn, ReturnBlock* useBlock = nullptr) {
    ReturnBlock local;
    ReturnBlock& blk = useBlock ? *useBlock : local;
    fn->blocks.push_back(&blk);
    StmtList out = visitBlock(
        b, [&](Stmt* s) { return returnVisit(c, s, fn); },
        [&](StmtList& rep) -> StmtList* {
            if (!blk.used) return nullptr;
            StmtList* next = nullptr;
            if (blk.guardNow) {
                If* guard = c.gen.ifStmt(c.gen.notOf(c.gen.name(fn->doReturn)), rep);
                rep = { guard };
                next = &guard->body;
            }
            blk.guardNow = blk.guardNext;
            blk.guardNext = false;
            return next;
        });
    fn->blocks.pop_back();
    return out;
}

StmtList returnVisit(Conversion& c, Stmt* s, ReturnFn* fn) {
    Gen& g = c.gen;
    switch (s->kind) {
    case NodeKind::Return: {
        for (auto it = fn->blocks.rbegin(); it != fn->blocks.rend(); ++it) {
            (*it)->used = true;
            (*it)->guardNext = true;
            if ((*it)->isFunction) break;
        }
        auto* r = static_cast<Return*>(s);
        auto* t = g.arena.make<Try>();
        t->span = s->span;
        Stmt* setDo = g.assign(g.name(fn->doReturn, ExprContext::Store), g.boolean(true));
        Stmt* setVal = g.assign(g.name(fn->retval, ExprContext::Store), r->value ? r->value : g.none());
        setVal->span = s->span;
        t->body = { setDo, setVal };
        ExceptHandler h;
        h.body = { g.assign(g.name(fn->doReturn, ExprContext::Store), g.boolean(false)), g.arena.make<Raise>() };
        t->handlers.push_back(h);
        return { t };
    }
    case NodeKind::While: {
        auto* w = static_cast<While*>(s);
        ReturnBlock blk;
        w->body = returnBlock(c, w->body, fn, &blk);
        if (blk.used) {
            auto* both = g.arena.make<BoolOp>();
            both->op = BoolOpKind::And;
            both->values = { g.notOf(g.name(fn->doReturn)), w->test };
            w->test = both;
        }
        w->orelse = returnBlock(c, w->orelse, fn);
        return { s };
    }
    case NodeKind::For: {
        auto* f = static_cast<For*>(s);
        ReturnBlock blk;
        f->body = returnBlock(c, f->body, fn, &blk);
        if (blk.used) {
            auto it = c.extraLoopTest.find(s);
            Expr* ctl = g.notOf(g.name(fn->doReturn));
            if (it != c.extraLoopTest.end()) {
                auto* both = g.arena.make<BoolOp>();
                both->op = BoolOpKind::And;
                both->values = { ctl, it->second };
                it->second = both;
            } else {
                c.extraLoopTest[s] = ctl;
            }
        }
        f->orelse = returnBlock(c, f->orelse, fn);
        return { s };
    }
    case NodeKind::FunctionDef:
        returnDef(c, static_cast<FunctionDef*>(s));
        return { s };
    case NodeKind::ClassDef: {
        auto* cd = static_cast<ClassDef*>(s);
        for (auto* x : cd->body)
            if (x->kind == NodeKind::FunctionDef) returnDef(c, static_cast<FunctionDef*>(x));
        return { s };
    }
    default:
        for (auto* b : childBlocks(s)) *b = returnBlock(c, *b, fn);
        return { s };
    }
}

void returnDef(Conversion& c, FunctionDef* d) {
    RewriteBlock rb;
    d->body = rewriteBlock(d->body, rb);
    std::set<std::string> refs = referencedNames(d->body);
    ReturnFn fn;
    fn.doReturn = c.namer.newSymbol("do_return", refs);
    fn.retval = c.namer.newSymbol("retval_", refs);
    ReturnBlock blk;
    blk.isFunction = true;
    d->body = returnBlock(c, d->body, &fn, &blk);
    if (!blk.used) return;
    Gen& g = c.gen;
    auto* with = static_cast<With*>(d->body.back());
    StmtList body;
    body.push_back(g.assign(g.name(fn.doReturn, ExprContext::Store), g.boolean(false)));
    body.push_back(g.assign(g.name(fn.retval, ExprContext::Store), g.call(g.ag("UndefinedReturnValue"), {})));
    body.insert(body.end(), with->body.begin(), with->body.end());
    body.push_back(g.ret(g.call(g.attr(g.name(c.contextName[d]), "ret"), { g.name(fn.retval), g.name(fn.doReturn) })));
    with->body = body;
}

// ----- call trees -------------------------------------------------------------------------------

// Dotted name of an expression (`a.b.c`), or "" when it is not a plain dotted name.
std::string dottedName(const Expr* e) {
    if (e->kind == NodeKind::Name) return static_cast<const Name*>(e)->id;
    if (e->kind == NodeKind::Attribute) {
        std::string base = dottedName(static_cast<const Attribute*>(e)->value);
        return base.empty() ? "" : base + "." + static_cast<const Attribute*>(e)->attr;
    }
    return "";
}

void callsExpr(Conversion& c, Expr*& e, const std::string& ctx);
void callsStmt(Conversion& c, Stmt* s, const std::string& ctx);

void callsChildren(Conversion& c, Node* n, const std::string& ctx) {
    forEachChildExpr(n, [&](Expr*& e) { callsExpr(c, e, ctx); });
}

void callsExpr(Conversion& c, Expr*& e, const std::string& ctx) {
    callsChildren(c, e, ctx);
    if (e->kind != NodeKind::Call) return;
    auto* call = static_cast<Call*>(e);
    std::string full = dottedName(call->func);
    if (full.rfind("ag__.", 0) == 0 || full.rfind(ctx + ".", 0) == 0) return;
    if (full == "pdb.set_trace" || full == "ipdb.set_trace" || full == "breakpoint" || full == "print") return;
    Gen& g = c.gen;
    // Positional arguments: one tuple; `*x` becomes `tuple(x)` joined with `+`.
    Expr* args = nullptr;
    ExprList pending;
    auto flush = [&]() {
        if (pending.empty()) return;
        Expr* t = g.tuple(pending);
        pending.clear();
        if (!args) {
            args = t;
        } else {
            auto* b = g.arena.make<BinOp>();
            b->left = args;
            b->right = t;
            args = b;
        }
    };
    for (auto* a : call->args) {
        if (a->kind == NodeKind::Starred) {
            flush();
            Expr* t = g.call(g.name("tuple"), { static_cast<Starred*>(a)->value });
            if (!args) {
                args = t;
            } else {
                auto* b = g.arena.make<BinOp>();
                b->left = args;
                b->right = t;
                args = b;
            }
        } else {
            pending.push_back(a);
        }
    }
    if (!args || !pending.empty()) flush();
    if (!args) args = g.tuple({});
    Expr* kwargs = call->keywords.empty() ? static_cast<Expr*>(g.none()) : g.call(g.name("dict"), {}, call->keywords);
    e = g.call(g.ag("converted_call"), { call->func, args, kwargs, g.name(ctx) });
}

void callsDef(Conversion& c, FunctionDef* d, const std::string& outerCtx) {
    for (auto*& x : d->decoratorList) callsExpr(c, x, outerCtx);
    for (auto*& x : d->args.defaults) callsExpr(c, x, outerCtx);
    for (auto*& x : d->args.kwDefaults)
        if (x) callsExpr(c, x, outerCtx);
    std::string ctx = c.contextName.count(d) ? c.contextName[d] : outerCtx;
    for (auto* s : d->body) callsStmt(c, s, ctx);
}

void callsStmt(Conversion& c, Stmt* s, const std::string& ctx) {
    switch (s->kind) {
    case NodeKind::FunctionDef:
        callsDef(c, static_cast<FunctionDef*>(s), ctx);
        return;
    case NodeKind::With:
        for (auto* x : static_cast<With*>(s)->body) callsStmt(c, x, ctx);
        return;
    default:
        callsChildren(c, s, ctx);
        for (auto* b : childBlocks(s))
            for (auto* x : *b) callsStmt(c, x, ctx);
    }
}

} // namespace

void functionsPass(Conversion& c, FunctionDef* fn, bool topLevel) {
    functionsDef(c, fn, topLevel ? 1 : 2);
}

void directivesPass(Conversion& c, StmtList& body) {
    static const char* kParams[] = { "parallel_iterations", "swap_memory", "maximum_iterations", "shape_invariants" };
    for (auto* s : body) {
        for (auto* b : childBlocks(s)) directivesPass(c, *b);
        if (s->kind != NodeKind::While && s->kind != NodeKind::For) continue;
        StmtList& loopBody = s->kind == NodeKind::While ? static_cast<While*>(s)->body : static_cast<For*>(s)->body;
        if (loopBody.empty() || loopBody[0]->kind != NodeKind::ExprStmt) continue;
        Expr* v = static_cast<ExprStmt*>(loopBody[0])->value;
        if (v->kind != NodeKind::Call) continue;
        auto* call = static_cast<Call*>(v);
        std::string name = dottedName(call->func);
        const std::string suffix = "set_loop_options";
        if (name != suffix &&
            (name.size() < suffix.size() + 1 ||
             name.compare(name.size() - suffix.size() - 1, std::string::npos, "." + suffix) != 0))
            continue;
        auto& opts = c.loopOptions[s];
        for (size_t i = 0; i < call->args.size() && i < 4; ++i) opts.emplace_back(kParams[i], call->args[i]);
        for (auto& k : call->keywords)
            if (!k.arg.empty()) opts.emplace_back(k.arg, k.value);
        loopBody.erase(loopBody.begin());
        if (loopBody.empty()) loopBody.push_back(c.gen.pass());
    }
}

void breakPass(Conversion& c, StmtList& body) {
    body = breakBlock(c, body, nullptr);
}

void continuePass(Conversion& c, StmtList& body) {
    body = continueBlock(c, body, nullptr, false);
}

void returnPass(Conversion& c, FunctionDef* fn) {
    returnDef(c, fn);
}

void callTreesPass(Conversion& c, FunctionDef* fn) {
    callsDef(c, fn, c.contextName[fn]);
}

void callTreesExpr(Conversion& c, Expr*& e, const std::string& contextName) {
    callsExpr(c, e, contextName);
}

} // namespace graphlens::function::detail

// AutoGraph's control_flow converter with the static analyses it needs (activity, liveness,
// reaching definitions, done structurally on the AST rather than on a CFG), then the
// conditional-expression, logical-expression and variables converters.
#include <algorithm>
#include <unordered_set>

#include "core/function/autograph_internal.h"
#include "core/function/autograph_pyset.h"
#include "core/lang/printer.h"

namespace graphlens::function::detail {

namespace {

using Names = std::set<std::string>;

Names operator|(Names a, const Names& b) {
    a.insert(b.begin(), b.end());
    return a;
}
Names operator-(Names a, const Names& b) {
    for (auto& x : b) a.erase(x);
    return a;
}

// Symbol of an assignment target: "x", "self.n", "d[k]" (composite), or "" when not trackable.
std::string symbolOf(const Expr* t) {
    switch (t->kind) {
    case NodeKind::Name:
        return static_cast<const Name*>(t)->id;
    case NodeKind::Attribute: {
        std::string base = symbolOf(static_cast<const Attribute*>(t)->value);
        return base.empty() ? "" : base + "." + static_cast<const Attribute*>(t)->attr;
    }
    case NodeKind::Subscript: {
        auto* s = static_cast<const Subscript*>(t);
        std::string base = symbolOf(s->value);
        return base.empty() ? "" : printExpr(t);
    }
    default:
        return "";
    }
}
bool isComposite(const std::string& s) {
    return s.find_first_of(".[") != std::string::npos;
}

// Simple names a composite symbol depends on: `self` for self.n, `d` and `k` for d[k].
void supportNames(const Expr* t, Names& out) {
    if (t->kind == NodeKind::Name) out.insert(static_cast<const Name*>(t)->id);
    else if (t->kind == NodeKind::Attribute) supportNames(static_cast<const Attribute*>(t)->value, out);
    else if (t->kind == NodeKind::Subscript) {
        supportNames(static_cast<const Subscript*>(t)->value, out);
        const Expr* sl = static_cast<const Subscript*>(t)->slice;
        if (sl->kind == NodeKind::Name) out.insert(static_cast<const Name*>(sl)->id);
    }
}

// Targets bound by an assignment target expression.
void targetSymbols(const Expr* t, Names& out, std::map<std::string, const Expr*>* composites) {
    switch (t->kind) {
    case NodeKind::Tuple:
        for (auto* e : static_cast<const Tuple*>(t)->elts) targetSymbols(e, out, composites);
        break;
    case NodeKind::List:
        for (auto* e : static_cast<const List*>(t)->elts) targetSymbols(e, out, composites);
        break;
    case NodeKind::Starred:
        targetSymbols(static_cast<const Starred*>(t)->value, out, composites);
        break;
    default: {
        std::string s = symbolOf(t);
        if (s.empty()) break;
        out.insert(s);
        if (composites && isComposite(s)) (*composites)[s] = t;
    }
    }
}

// Every name loaded in an expression (conservatively including those inside lambdas and
// comprehensions).
void loads(const Node* n, Names& out) {
    if (!n) return;
    if (n->kind == NodeKind::Name) {
        auto* nm = static_cast<const Name*>(n);
        if (nm->ctx == ExprContext::Load) out.insert(nm->id);
        return;
    }
    forEachChildExpr(const_cast<Node*>(n), [&](Expr*& e) {
        if (e->kind == NodeKind::Name && static_cast<Name*>(e)->ctx != ExprContext::Load) return;
        loads(e, out);
    });
}
// Loads of a statement's own expressions (not of nested blocks). Attribute/subscript targets
// read their base.
Names stmtUses(const Stmt* s) {
    Names out;
    auto targetReads = [&](const Expr* t) {
        if (t->kind == NodeKind::Attribute) loads(static_cast<const Attribute*>(t)->value, out);
        else if (t->kind == NodeKind::Subscript) {
            loads(static_cast<const Subscript*>(t)->value, out);
            loads(static_cast<const Subscript*>(t)->slice, out);
        } else if (t->kind == NodeKind::Tuple || t->kind == NodeKind::List) {
            loads(t, out);
        }
    };
    switch (s->kind) {
    case NodeKind::Assign:
        for (auto* t : static_cast<const Assign*>(s)->targets) targetReads(t);
        loads(static_cast<const Assign*>(s)->value, out);
        break;
    case NodeKind::AugAssign: {
        auto* a = static_cast<const AugAssign*>(s);
        if (a->target->kind == NodeKind::Name) out.insert(static_cast<const Name*>(a->target)->id);
        else loads(a->target, out);
        loads(a->value, out);
        break;
    }
    case NodeKind::For:
        loads(static_cast<const For*>(s)->iter, out);
        break;
    case NodeKind::FunctionDef:
    case NodeKind::ClassDef:
        forEachChildExpr(const_cast<Stmt*>(s), [&](Expr*& e) { loads(e, out); });
        break;
    default:
        forEachChildExpr(const_cast<Stmt*>(s), [&](Expr*& e) { loads(e, out); });
    }
    return out;
}

// Names a statement binds directly (not in nested blocks).
void stmtBinds(const Stmt* s, Names& out, std::map<std::string, const Expr*>* composites) {
    switch (s->kind) {
    case NodeKind::Assign:
        for (auto* t : static_cast<const Assign*>(s)->targets) targetSymbols(t, out, composites);
        break;
    case NodeKind::AugAssign:
        targetSymbols(static_cast<const AugAssign*>(s)->target, out, composites);
        break;
    case NodeKind::AnnAssign:
        if (static_cast<const AnnAssign*>(s)->value)
            targetSymbols(static_cast<const AnnAssign*>(s)->target, out, composites);
        break;
    case NodeKind::For:
        targetSymbols(static_cast<const For*>(s)->target, out, composites);
        break;
    case NodeKind::With:
        for (auto& it : static_cast<const With*>(s)->items)
            if (it.optionalVars) targetSymbols(it.optionalVars, out, composites);
        break;
    case NodeKind::FunctionDef:
        out.insert(static_cast<const FunctionDef*>(s)->name);
        break;
    case NodeKind::ClassDef:
        out.insert(static_cast<const ClassDef*>(s)->name);
        break;
    case NodeKind::Import:
    case NodeKind::ImportFrom: {
        const auto& names = s->kind == NodeKind::Import ? static_cast<const Import*>(s)->names
                                                        : static_cast<const ImportFrom*>(s)->names;
        for (auto& a : names) {
            std::string n = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
            out.insert(n);
        }
        break;
    }
    case NodeKind::Try:
        for (auto& h : static_cast<const Try*>(s)->handlers)
            if (!h.name.empty()) out.insert(h.name);
        break;
    default:
        break;
    }
}

// Everything bound in a block, including nested blocks but not nested function bodies.
void blockBinds(const StmtList& b, Names& out, std::map<std::string, const Expr*>* composites) {
    for (auto* s : b) {
        stmtBinds(s, out, composites);
        if (s->kind == NodeKind::FunctionDef || s->kind == NodeKind::ClassDef) continue;
        for (auto* c : childBlocks(const_cast<Stmt*>(s))) blockBinds(*c, out, composites);
    }
}

struct Analysis {
    std::unordered_map<const Node*, Names> liveIn, liveOut, definedIn;
    // Free variables read by the nested functions whose definition reaches a statement: AutoGraph
    // counts them as live there (the function may be called from it).
    std::unordered_map<const Node*, Names> closureIn;
    Names globals, nonlocals;
    // CPython's layout of each control-flow statement's `modified` set (the order AutoGraph
    // emits its undefined names in).
    std::unordered_map<const Node*, PySet> modifiedSets;
};

// Names a nested function reads from enclosing scopes.
Names freeReads(const FunctionDef* d) {
    Names bound, reads;
    for (auto& a : d->args.args) bound.insert(a.arg);
    for (auto& a : d->args.posonlyargs) bound.insert(a.arg);
    for (auto& a : d->args.kwonlyargs) bound.insert(a.arg);
    if (d->args.vararg) bound.insert(d->args.vararg->arg);
    if (d->args.kwarg) bound.insert(d->args.kwarg->arg);
    blockBinds(d->body, bound, nullptr);
    std::function<void(const StmtList&)> deep = [&](const StmtList& bl) {
        for (auto* x : bl) {
            Names u = stmtUses(x);
            reads.insert(u.begin(), u.end());
            for (auto* c : childBlocks(const_cast<Stmt*>(x))) deep(*c);
        }
    };
    deep(d->body);
    return reads - bound;
}

// Forward pass: which nested functions' free reads reach each statement.
Names closureBlock(Analysis& an, const StmtList& b, Names c);

Names closureStmt(Analysis& an, const Stmt* s, Names c) {
    an.closureIn[s] = c;
    switch (s->kind) {
    case NodeKind::FunctionDef:
        return c | freeReads(static_cast<const FunctionDef*>(s));
    case NodeKind::ClassDef:
        return c;
    case NodeKind::While:
    case NodeKind::For: {
        const StmtList& body =
            s->kind == NodeKind::While ? static_cast<const While*>(s)->body : static_cast<const For*>(s)->body;
        Names end = closureBlock(an, body, c);
        an.closureIn[s] = end; // the loop head is reached again after the body
        return closureBlock(an, body, end);
    }
    default: {
        Names out = c;
        for (auto* blk : childBlocks(const_cast<Stmt*>(s))) out = out | closureBlock(an, *blk, c);
        return out;
    }
    }
}

Names closureBlock(Analysis& an, const StmtList& b, Names c) {
    for (auto* s : b) c = closureStmt(an, s, c);
    return c;
}

Names liveBlock(Analysis& an, const StmtList& b, Names out);

Names liveStmt(Analysis& an, const Stmt* s, const Names& out) {
    Names in;
    switch (s->kind) {
    case NodeKind::Return:
    case NodeKind::Raise:
        in = stmtUses(s);
        break;
    case NodeKind::If: {
        auto* i = static_cast<const If*>(s);
        in = stmtUses(s) | liveBlock(an, i->body, out) | liveBlock(an, i->orelse, out);
        an.liveOut[s] = out;
        an.liveIn[s] = in;
        break;
    }
    case NodeKind::While: {
        auto* w = static_cast<const While*>(s);
        Names head = stmtUses(s) | out;
        for (int iter = 0; iter < 50; ++iter) {
            Names next = stmtUses(s) | out | liveBlock(an, w->body, head);
            if (next == head) break;
            head = next;
        }
        in = head;
        an.liveOut[s] = out;
        an.liveIn[s] = in;
        break;
    }
    case NodeKind::For: {
        auto* f = static_cast<const For*>(s);
        Names tgt;
        stmtBinds(s, tgt, nullptr);
        Names head = out;
        for (int iter = 0; iter < 50; ++iter) {
            Names next = out | (liveBlock(an, f->body, head) - tgt);
            if (next == head) break;
            head = next;
        }
        in = stmtUses(s) | head;
        an.liveOut[s] = out;
        an.liveIn[s] = in;
        break;
    }
    case NodeKind::With: {
        auto* w = static_cast<const With*>(s);
        in = stmtUses(s) | liveBlock(an, w->body, out);
        break;
    }
    case NodeKind::Try: {
        auto* t = static_cast<const Try*>(s);
        Names after = liveBlock(an, t->finalbody, out);
        Names handlers;
        for (auto& h : t->handlers) {
            Names hin = liveBlock(an, h.body, after);
            if (h.type) loads(h.type, hin);
            handlers = handlers | hin;
        }
        Names elseIn = liveBlock(an, t->orelse, after);
        in = liveBlock(an, t->body, elseIn | handlers) | handlers;
        break;
    }
    case NodeKind::FunctionDef:
        in = (out - Names{ static_cast<const FunctionDef*>(s)->name }) | stmtUses(s) |
            freeReads(static_cast<const FunctionDef*>(s));
        break;
    default: {
        Names kills;
        stmtBinds(s, kills, nullptr);
        Names k2;
        for (auto& k : kills)
            if (!isComposite(k)) k2.insert(k);
        in = (out - k2) | stmtUses(s);
        if (s->kind == NodeKind::ClassDef) {
            std::function<void(const StmtList&)> deep = [&](const StmtList& bl) {
                for (auto* x : bl) {
                    Names u = stmtUses(x);
                    in.insert(u.begin(), u.end());
                    for (auto* c : childBlocks(const_cast<Stmt*>(x))) deep(*c);
                }
            };
            deep(static_cast<const ClassDef*>(s)->body);
        }
    }
    }
    return in;
}

Names liveBlock(Analysis& an, const StmtList& b, Names out) {
    for (auto it = b.rbegin(); it != b.rend(); ++it) {
        out = liveStmt(an, *it, out);
        auto c = an.closureIn.find(*it);
        if (c != an.closureIn.end() && !c->second.empty()) {
            out = out | c->second;
            auto li = an.liveIn.find(*it);
            if (li != an.liveIn.end()) li->second = li->second | c->second;
        }
    }
    return out;
}

Names definedBlock(Analysis& an, const StmtList& b, Names d);

Names definedStmt(Analysis& an, const Stmt* s, Names d) {
    switch (s->kind) {
    case NodeKind::If: {
        an.definedIn[s] = d;
        auto* i = static_cast<const If*>(s);
        return definedBlock(an, i->body, d) | definedBlock(an, i->orelse, d);
    }
    // Inside a loop body, definitions from earlier iterations reach every statement (the back
    // edge); the loop statement itself only sees what came before it.
    case NodeKind::While: {
        an.definedIn[s] = d;
        const StmtList& body = static_cast<const While*>(s)->body;
        Names end = definedBlock(an, body, d);
        return d | definedBlock(an, body, d | end);
    }
    case NodeKind::For: {
        an.definedIn[s] = d;
        Names t;
        stmtBinds(s, t, nullptr);
        const StmtList& body = static_cast<const For*>(s)->body;
        Names end = definedBlock(an, body, d | t);
        return d | definedBlock(an, body, d | t | end) | t;
    }
    case NodeKind::FunctionDef:
    case NodeKind::ClassDef: {
        stmtBinds(s, d, nullptr);
        return d;
    }
    default: {
        stmtBinds(s, d, nullptr);
        for (auto* c : childBlocks(const_cast<Stmt*>(s))) d = definedBlock(an, *c, d);
        return d;
    }
    }
}

Names definedBlock(Analysis& an, const StmtList& b, Names d) {
    for (auto* s : b) d = definedStmt(an, s, d);
    return d;
}

void scopeDecls(const StmtList& b, Analysis& an) {
    for (auto* s : b) {
        if (s->kind == NodeKind::Global)
            for (auto& n : static_cast<const Global*>(s)->names) an.globals.insert(n);
        if (s->kind == NodeKind::Nonlocal)
            for (auto& n : static_cast<const Nonlocal*>(s)->names) an.nonlocals.insert(n);
        if (s->kind == NodeKind::FunctionDef || s->kind == NodeKind::ClassDef) continue;
        for (auto* c : childBlocks(const_cast<Stmt*>(s))) scopeDecls(*c, an);
    }
}

Analysis analyze(const FunctionDef* fn, const Conversion& c) {
    Analysis an;
    an.modifiedSets = modifiedSets(fn, c.extraLoopTest);
    scopeDecls(fn->body, an);
    closureBlock(an, fn->body, {});
    liveBlock(an, fn->body, {});
    Names params;
    for (auto& a : fn->args.posonlyargs) params.insert(a.arg);
    for (auto& a : fn->args.args) params.insert(a.arg);
    for (auto& a : fn->args.kwonlyargs) params.insert(a.arg);
    if (fn->args.vararg) params.insert(fn->args.vararg->arg);
    if (fn->args.kwarg) params.insert(fn->args.kwarg->arg);
    definedBlock(an, fn->body, params);
    return an;
}

// ----- the transformation -----------------------------------------------------------------------

struct BlockVars {
    std::vector<std::string> vars; // outputs first, then input-only; each group sorted
    std::map<std::string, const Expr*> composites;
    std::vector<std::string> undefined;
    int nouts = 0;
};

BlockVars blockVars(const Analysis& an, const Stmt* node, const Names& modified,
                    const std::map<std::string, const Expr*>& composites) {
    BlockVars bv;
    auto get = [](const std::unordered_map<const Node*, Names>& m, const Node* n) {
        auto it = m.find(n);
        return it == m.end() ? Names{} : it->second;
    };
    Names liveIn = get(an.liveIn, node), liveOut = get(an.liveOut, node), defined = get(an.definedIn, node);
    Names basic, composite;
    for (auto& s : modified) {
        if (isComposite(s)) {
            auto it = composites.find(s);
            Names support;
            if (it != composites.end()) supportNames(it->second, support);
            bool ok = true;
            for (auto& x : support)
                if (!liveIn.count(x)) ok = false;
            if (ok) composite.insert(s);
            continue;
        }
        if (liveIn.count(s) || liveOut.count(s) || an.nonlocals.count(s)) basic.insert(s);
    }
    for (auto& s : modified)
        if (!isComposite(s) && !defined.count(s) && !an.globals.count(s) && !an.nonlocals.count(s))
            bv.undefined.push_back(s);
    // AutoGraph's order: `modified - defined_in - globals - nonlocals` iterated as CPython does.
    auto sim = an.modifiedSets.find(node);
    if (sim != an.modifiedSets.end()) {
        auto keys = [](const Names& names) {
            std::vector<PySet::Key> out;
            for (auto& n : names) out.push_back(qnKey(n));
            return PySet::fromSequence(out);
        };
        std::vector<PySet::Key> order =
            sim->second.difference(keys(defined)).difference(keys(an.globals)).difference(keys(an.nonlocals)).items();
        auto rank = [&](const std::string& s) {
            for (size_t i = 0; i < order.size(); ++i)
                if (order[i].name == s) return i;
            return order.size();
        };
        std::stable_sort(bv.undefined.begin(), bv.undefined.end(),
                         [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    }
    Names inputOnly;
    for (auto& s : basic)
        if (liveIn.count(s) && !liveOut.count(s)) inputOnly.insert(s);
    Names all = basic | composite;
    for (auto& s : all)
        if (!inputOnly.count(s)) bv.vars.push_back(s);
    bv.nouts = int(bv.vars.size());
    for (auto& s : inputOnly) bv.vars.push_back(s);
    for (auto& s : composite) bv.composites[s] = composites.at(s);
    return bv;
}

void setLoad(Expr* e) {
    if (e->kind == NodeKind::Name) static_cast<Name*>(e)->ctx = ExprContext::Load;
    if (e->kind == NodeKind::Attribute) static_cast<Attribute*>(e)->ctx = ExprContext::Load;
    if (e->kind == NodeKind::Subscript) static_cast<Subscript*>(e)->ctx = ExprContext::Load;
}

struct CF {
    Conversion& c;
    const Analysis& an;
    Gen& g() { return c.gen; }

    StmtList nonlocalDecls(const BlockVars& bv) {
        // AutoGraph lists them from `set(vars_)` (and `globals & vars_`): CPython's set order.
        std::vector<PySet::Key> varKeys, globalKeys;
        for (auto& v : bv.vars) varKeys.push_back(qnKey(v));
        for (auto& v : an.globals) globalKeys.push_back(qnKey(v));
        PySet vars = PySet::fromSequence(varKeys);
        std::vector<std::string> glob, nonl;
        for (auto& k : PySet::fromSequence(globalKeys).intersection(vars).items()) glob.push_back(k.name);
        for (auto& k : vars.items())
            if (!an.globals.count(k.name) && !isComposite(k.name)) nonl.push_back(k.name);
        StmtList out;
        if (!glob.empty()) {
            auto* gl = g().arena.make<Global>();
            gl->names = glob;
            out.push_back(gl);
        }
        if (!nonl.empty()) out.push_back(g().nonlocal(nonl));
        return out;
    }

    Expr* symbolExpr(const BlockVars& bv, const std::string& v, ExprContext ctx) {
        auto it = bv.composites.find(v);
        if (it == bv.composites.end()) return g().name(v, ctx);
        // A fresh copy: AutoGraph rebuilds state symbols, so their reads are not wrapped in ld.
        Expr* copy = g().copyTarget(it->second);
        if (ctx == ExprContext::Store) return copy;
        setLoad(copy);
        Lambda* l = g().lambda0(copy);
        return g().call(g().ag("ldu"), { l, g().str(v) });
    }

    StmtList stateFunctions(const BlockVars& bv, const std::string& getter, const std::string& setter) {
        if (bv.vars.empty()) {
            return { g().def(getter, {}, { g().ret(g().tuple({})) }),
                     g().def(setter, { "block_vars" }, { g().pass() }) };
        }
        ExprList reads, writes;
        for (auto& v : bv.vars) {
            reads.push_back(symbolExpr(bv, v, ExprContext::Load));
            writes.push_back(symbolExpr(bv, v, ExprContext::Store));
        }
        StmtList setBody = nonlocalDecls(bv);
        setBody.push_back(g().assign(g().tuple(writes, ExprContext::Store), g().name("vars_")));
        return { g().def(getter, {}, { g().ret(g().tuple(reads)) }), g().def(setter, { "vars_" }, setBody) };
    }

    StmtList undefinedAssigns(const BlockVars& bv) {
        StmtList out;
        for (auto& v : bv.undefined)
            out.push_back(g().assign(g().name(v, ExprContext::Store), g().call(g().ag("Undefined"), { g().str(v) })));
        return out;
    }

    Expr* symbolNames(const BlockVars& bv) {
        ExprList names;
        for (auto& v : bv.vars) names.push_back(g().str(v));
        return g().tuple(names);
    }

    StmtList withDecls(const BlockVars& bv, const StmtList& body) {
        StmtList out = nonlocalDecls(bv);
        out.insert(out.end(), body.begin(), body.end());
        return out;
    }

    StmtList visitIf(If* s) {
        Names modified;
        std::map<std::string, const Expr*> comps;
        blockBinds(s->body, modified, &comps);
        blockBinds(s->orelse, modified, &comps);
        BlockVars bv = blockVars(an, s, modified, comps);
        Names reserved = referencedNames(s->body) | referencedNames(s->orelse);
        s->body = block(s->body);
        s->orelse = block(s->orelse);
        std::string getter = c.namer.newSymbol("get_state", reserved);
        std::string setter = c.namer.newSymbol("set_state", reserved);
        StmtList out = stateFunctions(bv, getter, setter);
        std::string bodyName = c.namer.newSymbol("if_body", reserved);
        std::string elseName = c.namer.newSymbol("else_body", reserved);
        out.push_back(g().def(bodyName, {}, withDecls(bv, s->body)));
        out.push_back(g().def(elseName, {}, withDecls(bv, s->orelse.empty() ? StmtList{ g().pass() } : s->orelse)));
        StmtList und = undefinedAssigns(bv);
        out.insert(out.end(), und.begin(), und.end());
        Stmt* call = g().exprStmt(g().call(g().ag("if_stmt"),
                                           { s->test, g().name(bodyName), g().name(elseName), g().name(getter),
                                             g().name(setter), symbolNames(bv), g().integer(bv.nouts) }));
        call->span = s->span;
        out.push_back(call);
        return out;
    }

    StmtList visitWhile(While* s) {
        Names modified;
        std::map<std::string, const Expr*> comps;
        blockBinds(s->body, modified, &comps);
        BlockVars bv = blockVars(an, s, modified, comps);
        Names reserved = referencedNames(s->body);
        s->body = block(s->body);
        std::string getter = c.namer.newSymbol("get_state", reserved);
        std::string setter = c.namer.newSymbol("set_state", reserved);
        StmtList out = stateFunctions(bv, getter, setter);
        std::string bodyName = c.namer.newSymbol("loop_body", reserved);
        std::string testName = c.namer.newSymbol("loop_test", reserved);
        out.push_back(g().def(bodyName, {}, withDecls(bv, s->body)));
        out.push_back(g().def(testName, {}, { g().ret(s->test) }));
        StmtList und = undefinedAssigns(bv);
        out.insert(out.end(), und.begin(), und.end());
        Stmt* call = g().exprStmt(g().call(g().ag("while_stmt"),
                                           { g().name(testName), g().name(bodyName), g().name(getter), g().name(setter),
                                             symbolNames(bv), loopOptions(s) }));
        call->span = s->span;
        out.push_back(call);
        return out;
    }

    StmtList visitFor(For* s) {
        Names modified;
        std::map<std::string, const Expr*> comps;
        blockBinds(s->body, modified, &comps);
        targetSymbols(s->target, modified, &comps);
        BlockVars bv = blockVars(an, s, modified, comps);
        Names reserved = referencedNames(s->body) | referencedNames(s->target);
        s->body = block(s->body);
        std::string getter = c.namer.newSymbol("get_state", reserved);
        std::string setter = c.namer.newSymbol("set_state", reserved);
        StmtList out = stateFunctions(bv, getter, setter);
        Dict* opts = loopOptions(s);
        opts->keys.push_back(g().str("iterate_names"));
        opts->values.push_back(g().str(printExpr(s->target)));
        Expr* extraName = g().none();
        Stmt* extraFn = nullptr;
        auto et = c.extraLoopTest.find(s);
        if (et != c.extraLoopTest.end()) {
            std::string n = c.namer.newSymbol("extra_test", reserved);
            extraFn = g().def(n, {}, withDecls(bv, { g().ret(et->second) }));
            extraName = g().name(n);
        }
        std::string itr = c.namer.newSymbol("itr", reserved);
        std::string bodyName = c.namer.newSymbol("loop_body", reserved);
        Stmt* expand = g().assign(s->target, g().name(itr));
        expand->span = s->span;
        StmtList body{ expand };
        body.insert(body.end(), s->body.begin(), s->body.end());
        out.push_back(g().def(bodyName, { itr }, withDecls(bv, body)));
        if (extraFn) out.push_back(extraFn);
        StmtList und = undefinedAssigns(bv);
        out.insert(out.end(), und.begin(), und.end());
        Stmt* call = g().exprStmt(g().call(
            g().ag("for_stmt"),
            { s->iter, extraName, g().name(bodyName), g().name(getter), g().name(setter), symbolNames(bv), opts }));
        call->span = s->span;
        out.push_back(call);
        return out;
    }

    StmtList visit(Stmt* s);

    Dict* loopOptions(const Stmt* loop) {
        auto* d = g().arena.make<Dict>();
        auto it = c.loopOptions.find(loop);
        if (it != c.loopOptions.end())
            for (auto& [k, v] : it->second) {
                d->keys.push_back(g().str(k));
                d->values.push_back(v);
            }
        return d;
    }

    StmtList block(const StmtList& b) {
        StmtList out;
        for (auto* s : b) {
            StmtList r = visit(s);
            out.insert(out.end(), r.begin(), r.end());
        }
        return out;
    }
};

void controlFlowDef(Conversion& c, FunctionDef* fn);

StmtList CF::visit(Stmt* s) {
    switch (s->kind) {
    case NodeKind::If:
        return visitIf(static_cast<If*>(s));
    case NodeKind::While:
        return visitWhile(static_cast<While*>(s));
    case NodeKind::For:
        return visitFor(static_cast<For*>(s));
    case NodeKind::FunctionDef:
        controlFlowDef(c, static_cast<FunctionDef*>(s));
        return { s };
    case NodeKind::ClassDef:
        for (auto* x : static_cast<ClassDef*>(s)->body)
            if (x->kind == NodeKind::FunctionDef) controlFlowDef(c, static_cast<FunctionDef*>(x));
        return { s };
    default:
        for (auto* b : childBlocks(s)) *b = block(*b);
        return { s };
    }
}

void controlFlowDef(Conversion& c, FunctionDef* fn) {
    Analysis an = analyze(fn, c);
    CF cf{ c, an };
    fn->body = cf.block(fn->body);
}

// ----- expressions ------------------------------------------------------------------------------

void rewriteAll(Node* n, const std::function<void(Expr*&)>& f);

void rewriteExpr(Expr*& e, const std::function<void(Expr*&)>& f) {
    rewriteAll(e, f);
    f(e);
}

void rewriteAll(Node* n, const std::function<void(Expr*&)>& f) {
    forEachChildExpr(n, [&](Expr*& e) { rewriteExpr(e, f); });
    if (isStmtKind(n->kind))
        for (auto* b : childBlocks(static_cast<Stmt*>(n)))
            for (auto* s : *b) rewriteAll(s, f);
}

} // namespace

void controlFlowPass(Conversion& c, FunctionDef* fn) {
    controlFlowDef(c, fn);
}

void expressionsPass(Conversion& c, Node* fn) {
    Gen& g = c.gen;
    // Top-down, and AutoGraph does not look inside a conditional expression it converted.
    std::function<void(Node*)> condExps = [&](Node* n) {
        forEachChildExpr(n, [&](Expr*& e) {
            if (e->kind != NodeKind::IfExp) {
                condExps(e);
                return;
            }
            auto* x = static_cast<IfExp*>(e);
            e = g.call(g.ag("if_exp"),
                       { x->test, g.lambda0(x->body), g.lambda0(x->orelse), g.str(printExpr(x->test)) });
        });
        if (isStmtKind(n->kind))
            for (auto* b : childBlocks(static_cast<Stmt*>(n)))
                for (auto* s : *b) condExps(s);
    };
    condExps(fn);
    rewriteAll(fn, [&](Expr*& e) {
        if (e->kind == NodeKind::Compare) {
            auto* cmp = static_cast<Compare*>(e);
            if (cmp->ops.size() < 2) return;
            Expr* tree = nullptr;
            Expr* left = cmp->left;
            for (size_t i = 0; i < cmp->ops.size(); ++i) {
                auto* one = g.arena.make<Compare>();
                one->left = left;
                one->ops = { cmp->ops[i] };
                one->comparators = { cmp->comparators[i] };
                tree = tree ? static_cast<Expr*>(g.call(g.ag("and_"), { g.lambda0(tree), g.lambda0(one) })) : one;
                left = cmp->comparators[i];
            }
            e = tree;
        } else if (e->kind == NodeKind::UnaryOp && static_cast<UnaryOp*>(e)->op == UnaryOpKind::Not) {
            e = g.call(g.ag("not_"), { static_cast<UnaryOp*>(e)->operand });
        } else if (e->kind == NodeKind::BoolOp) {
            auto* b = static_cast<BoolOp*>(e);
            const char* fnName = b->op == BoolOpKind::And ? "and_" : "or_";
            Expr* right = b->values.back();
            for (size_t i = b->values.size() - 1; i-- > 0;)
                right = g.call(g.ag(fnName), { g.lambda0(b->values[i]), g.lambda0(right) });
            e = right;
        }
    });
}

void variablesPass(Conversion& c, FunctionDef* fn) {
    Gen& g = c.gen;
    std::unordered_set<const Node*> done;
    std::function<void(Node*)> visitNode;
    std::function<void(Expr*&)> visitExpr = [&](Expr*& e) {
        if (e->kind == NodeKind::Name) {
            auto* n = static_cast<Name*>(e);
            if (n->ctx == ExprContext::Load && n->span.line != 0) e = g.call(g.ag("ld"), { n });
            return;
        }
        if (!done.insert(e).second) return;
        visitNode(e);
    };
    std::function<void(StmtList&)> visitBlockFn = [&](StmtList& b) {
        StmtList out;
        for (auto* s : b) {
            if (s->kind == NodeKind::AugAssign && static_cast<AugAssign*>(s)->target->kind == NodeKind::Name) {
                auto* t = static_cast<Name*>(static_cast<AugAssign*>(s)->target);
                Stmt* load = g.assign(g.name(t->id, ExprContext::Store), g.call(g.ag("ld"), { g.name(t->id) }));
                load->span = s->span;
                out.push_back(load);
                out.push_back(s);
                continue;
            }
            if (s->kind == NodeKind::Delete) {
                auto* d = static_cast<Delete*>(s);
                ExprList rest;
                StmtList repl;
                for (auto* t : d->targets) {
                    if (t->kind == NodeKind::Name) {
                        const std::string& id = static_cast<Name*>(t)->id;
                        Stmt* u = g.assign(g.name(id, ExprContext::Store), g.call(g.ag("Undefined"), { g.str(id) }));
                        u->span = s->span;
                        repl.push_back(u);
                    } else {
                        visitExpr(t);
                        rest.push_back(t);
                    }
                }
                if (!repl.empty()) {
                    out.insert(out.end(), repl.begin(), repl.end());
                    if (!rest.empty()) {
                        d->targets = rest;
                        out.push_back(d);
                    }
                    continue;
                }
            }
            visitNode(s);
            out.push_back(s);
        }
        b = out;
    };
    visitNode = [&](Node* n) {
        if (n->kind == NodeKind::Try) { // AutoGraph leaves exception types as they are
            for (auto* b : childBlocks(static_cast<Stmt*>(n))) visitBlockFn(*b);
            return;
        }
        forEachChildExpr(n, visitExpr);
        if (isStmtKind(n->kind))
            for (auto* b : childBlocks(static_cast<Stmt*>(n))) visitBlockFn(*b);
    };
    visitNode(fn);
}

} // namespace graphlens::function::detail

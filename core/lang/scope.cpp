// Scope analysis: like CPython's symtable, in three steps:
//  1. collect: walk the tree, building a Scope per Module/FunctionDef/Lambda/ClassDef/
//     comprehension with symbol flags and the places that bind or use each name;
//  2. analyze: decide for each name whether it is local, cell, free, global or class-dynamic;
//  3. layout: assign local slots and cell indexes and write the results onto the AST.
#include "core/lang/scope.h"

#include <algorithm>
#include <memory>
#include <set>
#include <unordered_map>

#include "core/lang/lexer.h"

namespace graphlens::lang {

namespace {

enum : uint32_t {
    DefLocal = 1,
    DefParam = 2,
    DefGlobal = 4,
    DefNonlocal = 8,
    Use = 16,
    DefCompIter = 32,
};

struct Binding {
    std::string name;
    NameScope* scope;
    int* slot;
};

struct Scope {
    ScopeKind kind;
    ScopeInfo* info;
    Scope* parent = nullptr;
    std::string compName; // "list comprehension", ...
    std::unordered_map<std::string, uint32_t> flags;
    std::vector<std::string> order;  // first-seen order
    std::vector<std::string> params; // in slot order
    std::vector<Binding> bindings;
    std::vector<std::unique_ptr<Scope>> children;
    bool isGenerator = false;
    // analysis results
    std::unordered_map<std::string, NameScope> res;
    std::vector<std::string> freeOrder; // free (incl. pass-through) names
    std::set<std::string> freeSet;
    std::vector<std::string> cellOrder;
    std::unordered_map<std::string, int> localSlot, cellIndex;
    bool classCell = false;
    std::unordered_map<std::string, Span> declSpans;

    bool functionLike() const {
        return kind == ScopeKind::Function || kind == ScopeKind::Lambda || kind == ScopeKind::Comprehension;
    }
    uint32_t& sym(const std::string& n) {
        auto it = flags.find(n);
        if (it == flags.end()) {
            order.push_back(n);
            return flags[n];
        }
        return it->second;
    }
    void addFree(const std::string& n) {
        if (freeSet.insert(n).second) freeOrder.push_back(n);
    }
};

class Collector {
public:
    Collector(const SourceFile& src)
        : m_src(src) { }

    std::unique_ptr<Scope> run(Module* m) {
        auto root = std::make_unique<Scope>();
        root->kind = ScopeKind::Module;
        root->info = &m->scope;
        m->scope.explicitGlobals.clear();
        m_cur = root.get();
        for (Stmt* s : m->body) stmt(s);
        return root;
    }

private:
    [[noreturn]] void error(const std::string& msg, const Span& s) {
        raiseSyntaxError(m_src, SyntaxErrorKind::SyntaxError, msg, s.line, s.col, s.endLine, s.endCol);
    }

    void def(const std::string& n, const Span& where, NameScope* sc, int* slot) {
        uint32_t& f = m_cur->sym(n);
        (void)where;
        f |= DefLocal;
        if (sc) m_cur->bindings.push_back({ n, sc, slot });
    }

    void use(const std::string& n, NameScope* sc, int* slot) {
        m_cur->sym(n) |= Use;
        if (sc) m_cur->bindings.push_back({ n, sc, slot });
    }

    bool m_futureAnnotations = false; // `from __future__ import annotations` seen (PEP 563)

    Scope* push(ScopeKind kind, ScopeInfo* info) {
        auto s = std::make_unique<Scope>();
        s->kind = kind;
        s->info = info;
        info->explicitGlobals.clear();
        info->futureAnnotations = m_futureAnnotations;
        s->parent = m_cur;
        Scope* raw = s.get();
        m_cur->children.push_back(std::move(s));
        m_cur = raw;
        return raw;
    }
    void pop() { m_cur = m_cur->parent; }

    Scope* enclosingClass() {
        for (Scope* s = m_cur; s; s = s->parent)
            if (s->kind == ScopeKind::Class) return s;
        return nullptr;
    }

    void name(Name* n) {
        if (n->ctx == ExprContext::Load) {
            use(n->id, &n->scope, &n->slot);
            if (n->id == "super" && m_cur->functionLike() && enclosingClass()) m_cur->sym("__class__") |= Use;
        } else {
            def(n->id, n->span, &n->scope, &n->slot);
        }
    }

    void params(Arguments& a) {
        std::set<std::string> seen;
        auto add = [&](Arg& arg) {
            if (!seen.insert(arg.arg).second)
                error("duplicate argument '" + arg.arg + "' in function definition", arg.span);
            m_cur->sym(arg.arg) |= DefParam | DefLocal;
            m_cur->params.push_back(arg.arg);
            m_cur->bindings.push_back({ arg.arg, nullptr, &arg.slot });
        };
        for (Arg& x : a.posonlyargs) add(x);
        for (Arg& x : a.args) add(x);
        if (a.vararg) add(*a.vararg);
        for (Arg& x : a.kwonlyargs) add(x);
        if (a.kwarg) add(*a.kwarg);
    }

    void annotationsAndDefaults(Arguments& a) {
        for (Expr* d : a.defaults) expr(d);
        for (Expr* d : a.kwDefaults)
            if (d) expr(d);
        auto ann = [&](Arg& x) {
            if (x.annotation) expr(x.annotation);
        };
        for (Arg& x : a.posonlyargs) ann(x);
        for (Arg& x : a.args) ann(x);
        if (a.vararg) ann(*a.vararg);
        for (Arg& x : a.kwonlyargs) ann(x);
        if (a.kwarg) ann(*a.kwarg);
    }

    void body(StmtList& l) {
        for (Stmt* s : l) stmt(s);
    }

    void declare(const std::vector<std::string>& names, bool global, const Span& span) {
        for (const std::string& n : names) {
            if (!global && m_cur->kind == ScopeKind::Module)
                error("nonlocal declaration not allowed at module level", span);
            auto it = m_cur->flags.find(n);
            uint32_t f = it == m_cur->flags.end() ? 0 : it->second;
            const char* what = global ? "global" : "nonlocal";
            if (f & DefParam) error("name '" + n + "' is parameter and " + what, span);
            if ((f & DefNonlocal) && global) error("name '" + n + "' is nonlocal and global", span);
            if ((f & DefGlobal) && !global) error("name '" + n + "' is nonlocal and global", span);
            if (f & DefLocal) error("name '" + n + "' is assigned to before " + what + " declaration", span);
            if (f & Use) error("name '" + n + "' is used prior to " + what + " declaration", span);
            m_cur->sym(n) |= global ? DefGlobal : DefNonlocal;
            m_cur->declSpans.emplace(n, span);
            if (global) m_cur->info->explicitGlobals.push_back(n);
        }
    }

    void stmt(Stmt* s) {
        switch (s->kind) {
        case NodeKind::FunctionDef: {
            auto* f = static_cast<FunctionDef*>(s);
            for (Expr* d : f->decoratorList) expr(d);
            annotationsAndDefaults(f->args);
            if (f->returns) expr(f->returns);
            def(f->name, f->span, &f->nameScope, &f->nameSlot);
            int savedLoop = m_loopDepth;
            m_loopDepth = 0;
            push(ScopeKind::Function, &f->scope);
            params(f->args);
            body(f->body);
            pop();
            m_loopDepth = savedLoop;
            return;
        }
        case NodeKind::ClassDef: {
            auto* c = static_cast<ClassDef*>(s);
            for (Expr* d : c->decoratorList) expr(d);
            for (Expr* b : c->bases) expr(b);
            for (Keyword& k : c->keywords) expr(k.value);
            int savedLoop = m_loopDepth;
            m_loopDepth = 0;
            push(ScopeKind::Class, &c->scope);
            body(c->body);
            pop();
            m_loopDepth = savedLoop;
            def(c->name, c->span, &c->nameScope, &c->nameSlot);
            return;
        }
        case NodeKind::Return: {
            auto* r = static_cast<Return*>(s);
            if (!m_cur->functionLike()) error("'return' outside function", s->span);
            if (r->value) expr(r->value);
            return;
        }
        case NodeKind::Delete:
            for (Expr* t : static_cast<Delete*>(s)->targets) expr(t);
            return;
        case NodeKind::Assign: {
            auto* a = static_cast<Assign*>(s);
            expr(a->value);
            for (Expr* t : a->targets) expr(t);
            return;
        }
        case NodeKind::AugAssign: {
            auto* a = static_cast<AugAssign*>(s);
            expr(a->value);
            expr(a->target);
            return;
        }
        case NodeKind::AnnAssign: {
            auto* a = static_cast<AnnAssign*>(s);
            if (m_cur->kind == ScopeKind::Module || m_cur->kind == ScopeKind::Class) m_cur->info->hasAnnotations = true;
            if (a->value) expr(a->value);
            expr(a->annotation);
            if (is<Name>(a->target) && !a->value) {
                // `x: int` declares x local without binding it
                Name* n = as<Name>(a->target);
                def(n->id, n->span, &n->scope, &n->slot);
            } else {
                expr(a->target);
            }
            return;
        }
        case NodeKind::For: {
            auto* f = static_cast<For*>(s);
            expr(f->iter);
            expr(f->target);
            ++m_loopDepth;
            body(f->body);
            --m_loopDepth;
            body(f->orelse);
            return;
        }
        case NodeKind::While: {
            auto* w = static_cast<While*>(s);
            expr(w->test);
            ++m_loopDepth;
            body(w->body);
            --m_loopDepth;
            body(w->orelse);
            return;
        }
        case NodeKind::If: {
            auto* i = static_cast<If*>(s);
            expr(i->test);
            body(i->body);
            body(i->orelse);
            return;
        }
        case NodeKind::With: {
            auto* w = static_cast<With*>(s);
            for (WithItem& it : w->items) {
                expr(it.contextExpr);
                if (it.optionalVars) expr(it.optionalVars);
            }
            body(w->body);
            return;
        }
        case NodeKind::Raise: {
            auto* r = static_cast<Raise*>(s);
            if (r->exc) expr(r->exc);
            if (r->cause) expr(r->cause);
            return;
        }
        case NodeKind::Try: {
            auto* t = static_cast<Try*>(s);
            body(t->body);
            for (ExceptHandler& h : t->handlers) {
                if (h.type) expr(h.type);
                if (!h.name.empty()) def(h.name, h.span, &h.scope, &h.slot);
                body(h.body);
            }
            body(t->orelse);
            body(t->finalbody);
            return;
        }
        case NodeKind::Assert: {
            auto* a = static_cast<Assert*>(s);
            expr(a->test);
            if (a->msg) expr(a->msg);
            return;
        }
        case NodeKind::Import:
            for (Alias& a : static_cast<Import*>(s)->names) {
                std::string local = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
                def(local, a.span, &a.scope, &a.slot);
            }
            return;
        case NodeKind::ImportFrom:
            if (static_cast<ImportFrom*>(s)->module == "__future__")
                for (Alias& a : static_cast<ImportFrom*>(s)->names)
                    if (a.name == "annotations") m_futureAnnotations = m_cur->info->futureAnnotations = true;
            for (Alias& a : static_cast<ImportFrom*>(s)->names) {
                if (a.name == "*") {
                    if (m_cur->kind != ScopeKind::Module) error("import * only allowed at module level", s->span);
                    continue;
                }
                def(a.asname.empty() ? a.name : a.asname, a.span, &a.scope, &a.slot);
            }
            return;
        case NodeKind::Global:
            declare(static_cast<Global*>(s)->names, true, s->span);
            return;
        case NodeKind::Nonlocal:
            declare(static_cast<Nonlocal*>(s)->names, false, s->span);
            return;
        case NodeKind::ExprStmt:
            expr(static_cast<ExprStmt*>(s)->value);
            return;
        case NodeKind::Break:
            if (m_loopDepth == 0) error("'break' outside loop", s->span);
            return;
        case NodeKind::Continue:
            if (m_loopDepth == 0) error("'continue' not properly in loop", s->span);
            return;
        default:
            return;
        }
    }

    template<class C> void comprehension(C* c, const char* what, Expr* elt, Expr* value) {
        auto& gens = c->generators;
        expr(gens[0].iter); // evaluated in the enclosing scope
        int savedLoop = m_loopDepth;
        m_loopDepth = 0;
        Scope* sc = push(ScopeKind::Comprehension, &c->scope);
        sc->compName = what;
        sc->params.push_back(".0");
        sc->sym(".0") |= DefParam | DefLocal;
        for (size_t i = 0; i < gens.size(); ++i) {
            if (i > 0) expr(gens[i].iter);
            m_compTarget = true;
            expr(gens[i].target);
            m_compTarget = false;
            for (Expr* cond : gens[i].ifs) expr(cond);
        }
        if (elt) expr(elt);
        if (value) expr(value);
        pop();
        m_loopDepth = savedLoop;
    }

    void expr(Expr* e) {
        switch (e->kind) {
        case NodeKind::BoolOp:
            for (Expr* v : static_cast<BoolOp*>(e)->values) expr(v);
            return;
        case NodeKind::NamedExpr: {
            auto* n = static_cast<NamedExpr*>(e);
            expr(n->value);
            Name* t = as<Name>(n->target);
            if (m_cur->kind == ScopeKind::Comprehension) {
                // binds in the nearest enclosing non-comprehension scope
                auto it = m_cur->flags.find(t->id);
                if (it != m_cur->flags.end() && (it->second & DefCompIter))
                    error("assignment expression cannot rebind comprehension iteration variable '" + t->id + "'",
                          t->span);
                Scope* target = m_cur;
                while (target->kind == ScopeKind::Comprehension) target = target->parent;
                if (target->kind == ScopeKind::Class)
                    error("assignment expression within a comprehension cannot be used in a class body", e->span);
                uint32_t mark = target->kind == ScopeKind::Module ? DefGlobal : DefNonlocal;
                for (Scope* s = m_cur; s != target; s = s->parent) s->sym(t->id) |= mark;
                if (target->kind != ScopeKind::Module) target->sym(t->id) |= DefLocal;
                else {
                    auto& f = target->sym(t->id);
                    f |= DefLocal;
                }
                m_cur->bindings.push_back({ t->id, &t->scope, &t->slot });
            } else {
                name(t);
            }
            return;
        }
        case NodeKind::BinOp:
            expr(static_cast<BinOp*>(e)->left);
            expr(static_cast<BinOp*>(e)->right);
            return;
        case NodeKind::UnaryOp:
            expr(static_cast<UnaryOp*>(e)->operand);
            return;
        case NodeKind::Lambda: {
            auto* l = static_cast<Lambda*>(e);
            annotationsAndDefaults(l->args);
            int savedLoop = m_loopDepth;
            m_loopDepth = 0;
            push(ScopeKind::Lambda, &l->scope);
            params(l->args);
            expr(l->body);
            pop();
            m_loopDepth = savedLoop;
            return;
        }
        case NodeKind::IfExp: {
            auto* i = static_cast<IfExp*>(e);
            expr(i->test);
            expr(i->body);
            expr(i->orelse);
            return;
        }
        case NodeKind::Dict: {
            auto* d = static_cast<Dict*>(e);
            for (size_t i = 0; i < d->keys.size(); ++i) {
                if (d->keys[i]) expr(d->keys[i]);
                expr(d->values[i]);
            }
            return;
        }
        case NodeKind::Set:
            for (Expr* x : static_cast<Set*>(e)->elts) expr(x);
            return;
        case NodeKind::ListComp: {
            auto* c = static_cast<ListComp*>(e);
            comprehension(c, "list comprehension", c->elt, nullptr);
            return;
        }
        case NodeKind::SetComp: {
            auto* c = static_cast<SetComp*>(e);
            comprehension(c, "set comprehension", c->elt, nullptr);
            return;
        }
        case NodeKind::DictComp: {
            auto* c = static_cast<DictComp*>(e);
            comprehension(c, "dict comprehension", c->key, c->value);
            return;
        }
        case NodeKind::GeneratorExp: {
            auto* c = static_cast<GeneratorExp*>(e);
            comprehension(c, "generator expression", c->elt, nullptr);
            return;
        }
        case NodeKind::Yield:
        case NodeKind::YieldFrom: {
            if (m_cur->kind == ScopeKind::Comprehension) error("'yield' inside " + m_cur->compName, e->span);
            if (!m_cur->functionLike()) error("'yield' outside function", e->span);
            m_cur->isGenerator = true;
            Expr* v = e->kind == NodeKind::Yield ? static_cast<Yield*>(e)->value : static_cast<YieldFrom*>(e)->value;
            if (v) expr(v);
            return;
        }
        case NodeKind::Compare: {
            auto* c = static_cast<Compare*>(e);
            expr(c->left);
            for (Expr* x : c->comparators) expr(x);
            return;
        }
        case NodeKind::Call: {
            auto* c = static_cast<Call*>(e);
            expr(c->func);
            for (Expr* a : c->args) expr(a);
            for (Keyword& k : c->keywords) expr(k.value);
            return;
        }
        case NodeKind::FormattedValue: {
            auto* f = static_cast<FormattedValue*>(e);
            expr(f->value);
            if (f->formatSpec) expr(f->formatSpec);
            return;
        }
        case NodeKind::JoinedStr:
            for (Expr* x : static_cast<JoinedStr*>(e)->values) expr(x);
            return;
        case NodeKind::Attribute:
            expr(static_cast<Attribute*>(e)->value);
            return;
        case NodeKind::Subscript:
            expr(static_cast<Subscript*>(e)->value);
            expr(static_cast<Subscript*>(e)->slice);
            return;
        case NodeKind::Starred:
            expr(static_cast<Starred*>(e)->value);
            return;
        case NodeKind::Name: {
            auto* n = static_cast<Name*>(e);
            name(n);
            if (m_compTarget && n->ctx == ExprContext::Store) m_cur->sym(n->id) |= DefCompIter;
            return;
        }
        case NodeKind::List:
            for (Expr* x : static_cast<List*>(e)->elts) expr(x);
            return;
        case NodeKind::Tuple:
            for (Expr* x : static_cast<Tuple*>(e)->elts) expr(x);
            return;
        case NodeKind::Slice: {
            auto* s = static_cast<Slice*>(e);
            if (s->lower) expr(s->lower);
            if (s->upper) expr(s->upper);
            if (s->step) expr(s->step);
            return;
        }
        default:
            return;
        }
    }

    const SourceFile& m_src;
    Scope* m_cur = nullptr;
    int m_loopDepth = 0;
    bool m_compTarget = false;
};

// --- analysis

void analyze(Scope* s, const std::set<std::string>& bound, const SourceFile& src) {
    for (const std::string& n : s->order) {
        uint32_t f = s->flags[n];
        NameScope r;
        if (f & DefGlobal) {
            r = NameScope::GlobalExplicit;
        } else if (f & DefNonlocal) {
            if (!bound.count(n)) {
                Span sp = s->declSpans.count(n) ? s->declSpans[n] : Span{ 1, 0, 1, 0, 0, 0 };
                raiseSyntaxError(src, SyntaxErrorKind::SyntaxError, "no binding for nonlocal '" + n + "' found",
                                 sp.line, sp.col, sp.endLine, sp.endCol);
            }
            r = NameScope::Free;
        } else if (f & (DefLocal | DefParam)) {
            r = s->kind == ScopeKind::Module  ? NameScope::GlobalImplicit
                : s->kind == ScopeKind::Class ? NameScope::ClassName
                                              : NameScope::Local;
        } else if (s->kind != ScopeKind::Module && bound.count(n)) {
            r = s->kind == ScopeKind::Class ? NameScope::ClassDeref : NameScope::Free;
        } else {
            r = s->kind == ScopeKind::Class ? NameScope::ClassName : NameScope::GlobalImplicit;
        }
        s->res[n] = r;
        if (r == NameScope::Free || r == NameScope::ClassDeref) s->addFree(n);
    }
    std::set<std::string> childBound = bound;
    if (s->functionLike()) {
        for (const auto& [n, r] : s->res)
            if (r == NameScope::Local || r == NameScope::Free) childBound.insert(n);
            else if (r == NameScope::GlobalExplicit) childBound.erase(n);
    } else if (s->kind == ScopeKind::Class) {
        childBound.insert("__class__");
    }
    for (auto& c : s->children) {
        analyze(c.get(), childBound, src);
        for (const std::string& f : c->freeOrder) {
            auto it = s->res.find(f);
            if (s->kind == ScopeKind::Class && f == "__class__" &&
                !(it != s->res.end() && it->second == NameScope::Free)) {
                s->classCell = true;
                continue;
            }
            if (s->functionLike() && it != s->res.end() && it->second == NameScope::Local) {
                it->second = NameScope::Cell;
                continue;
            }
            if (s->functionLike() && it != s->res.end() && it->second == NameScope::Cell) continue;
            s->addFree(f); // pass-through
        }
    }
}

void layout(Scope* s, Scope* parent) {
    ScopeInfo& info = *s->info;
    info = ScopeInfo{ s->kind,
                      {},
                      {},
                      {},
                      {},
                      {},
                      info.explicitGlobals,
                      s->isGenerator,
                      false,
                      -1,
                      info.hasAnnotations,
                      info.futureAnnotations };
    if (s->functionLike()) {
        for (const std::string& p : s->params) {
            s->localSlot[p] = int(info.localNames.size());
            info.localNames.push_back(p);
        }
        for (const std::string& n : s->order)
            if (s->res[n] == NameScope::Local && !s->localSlot.count(n)) {
                s->localSlot[n] = int(info.localNames.size());
                info.localNames.push_back(n);
            }
        for (const std::string& n : s->order)
            if (s->res[n] == NameScope::Cell) {
                s->cellIndex[n] = int(info.cellvars.size());
                info.cellvars.push_back(n);
                auto it = s->localSlot.find(n);
                bool isParam = std::find(s->params.begin(), s->params.end(), n) != s->params.end();
                info.cellParamSlots.push_back(isParam && it != s->localSlot.end() ? it->second : -1);
                if (!isParam && it != s->localSlot.end()) s->localSlot.erase(it);
            }
    } else if (s->kind == ScopeKind::Class && s->classCell) {
        s->cellIndex["__class__"] = 0;
        info.cellvars.push_back("__class__");
        info.cellParamSlots.push_back(-1);
        info.hasClassCell = true;
        info.classCellIndex = 0;
    }
    for (const std::string& f : s->freeOrder) {
        if (s->cellIndex.count(f)) continue;
        s->cellIndex[f] = int(info.cellvars.size() + info.freevars.size());
        info.freevars.push_back(f);
        int src = -1;
        if (parent) {
            auto it = parent->cellIndex.find(f);
            if (it != parent->cellIndex.end()) src = it->second;
        }
        info.freeVarSources.push_back(src);
    }
    for (Binding& b : s->bindings) {
        NameScope r = s->res.count(b.name) ? s->res[b.name] : NameScope::GlobalImplicit;
        int slot = -1;
        if (r == NameScope::Local) {
            auto it = s->localSlot.find(b.name);
            slot = it != s->localSlot.end() ? it->second : -1;
        } else if (r == NameScope::Cell || r == NameScope::Free || r == NameScope::ClassDeref) {
            auto it = s->cellIndex.find(b.name);
            slot = it != s->cellIndex.end() ? it->second : -1;
        }
        if (b.scope) *b.scope = r;
        if (b.slot) *b.slot = (b.scope || r == NameScope::Local || r == NameScope::Cell) ? slot : -1;
        if (!b.scope && b.slot) *b.slot = s->localSlot.count(b.name) ? s->localSlot[b.name] : -1; // Arg
    }
    for (auto& c : s->children) layout(c.get(), s);
}

} // namespace

void resolveNames(Module* module, const SourceFile& source) {
    Collector col(source);
    std::unique_ptr<Scope> root = col.run(module);
    analyze(root.get(), {}, source);
    layout(root.get(), nullptr);
}

} // namespace graphlens::lang

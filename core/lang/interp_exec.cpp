// Statement execution, function calls and argument binding, class creation.
#include <algorithm>
#include <new>
#include <stdexcept>

#include "core/lang/interp_internal.h"
#include "core/lang/printer.h"

namespace graphlens::lang {

namespace {

StrObj* stmtName(const Node* n, const std::string& s) {
    return internName(n, s);
}

void storeScoped(Interpreter& in, Frame& f, NameScope scope, int slot, StrObj* key, const Value& v) {
    switch (scope) {
    case NameScope::Local:
        f.locals[slot] = v;
        return;
    case NameScope::Cell:
    case NameScope::Free:
        f.cells[slot].as<CellObj>()->value = v;
        return;
    case NameScope::ClassName:
    case NameScope::ClassDeref:
        if (f.classNs) {
            f.classNs->set(Value::object(key), v);
            return;
        }
        [[fallthrough]];
    case NameScope::Unresolved:
        if (f.classNs) {
            f.classNs->set(Value::object(key), v);
            return;
        }
        [[fallthrough]];
    default: {
        Value* slotv = f.globals->findStr(key);
        if (slotv) *slotv = v;
        else f.globals->set(Value::object(key), v);
        (void)in;
    }
    }
}

void unpack(Interpreter& in, Frame& f, const ExprList& elts, const Value& v) {
    std::vector<Value> items;
    if (v.isKind(ObjKind::Tuple)) items = v.as<TupleObj>()->items;
    else if (v.isKind(ObjKind::List) && !v.as<ListObj>()->attrs.isObj()) items = v.as<ListObj>()->items;
    else {
        try {
            items = in.toVector(v);
        } catch (PyError& e) {
            if (in.isInstance(e.exc, types().TypeError) && !in.lookupSpecial(v, "__iter__").isObj() && !v.isObj())
                raise(types().TypeError, std::string("cannot unpack non-iterable ") + typeName(in, v) + " object");
            throw;
        }
    }
    int star = -1;
    for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == NodeKind::Starred) star = int(i);
    if (star < 0) {
        if (items.size() > elts.size())
            raise(types().ValueError, "too many values to unpack (expected " + std::to_string(elts.size()) + ")");
        if (items.size() < elts.size())
            raise(types().ValueError,
                  "not enough values to unpack (expected " + std::to_string(elts.size()) + ", got " +
                      std::to_string(items.size()) + ")");
        for (size_t i = 0; i < elts.size(); ++i) assignTo(in, f, elts[i], items[i]);
        return;
    }
    size_t before = size_t(star), after = elts.size() - size_t(star) - 1;
    if (items.size() < before + after)
        raise(types().ValueError,
              "not enough values to unpack (expected at least " + std::to_string(before + after) + ", got " +
                  std::to_string(items.size()) + ")");
    for (size_t i = 0; i < before; ++i) assignTo(in, f, elts[i], items[i]);
    std::vector<Value> mid(items.begin() + long(before), items.end() - long(after));
    assignTo(in, f, static_cast<const Starred*>(elts[size_t(star)])->value, newList(std::move(mid)));
    for (size_t i = 0; i < after; ++i) assignTo(in, f, elts[before + 1 + i], items[items.size() - after + i]);
}

void deleteTarget(Interpreter& in, Frame& f, const Expr* t) {
    switch (t->kind) {
    case NodeKind::Name: {
        auto* n = static_cast<const Name*>(t);
        if (n->scope == NameScope::Local) {
            if (f.locals[n->slot].isUndef())
                raise(types().UnboundLocalError,
                      "cannot access local variable '" + n->id + "' where it is not associated with a value");
            f.locals[n->slot] = Value();
        } else if (n->scope == NameScope::Cell || n->scope == NameScope::Free) {
            f.cells[n->slot].as<CellObj>()->value = Value();
        } else {
            DictObj* d = (f.classNs && (n->scope == NameScope::ClassName || n->scope == NameScope::Unresolved))
                ? f.classNs
                : f.globals;
            if (!d->erase(Value::object(internName(n, n->id))))
                raise(types().NameError, "name '" + n->id + "' is not defined");
        }
        return;
    }
    case NodeKind::Subscript: {
        auto* s = static_cast<const Subscript*>(t);
        Value o = evalExpr(in, f, s->value);
        Value k = evalExpr(in, f, s->slice);
        in.delItem(o, k);
        return;
    }
    case NodeKind::Attribute: {
        auto* a = static_cast<const Attribute*>(t);
        Value o = evalExpr(in, f, a->value);
        in.delAttr(o, a->attr);
        return;
    }
    case NodeKind::Tuple:
        for (auto* e : static_cast<const Tuple*>(t)->elts) deleteTarget(in, f, e);
        return;
    case NodeKind::List:
        for (auto* e : static_cast<const List*>(t)->elts) deleteTarget(in, f, e);
        return;
    default:
        raise(types().SyntaxError, "cannot delete expression");
    }
}

bool matchesHandler(Interpreter& in, const Value& exc, const Value& type) {
    if (type.isKind(ObjKind::Tuple)) {
        for (auto& t : type.as<TupleObj>()->items)
            if (matchesHandler(in, exc, t)) return true;
        return false;
    }
    if (!type.isKind(ObjKind::Class) || !type.as<ClassObj>()->isSubclassOf(types().BaseException))
        raise(types().TypeError, "catching classes that do not inherit from BaseException is not allowed");
    return in.typeOf(exc)->isSubclassOf(type.as<ClassObj>());
}

struct HandlingGuard {
    Interpreter& in;
    size_t size;
    HandlingGuard(Interpreter& i, const Value& exc)
        : in(i)
        , size(InterpreterAccess::handling(i).size()) {
        InterpreterAccess::handling(in).push_back(exc);
    }
    ~HandlingGuard() {
        if (InterpreterAccess::handling(in).size() > size) InterpreterAccess::handling(in).resize(size);
    }
};

Flow execTryBody(Interpreter& in, Frame& f, const Try* t) {
    try {
        Flow fl = execBlock(in, f, t->body);
        if (fl != Flow::Normal) return fl;
    } catch (PyError& e) {
        addTraceback(e.exc, f);
        Value exc = e.exc;
        for (auto& h : t->handlers) {
            if (h.type) {
                Value ty = evalExpr(in, f, h.type);
                if (!matchesHandler(in, exc, ty)) continue;
            }
            HandlingGuard g(in, exc);
            StrObj* key = nullptr;
            if (!h.name.empty()) {
                key = stmtName(t, h.name); // note: one cached name per Try; names differ rarely
                if (key->s != h.name) key = nullptr;
                Value nm = key ? Value::object(key) : newStr(h.name);
                storeScoped(in, f, h.scope, h.slot, nm.as<StrObj>(), exc);
                Flow fl = execBlock(in, f, h.body);
                // CPython deletes the name at the end of the handler
                if (h.scope == NameScope::Local) f.locals[h.slot] = Value();
                else if (h.scope == NameScope::Cell || h.scope == NameScope::Free)
                    f.cells[h.slot].as<CellObj>()->value = Value();
                else (f.classNs ? f.classNs : f.globals)->erase(nm);
                return fl;
            }
            return execBlock(in, f, h.body);
        }
        throw;
    }
    return execBlock(in, f, t->orelse);
}

Flow execTry(Interpreter& in, Frame& f, const Try* t) {
    if (t->finalbody.empty()) return execTryBody(in, f, t);
    Flow result;
    try {
        result = execTryBody(in, f, t);
    } catch (PyError& e) {
        addTraceback(e.exc, f);
        Value exc = e.exc;
        Flow fl;
        {
            HandlingGuard g(in, exc);
            fl = execBlock(in, f, t->finalbody);
        }
        if (fl != Flow::Normal) return fl;
        throw;
    }
    Value saved = f.retval;
    Flow fl = execBlock(in, f, t->finalbody);
    if (fl != Flow::Normal) return fl;
    f.retval = saved;
    return result;
}

Value instantiateException(Interpreter& in, const Value& v) {
    if (v.isKind(ObjKind::Class) && v.as<ClassObj>()->isSubclassOf(types().BaseException))
        return in.call(v, nullptr, 0);
    if (in.isInstance(v, types().BaseException)) return v;
    raise(types().TypeError, "exceptions must derive from BaseException");
}

[[noreturn]] void execRaise(Interpreter& in, Frame& f, const Raise* r) {
    if (!r->exc) {
        if (InterpreterAccess::handling(in).empty()) raise(types().RuntimeError, "No active exception to reraise");
        throw PyError{ InterpreterAccess::handling(in).back() };
    }
    Value exc = instantiateException(in, evalExpr(in, f, r->exc));
    if (r->cause) {
        Value c = evalExpr(in, f, r->cause);
        auto* eo = exc.as<ExcObj>();
        if (c.isNone()) eo->cause = Value::none();
        else {
            if (c.isKind(ObjKind::Class) || in.isInstance(c, types().BaseException)) c = instantiateException(in, c);
            else raise(types().TypeError, "exception causes must derive from BaseException");
            eo->cause = c;
        }
        eo->suppressContext = true;
    }
    raiseValue(exc);
}

// Evaluates a decorator, or calls it, with the frame's traceback line at the decorator (CPython
// 3.11 reports errors there, not at the def / class line).
template<class F> Value atDecoratorLine(Interpreter&, Frame& f, const Expr* de, F&& fn) {
    const uint32_t saved = f.lineOverride;
    f.lineOverride = de->span.line;
    try {
        Value r = fn();
        f.lineOverride = saved;
        return r;
    } catch (PyError& e) {
        addTraceback(e.exc, f);
        f.lineOverride = saved;
        throw;
    }
}

Flow execWith(Interpreter& in, Frame& f, const With* w, size_t idx) {
    if (idx == w->items.size()) return execBlock(in, f, w->body);
    const WithItem& item = w->items[idx];
    Value mgr = evalExpr(in, f, item.contextExpr);
    Value enter = in.lookupSpecial(mgr, "__enter__");
    Value exit = in.lookupSpecial(mgr, "__exit__");
    if (enter.isUndef() || exit.isUndef())
        raise(types().TypeError,
              std::string("'") + typeName(in, mgr) + "' object does not support the context manager protocol");
    Value v = in.call(enter, nullptr, 0);
    if (item.optionalVars) assignTo(in, f, item.optionalVars, v);
    Flow fl;
    try {
        fl = execWith(in, f, w, idx + 1);
    } catch (PyError& e) {
        addTraceback(e.exc, f);
        f.curStmt = w; // __exit__ runs at the with statement's line, as in CPython
        Value exc = e.exc;
        bool swallow;
        {
            HandlingGuard g(in, exc);
            Value a[3] = { Value::object(in.typeOf(exc)), exc, exc };
            swallow = in.truthy(in.call(exit, a, 3));
        }
        if (swallow) return Flow::Normal;
        throw;
    }
    Value a[3] = { Value::none(), Value::none(), Value::none() };
    f.curStmt = w;
    in.call(exit, a, 3);
    return fl;
}

void execImport(Interpreter& in, Frame& f, const Stmt* s) {
    if (s->kind == NodeKind::Import) {
        for (auto& a : static_cast<const Import*>(s)->names) {
            Value m = in.importModule(a.name);
            std::string bind = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
            if (a.asname.empty() && a.name.find('.') != std::string::npos) m = in.importModule(bind);
            storeScoped(in, f, a.scope, a.slot, newStr(bind).as<StrObj>(), m);
        }
        return;
    }
    auto* imp = static_cast<const ImportFrom*>(s);
    if (imp->level > 0) raise(types().ImportError, "attempted relative import with no known parent package");
    Value m = in.importModule(imp->module);
    for (auto& a : imp->names) {
        if (a.name == "*") {
            // the module's __all__ when it has one, as CPython
            if (Value* all = m.as<ModuleObj>()->d()->findStr("__all__")) {
                for (auto& k : in.toVector(*all)) f.globals->set(k, in.getAttr(m, in.str(k)));
                continue;
            }
            m.as<ModuleObj>()->d()->forEach([&](const Value& k, const Value& v) {
                if (k.isKind(ObjKind::Str) && !k.as<StrObj>()->s.empty() && k.as<StrObj>()->s[0] != '_')
                    f.globals->set(k, v);
            });
            continue;
        }
        Value v;
        if (!in.getAttrOpt(m, a.name, v))
            raise(types().ImportError,
                  "cannot import name '" + a.name + "' from '" + imp->module + "' (unknown location)");
        Value key = newStr(a.asname.empty() ? a.name : a.asname);
        storeScoped(in, f, a.scope, a.slot, key.as<StrObj>(), v);
    }
}

inline Flow execFor(Interpreter& in, Frame& f, const For* s) {
    Value it = evalExpr(in, f, s->iter);
    bool broke = false;
    const Expr* tgt = s->target;
    bool simpleLocal = tgt->kind == NodeKind::Name && static_cast<const Name*>(tgt)->scope == NameScope::Local;
    int slot = simpleLocal ? static_cast<const Name*>(tgt)->slot : -1;
    auto body = [&](Value v) -> bool { // returns true to stop
        if (simpleLocal) f.locals[slot] = std::move(v);
        else assignTo(in, f, tgt, v);
        Flow fl = execBlock(in, f, s->body);
        if (fl == Flow::Break) {
            broke = true;
            return true;
        }
        if (fl == Flow::Return) return true;
        return false;
    };
    Flow ret = Flow::Normal;
    auto run = [&](Value v) -> bool {
        bool stop = body(std::move(v));
        if (stop && !broke) ret = Flow::Return;
        return stop;
    };
    if (it.isKind(ObjKind::Range) && !it.as<RangeObj>()->big()) {
        auto* r = it.as<RangeObj>();
        int64_t n = r->length();
        for (int64_t i = 0; i < n; ++i)
            if (run(Value::integer(r->start + i * r->step))) break;
    } else if (it.isKind(ObjKind::List) && !it.as<ListObj>()->attrs.isObj()) {
        auto* l = it.as<ListObj>();
        for (size_t i = 0; i < l->items.size(); ++i)
            if (run(l->items[i])) break;
    } else if (it.isKind(ObjKind::Tuple)) {
        auto* l = it.as<TupleObj>();
        for (size_t i = 0; i < l->items.size(); ++i)
            if (run(l->items[i])) break;
    } else {
        Value iter = in.iter(it);
        for (;;) {
            Value v = in.next(iter);
            if (v.isUndef()) break;
            if (run(std::move(v))) break;
        }
    }
    if (ret == Flow::Return) return Flow::Return;
    if (!broke && !s->orelse.empty()) return execBlock(in, f, s->orelse);
    return Flow::Normal;
}

Flow execStmt(Interpreter& in, Frame& f, const Stmt* s) {
    switch (s->kind) {
    case NodeKind::ExprStmt:
        evalExpr(in, f, static_cast<const ExprStmt*>(s)->value);
        return Flow::Normal;
    case NodeKind::Assign: {
        auto* a = static_cast<const Assign*>(s);
        Value v = evalExpr(in, f, a->value);
        for (auto* t : a->targets) assignTo(in, f, t, v);
        return Flow::Normal;
    }
    case NodeKind::AugAssign: {
        auto* a = static_cast<const AugAssign*>(s);
        const Expr* t = a->target;
        if (t->kind == NodeKind::Name) {
            auto* n = static_cast<const Name*>(t);
            Value cur = loadName(in, f, n);
            Value rhs = evalExpr(in, f, a->value);
            Value res;
            if (cur.isInt() && rhs.isInt()) {
                int64_t z;
                if (a->op == BinOpKind::Add && !__builtin_add_overflow(cur.asInt(), rhs.asInt(), &z))
                    res = Value::integer(z);
                else if (a->op == BinOpKind::Sub && !__builtin_sub_overflow(cur.asInt(), rhs.asInt(), &z))
                    res = Value::integer(z);
            }
            if (res.isUndef()) res = in.binaryOp(a->op, cur, rhs, true);
            cur = Value();
            assignTo(in, f, t, res);
        } else if (t->kind == NodeKind::Attribute) {
            auto* at = static_cast<const Attribute*>(t);
            Value obj = evalExpr(in, f, at->value);
            Value cur = in.getAttr(obj, at->attr);
            Value rhs = evalExpr(in, f, a->value);
            in.setAttr(obj, at->attr, in.binaryOp(a->op, cur, rhs, true));
        } else if (t->kind == NodeKind::Subscript) {
            auto* sub = static_cast<const Subscript*>(t);
            Value obj = evalExpr(in, f, sub->value);
            Value key = evalExpr(in, f, sub->slice);
            Value cur = in.getItem(obj, key);
            Value rhs = evalExpr(in, f, a->value);
            in.setItem(obj, key, in.binaryOp(a->op, cur, rhs, true));
        } else {
            raise(types().SyntaxError, "illegal expression for augmented assignment");
        }
        return Flow::Normal;
    }
    case NodeKind::AnnAssign: {
        auto* a = static_cast<const AnnAssign*>(s);
        if (a->value) assignTo(in, f, a->target, evalExpr(in, f, a->value));
        // Module and class bodies evaluate the annotation after the assignment and record a simple
        // name's in __annotations__; function bodies never evaluate it.
        if (!f.func) {
            Value ann = f.scope && f.scope->futureAnnotations ? newStr(printExpr(a->annotation))
                                                              : evalExpr(in, f, a->annotation);
            if (a->simple && a->target->kind == NodeKind::Name) {
                DictObj* ns = f.classNs ? f.classNs : f.globals;
                Value* d = ns->findStr("__annotations__");
                if (!d) {
                    ns->setStr("__annotations__", newDict());
                    d = ns->findStr("__annotations__");
                }
                Value dict = *d;
                in.setItem(dict, newStr(static_cast<const Name*>(a->target)->id), ann);
            }
        }
        return Flow::Normal;
    }
    case NodeKind::Return: {
        auto* r = static_cast<const Return*>(s);
        f.retval = r->value ? evalExpr(in, f, r->value) : Value::none();
        return Flow::Return;
    }
    case NodeKind::If: {
        auto* i = static_cast<const If*>(s);
        Value t = evalExpr(in, f, i->test);
        bool b = t.isBool() ? t.asBool() : in.truthy(t);
        return execBlock(in, f, b ? i->body : i->orelse);
    }
    case NodeKind::While: {
        auto* w = static_cast<const While*>(s);
        for (;;) {
            Value t = evalExpr(in, f, w->test);
            bool b = t.isBool() ? t.asBool() : in.truthy(t);
            if (!b) break;
            Flow fl = execBlock(in, f, w->body);
            if (fl == Flow::Break) return Flow::Normal;
            if (fl == Flow::Return) return fl;
            in.step();
        }
        return execBlock(in, f, w->orelse);
    }
    case NodeKind::For:
        return execFor(in, f, static_cast<const For*>(s));
    case NodeKind::Pass:
        return Flow::Normal;
    case NodeKind::Break:
        return Flow::Break;
    case NodeKind::Continue:
        return Flow::Continue;
    case NodeKind::FunctionDef: {
        auto* d = static_cast<const FunctionDef*>(s);
        std::vector<Value> decos;
        for (auto* de : d->decoratorList)
            decos.push_back(atDecoratorLine(in, f, de, [&] { return evalExpr(in, f, de); }));
        Value fn = makeFunction(in, f, d, d->name, d->args, d->scope);
        for (size_t i = decos.size(); i-- > 0;)
            fn = atDecoratorLine(in, f, d->decoratorList[i], [&] { return in.call(decos[i], &fn, 1); });
        storeScoped(in, f, d->nameScope, d->nameSlot, stmtName(d, d->name), fn);
        return Flow::Normal;
    }
    case NodeKind::ClassDef: {
        auto* d = static_cast<const ClassDef*>(s);
        std::vector<Value> decos;
        for (auto* de : d->decoratorList)
            decos.push_back(atDecoratorLine(in, f, de, [&] { return evalExpr(in, f, de); }));
        Value c = buildClass(in, f, d);
        for (size_t i = decos.size(); i-- > 0;)
            c = atDecoratorLine(in, f, d->decoratorList[i], [&] { return in.call(decos[i], &c, 1); });
        storeScoped(in, f, d->nameScope, d->nameSlot, stmtName(d, d->name), c);
        return Flow::Normal;
    }
    case NodeKind::Try:
        return execTry(in, f, static_cast<const Try*>(s));
    case NodeKind::Raise:
        execRaise(in, f, static_cast<const Raise*>(s));
    case NodeKind::Assert: {
        auto* a = static_cast<const Assert*>(s);
        if (!in.truthy(evalExpr(in, f, a->test))) {
            if (a->msg) {
                Value m = evalExpr(in, f, a->msg);
                raiseValue(in.call(Value::object(types().AssertionError), &m, 1));
            }
            raiseValue(in.call(Value::object(types().AssertionError), nullptr, 0));
        }
        return Flow::Normal;
    }
    case NodeKind::With:
        return execWith(in, f, static_cast<const With*>(s), 0);
    case NodeKind::Delete:
        for (auto* t : static_cast<const Delete*>(s)->targets) deleteTarget(in, f, t);
        return Flow::Normal;
    case NodeKind::Import:
    case NodeKind::ImportFrom:
        execImport(in, f, s);
        return Flow::Normal;
    case NodeKind::Global:
    case NodeKind::Nonlocal:
        return Flow::Normal;
    default:
        raise(types().NotImplementedError, std::string("unsupported statement ") + nodeKindName(s->kind));
    }
}

} // namespace

Flow execBlock(Interpreter& in, Frame& f, const StmtList& body) {
    for (const Stmt* s : body) {
        f.curStmt = s;
        in.step();
        if (detail::tl_heap && detail::tl_heap->due()) detail::tl_heap->collect();
        if (in.statementHook()) in.statementHook()(f, *s);
        Flow fl;
        try {
            fl = execStmt(in, f, s);
        } catch (const std::bad_alloc&) { // an allocation failure outside native calls (operators, displays)
            memExceeded();
        } catch (const std::length_error&) {
            memExceeded();
        }
        if (fl != Flow::Normal) return fl;
    }
    return Flow::Normal;
}

void assignTo(Interpreter& in, Frame& f, const Expr* t, const Value& v) {
    switch (t->kind) {
    case NodeKind::Name: {
        auto* n = static_cast<const Name*>(t);
        if (n->scope == NameScope::Local) {
            f.locals[n->slot] = v;
            return;
        }
        storeScoped(in, f, n->scope, n->slot, internName(n, n->id), v);
        return;
    }
    case NodeKind::Attribute: {
        auto* a = static_cast<const Attribute*>(t);
        Value o = evalExpr(in, f, a->value);
        in.setAttr(o, a->attr, v);
        return;
    }
    case NodeKind::Subscript: {
        auto* s = static_cast<const Subscript*>(t);
        Value o = evalExpr(in, f, s->value);
        Value k = evalExpr(in, f, s->slice);
        if (o.isKind(ObjKind::List) && k.isInt() && !o.as<ListObj>()->attrs.isObj()) {
            auto& items = o.as<ListObj>()->items;
            int64_t i = k.asInt();
            if (i < 0) i += int64_t(items.size());
            if (i >= 0 && i < int64_t(items.size())) {
                items[size_t(i)] = v;
                return;
            }
        }
        in.setItem(o, k, v);
        return;
    }
    case NodeKind::Tuple:
        unpack(in, f, static_cast<const Tuple*>(t)->elts, v);
        return;
    case NodeKind::List:
        unpack(in, f, static_cast<const List*>(t)->elts, v);
        return;
    case NodeKind::Starred:
        assignTo(in, f, static_cast<const Starred*>(t)->value, v);
        return;
    default:
        raise(types().SyntaxError, "cannot assign to expression");
    }
}

} // namespace graphlens::lang

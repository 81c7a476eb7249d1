// Function objects, calls, argument binding, comprehensions, classes.
#include <algorithm>
#include <new>
#include <stdexcept>

#include "core/lang/interp_internal.h"
#include "core/util/error.h"

namespace graphlens::lang {

FuncObj::FuncObj()
    : Object(ObjKind::Func, types().function) { }

Value ExecutionContext::callFunction(Interpreter& in, FuncObj* f, CallArgs& args) {
    return in.callFunction(f, args);
}

Value makeFunction(Interpreter& in, Frame& f, const Node* def, const std::string& name, const Arguments& args,
                   const ScopeInfo& scope) {
    auto* fn = new FuncObj();
    Value hold = Value::adopt(fn);
    fn->name = name;
    if (f.classQualname) fn->qualname = *f.classQualname + "." + name;
    else if (f.func) fn->qualname = f.func->qualname + ".<locals>." + name;
    else fn->qualname = name;
    fn->def = def;
    fn->args = &args;
    fn->scope = &scope;
    if (def->kind == NodeKind::FunctionDef) fn->body = &static_cast<const FunctionDef*>(def)->body;
    else fn->lambdaBody = static_cast<const Lambda*>(def)->body;
    for (auto* d : args.defaults) fn->defaults.push_back(evalExpr(in, f, d));
    for (auto* d : args.kwDefaults) fn->kwDefaults.push_back(d ? evalExpr(in, f, d) : Value());
    if (def->kind == NodeKind::FunctionDef)
        fn->annotations = evalFunctionAnnotations(in, f, static_cast<const FunctionDef*>(def));
    for (int src : scope.freeVarSources) fn->closure.push_back(f.cells[src]);
    fn->globals = Value::object(f.globals);
    fn->source = f.source;
    fn->nposonly = int(args.posonlyargs.size());
    fn->npos = fn->nposonly + int(args.args.size());
    fn->nkwonly = int(args.kwonlyargs.size());
    fn->hasVarargs = args.vararg.has_value();
    fn->hasKwargs = args.kwarg.has_value();
    fn->isGenerator = scope.isGenerator;
    return hold;
}

static const std::string& paramName(const FuncObj* fn, int i) {
    const Arguments& a = *fn->args;
    if (i < fn->nposonly) return a.posonlyargs[size_t(i)].arg;
    return a.args[size_t(i - fn->nposonly)].arg;
}

static std::string joinNames(const std::vector<std::string>& names) {
    std::string s;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        s += "'" + names[i] + "'";
    }
    return s;
}

void bindArguments(Interpreter& in, FuncObj* fn, CallArgs& a, Value* locals) {
    (void)in;
    const int npos = fn->npos;
    const size_t n = a.n;
    if (!a.hasKw() && int(n) == npos && !fn->hasVarargs && !fn->hasKwargs && fn->nkwonly == 0) {
        for (size_t i = 0; i < n; ++i) locals[i] = a.args[i];
        return;
    }
    const std::string& q = fn->qualname;
    if (int(n) > npos && !fn->hasVarargs) {
        int ndef = int(fn->defaults.size());
        size_t kwGiven = 0;
        if (a.kw)
            for (auto& kv : *a.kw)
                for (auto& k : fn->args->kwonlyargs)
                    if (k.arg == kv.first) ++kwGiven;
        std::string takes;
        if (ndef > 0)
            takes = "from " + std::to_string(npos - ndef) + " to " + std::to_string(npos) + " positional arguments";
        else takes = std::to_string(npos) + " positional argument" + (npos == 1 ? "" : "s");
        std::string given = std::to_string(n) + (n == 1 ? " was" : " were");
        if (kwGiven)
            given = std::to_string(n) + " positional argument" + (n == 1 ? "" : "s") + " (and " +
                std::to_string(kwGiven) + " keyword-only argument" + (kwGiven == 1 ? "" : "s") + ") were";
        raise(types().TypeError, q + "() takes " + takes + " but " + given + " given");
    }
    size_t ncopy = std::min(n, size_t(npos));
    for (size_t i = 0; i < ncopy; ++i) locals[i] = a.args[i];
    int slot = npos;
    if (fn->hasVarargs) {
        std::vector<Value> extra;
        for (size_t i = ncopy; i < n; ++i) extra.push_back(a.args[i]);
        locals[slot++] = newTuple(std::move(extra));
    }
    int kwonlyBase = slot;
    slot += fn->nkwonly;
    Value kwdict;
    if (fn->hasKwargs) {
        kwdict = newDict();
        locals[slot] = kwdict;
    }
    if (a.kw) {
        for (auto& kv : *a.kw) {
            const std::string& k = kv.first;
            int found = -1;
            for (int i = fn->nposonly; i < npos; ++i)
                if (paramName(fn, i) == k) {
                    found = i;
                    break;
                }
            if (found < 0)
                for (int i = 0; i < fn->nkwonly; ++i)
                    if (fn->args->kwonlyargs[size_t(i)].arg == k) {
                        found = kwonlyBase + i;
                        break;
                    }
            if (found < 0) {
                if (fn->hasKwargs) {
                    kwdict.as<DictObj>()->set(newStr(k), kv.second);
                    continue;
                }
                for (int i = 0; i < fn->nposonly; ++i)
                    if (paramName(fn, i) == k)
                        raise(types().TypeError,
                              q + "() got some positional-only arguments passed as keyword arguments: '" + k + "'");
                raise(types().TypeError, q + "() got an unexpected keyword argument '" + k + "'");
            }
            if (!locals[found].isUndef())
                raise(types().TypeError, q + "() got multiple values for argument '" + k + "'");
            locals[found] = kv.second;
        }
    }
    int ndef = int(fn->defaults.size());
    std::vector<std::string> missing;
    for (int i = int(ncopy); i < npos; ++i) {
        if (!locals[i].isUndef()) continue;
        int di = i - (npos - ndef);
        if (di >= 0) locals[i] = fn->defaults[size_t(di)];
        else missing.push_back(paramName(fn, i));
    }
    if (!missing.empty())
        raise(types().TypeError,
              q + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                  (missing.size() == 1 ? "" : "s") + ": " + joinNames(missing));
    for (int i = 0; i < fn->nkwonly; ++i) {
        Value& v = locals[kwonlyBase + i];
        if (!v.isUndef()) continue;
        if (!fn->kwDefaults[size_t(i)].isUndef()) v = fn->kwDefaults[size_t(i)];
        else missing.push_back(fn->args->kwonlyargs[size_t(i)].arg);
    }
    if (!missing.empty())
        raise(types().TypeError,
              q + "() missing " + std::to_string(missing.size()) + " required keyword-only argument" +
                  (missing.size() == 1 ? "" : "s") + ": " + joinNames(missing));
}

namespace {
struct StackFrameGuard {
    Interpreter& in;
    size_t sp, n;
    Frame* prev;
    StackFrameGuard(Interpreter& i, size_t count)
        : in(i)
        , sp(InterpreterAccess::impl(i).sp)
        , n(count)
        , prev(InterpreterAccess::frame(i)) {
        auto& I = InterpreterAccess::impl(in);
        if (I.sp + n > I.stackSize) InterpreterAccess::recursionError(in);
        I.sp += n;
        ++InterpreterAccess::depth(in);
    }
    ~StackFrameGuard() {
        auto& I = InterpreterAccess::impl(in);
        for (size_t k = 0; k < n; ++k) I.stack[sp + k] = Value();
        I.sp = sp;
        --InterpreterAccess::depth(in);
        InterpreterAccess::frame(in) = prev;
    }
    Value* base() { return InterpreterAccess::impl(in).stack + sp; }
};

} // namespace

void addTraceback(Value& exc, const Frame& fr) {
    if (!exc.isObj() || !fr.curStmt) return;
    auto* e = static_cast<ExcObj*>(exc.obj());
    if (e->lastTbFrame == &fr) return;
    e->lastTbFrame = &fr;
    e->tb.push_back(
        TracebackEntry{ fr.source, fr.lineOverride ? fr.lineOverride : fr.curStmt->span.line, std::string(fr.name) });
}

static Value makeGenFunction(Interpreter& in, FuncObj* fn, CallArgs& a) {
    const ScopeInfo& sc = *fn->scope;
    size_t nl = size_t(sc.numLocals()), nc = size_t(sc.numCells());
    auto store = std::make_shared<std::vector<Value>>(nl + nc);
    Value* locals = store->data();
    bindArguments(in, fn, a, locals);
    Value* cells = locals + nl;
    size_t ncv = sc.cellvars.size();
    for (size_t i = 0; i < ncv; ++i) {
        auto* c = new CellObj();
        cells[i] = Value::adopt(c);
        int ps = sc.cellParamSlots.empty() ? -1 : sc.cellParamSlots[i];
        if (ps >= 0) c->value = locals[ps];
    }
    for (size_t i = 0; i < fn->closure.size(); ++i) cells[ncv + i] = fn->closure[i];
    Value fnHold = Value::object(fn);
    return makeGenerator(fn->name, fn->qualname, [store, fnHold, nl](Interpreter& inn) -> Value {
        FuncObj* f = fnHold.as<FuncObj>();
        Frame fr;
        fr.back = InterpreterAccess::frame(inn);
        fr.func = f;
        fr.scope = f->scope;
        fr.locals = store->data();
        fr.cells = store->data() + nl;
        fr.globals = f->globals.as<DictObj>();
        fr.source = f->source;
        fr.name = f->name;
        InterpreterAccess::frame(inn) = &fr;
        genSetFrame(&fr);
        try {
            Flow fl = execBlock(inn, fr, *f->body);
            return fl == Flow::Return ? fr.retval : Value::none();
        } catch (PyError& e) {
            addTraceback(e.exc, fr);
            throw;
        }
    });
}

Value Interpreter::callFunction(FuncObj* fn, CallArgs& a) {
    if (m_depth + 1 >= m_limits.recursionLimit) recursionError();
    checkNativeStack();
    step();
    if (fn->isGenerator) return makeGenFunction(*this, fn, a);
    const ScopeInfo& sc = *fn->scope;
    size_t nl = size_t(sc.numLocals()), nc = size_t(sc.numCells());
    StackFrameGuard g(*this, nl + nc);
    Value* locals = g.base();
    Value* cells = locals + nl;
    bindArguments(*this, fn, a, locals);
    size_t ncv = sc.cellvars.size();
    for (size_t i = 0; i < ncv; ++i) {
        auto* c = new CellObj();
        cells[i] = Value::adopt(c);
        int ps = sc.cellParamSlots.empty() ? -1 : sc.cellParamSlots[i];
        if (ps >= 0) c->value = locals[ps];
    }
    for (size_t i = 0; i < fn->closure.size(); ++i) cells[ncv + i] = fn->closure[i];
    Frame fr;
    fr.back = m_frame;
    fr.func = fn;
    fr.scope = &sc;
    fr.locals = locals;
    fr.cells = cells;
    fr.globals = fn->globals.as<DictObj>();
    fr.source = fn->source;
    fr.name = fn->name;
    m_frame = &fr;
    try {
        if (fn->lambdaBody) return evalExpr(*this, fr, fn->lambdaBody);
        fr.curStmt = nullptr;
        Flow fl = execBlock(*this, fr, *fn->body);
        if (fl == Flow::Return) return std::move(fr.retval);
        return Value::none();
    } catch (PyError& e) {
        if (fn->lambdaBody && !fr.curStmt) {
            auto* ex = static_cast<ExcObj*>(e.exc.obj());
            ex->tb.push_back(TracebackEntry{ fr.source, fn->lambdaBody->span.line, fn->name });
        } else {
            addTraceback(e.exc, fr);
        }
        throw;
    }
}

// A builtin type's method called through the type (`str.lower(x)`, `map(str.lower, xs)`): its
// C++ body assumes the receiver's kind, so check it as CPython's method descriptors do.
static void checkReceiver(Interpreter& in, const BuiltinObj* b, const Value* args, size_t n) {
    ClassObj* owner = b->owner;
    if (n == 0) raise(types().TypeError, "unbound method " + owner->name + "." + b->name + "() needs an argument");
    ClassObj* t = in.typeOf(args[0]);
    if (t->isSubclassOf(owner)) return;
    if (owner->instanceKind != ObjKind::Instance && args[0].isObj() && args[0].obj()->kind == owner->instanceKind)
        return;
    raise(types().TypeError,
          "descriptor '" + b->name + "' for '" + owner->name + "' objects doesn't apply to a '" + t->name + "' object");
}

// The one boundary where native functions (builtins, builtin methods, type constructors,
// extension functions) are called: an allocation failure in native code (std::bad_alloc, or the
// std::length_error of a size no string or vector can have) becomes MemoryError there, never
// the end of the process. Native work that polled the script's limits (util::checkInterrupt in
// a kernel) and found one passed ends the script as the interpreter's own check would.
template<class F> static Value callNative(F&& f) {
    try {
        return f();
    } catch (const std::bad_alloc&) {
        memExceeded();
    } catch (const std::length_error&) {
        memExceeded();
    } catch (const graphlens::Cancelled&) {
        throwCancelled();
    } catch (const graphlens::LimitExceeded&) {
        if (Interpreter* in = currentInterpreter()) in->checkLimits(); // TimeoutError with its message
        throwCancelled(); // not reached: the deadline that stopped the kernel is the script's too
    }
}

Value Interpreter::call(const Value& f, const Value* args, size_t n,
                        const std::vector<std::pair<std::string, Value>>* kw) {
    if (!f.isObj()) raise(types().TypeError, std::string("'") + typeOf(f)->name + "' object is not callable");
    Object* o = f.obj();
    switch (o->kind) {
    case ObjKind::Func: {
        CallArgs ca{ args, n, kw };
        return m_ctx->callFunction(*this, static_cast<FuncObj*>(o), ca);
    }
    case ObjKind::Builtin: {
        auto* b = static_cast<BuiltinObj*>(o);
        step();
        if (!b->self.isUndef()) {
            std::vector<Value> v;
            v.reserve(n + 1);
            v.push_back(b->self);
            for (size_t i = 0; i < n; ++i) v.push_back(args[i]);
            CallArgs ca{ v.data(), v.size(), kw };
            return callNative([&] { return b->fn(*this, ca); });
        }
        if (b->owner) {
            // a builtin int/float/str method on (or given) instances of Python subclasses of those
            // types: on the values they stand for
            if (b->owner == types().int_ || b->owner == types().float_ || b->owner == types().str) {
                bool boxed = false;
                for (size_t i = 0; i < n && !boxed; ++i) boxed = boxedBase(args[i]) != nullptr;
                if (boxed) [[unlikely]] {
                    std::vector<Value> v(args, args + n);
                    for (auto& x : v) x = unboxed(x);
                    return call(f, v.data(), n, kw);
                }
            }
            checkReceiver(*this, b, args, n);
        }
        CallArgs ca{ args, n, kw };
        return callNative([&] { return b->fn(*this, ca); });
    }
    case ObjKind::BoundMethod: {
        auto* m = static_cast<BoundMethodObj*>(o);
        Value buf[8];
        if (n + 1 <= 8) {
            buf[0] = m->self;
            for (size_t i = 0; i < n; ++i) buf[i + 1] = args[i];
            Value func = m->func;
            return call(func, buf, n + 1, kw);
        }
        std::vector<Value> v;
        v.push_back(m->self);
        for (size_t i = 0; i < n; ++i) v.push_back(args[i]);
        Value func = m->func;
        return call(func, v.data(), v.size(), kw);
    }
    case ObjKind::Class: {
        CallArgs ca{ args, n, kw };
        Value hold = f;
        // a metaclass's own __call__ (type.__call__, the builtin, is callClass itself)
        if (static_cast<ClassObj*>(o)->metaHold.isObj())
            if (Value* mc = o->cls->lookup("__call__"); mc && !mc->isKind(ObjKind::Builtin)) {
                std::vector<Value> v{ f };
                v.insert(v.end(), args, args + n);
                Value mcv = *mc;
                return call(mcv, v.data(), v.size(), kw);
            }
        return callNative([&] { return callClass(*this, static_cast<ClassObj*>(o), ca); });
    }
    case ObjKind::StaticMethod: {
        Value fn = static_cast<WrapperObj*>(o)->func;
        return call(fn, args, n, kw);
    }
    default: {
        Value c = lookupSpecial(f, "__call__");
        if (c.isUndef()) raise(types().TypeError, std::string("'") + typeOf(f)->name + "' object is not callable");
        return call(c, args, n, kw);
    }
    }
}

// ---------------------------------------------------------------------------------------------
// Comprehensions

namespace {
struct CompCtx {
    Interpreter& in;
    Frame& fr;
    const std::vector<Comprehension>& gens;
    const Expr* elt;
    const Expr* key;
    NodeKind kind;
    Value result;
};

void compLoop(CompCtx& c, size_t gi, const Value& firstIter) {
    const Comprehension& g = c.gens[gi];
    Value src = gi == 0 ? firstIter : evalExpr(c.in, c.fr, g.iter);
    c.in.forEach(src, [&](const Value& v) {
        assignTo(c.in, c.fr, g.target, v);
        for (auto* cond : g.ifs)
            if (!c.in.truthy(evalExpr(c.in, c.fr, cond))) return;
        if (gi + 1 < c.gens.size()) {
            compLoop(c, gi + 1, Value());
            return;
        }
        c.in.step();
        switch (c.kind) {
        case NodeKind::GeneratorExp:
            genYield(c.in, evalExpr(c.in, c.fr, c.elt));
            break;
        case NodeKind::ListComp: {
            auto* l = c.result.as<ListObj>();
            l->push(evalExpr(c.in, c.fr, c.elt));
            break;
        }
        case NodeKind::SetComp:
            c.result.as<SetObj>()->add(evalExpr(c.in, c.fr, c.elt));
            break;
        default: {
            Value k = evalExpr(c.in, c.fr, c.key);
            Value v2 = evalExpr(c.in, c.fr, c.elt);
            c.result.as<DictObj>()->set(k, v2);
        }
        }
    });
}
} // namespace

Value runComprehension(Interpreter& in, Frame& f, const Expr* e) {
    const std::vector<Comprehension>* gens;
    const ScopeInfo* sc;
    const Expr* elt;
    const Expr* key = nullptr;
    const char* name;
    switch (e->kind) {
    case NodeKind::ListComp: {
        auto* x = static_cast<const ListComp*>(e);
        gens = &x->generators;
        sc = &x->scope;
        elt = x->elt;
        name = "<listcomp>";
        break;
    }
    case NodeKind::SetComp: {
        auto* x = static_cast<const SetComp*>(e);
        gens = &x->generators;
        sc = &x->scope;
        elt = x->elt;
        name = "<setcomp>";
        break;
    }
    case NodeKind::DictComp: {
        auto* x = static_cast<const DictComp*>(e);
        gens = &x->generators;
        sc = &x->scope;
        elt = x->value;
        key = x->key;
        name = "<dictcomp>";
        break;
    }
    default: {
        auto* x = static_cast<const GeneratorExp*>(e);
        gens = &x->generators;
        sc = &x->scope;
        elt = x->elt;
        name = "<genexpr>";
        break;
    }
    }
    Value first = evalExpr(in, f, (*gens)[0].iter);
    if (e->kind == NodeKind::GeneratorExp) {
        Value firstIt = in.iter(first);
        std::vector<Value> freeCells;
        for (size_t i = 0; i < sc->freevars.size(); ++i) freeCells.push_back(f.cells[sc->freeVarSources[i]]);
        Value globalsHold = Value::object(f.globals);
        auto source = f.source;
        const Expr* eltE = elt;
        return makeGenerator("<genexpr>", "<genexpr>", [=](Interpreter& inn) -> Value {
            size_t nl = size_t(sc->numLocals()), nc = size_t(sc->numCells());
            std::vector<Value> store(nl + nc);
            Value* cells = store.data() + nl;
            for (size_t i = 0; i < sc->cellvars.size(); ++i) cells[i] = Value::adopt(new CellObj());
            for (size_t i = 0; i < freeCells.size(); ++i) cells[sc->cellvars.size() + i] = freeCells[i];
            Frame fr;
            fr.back = InterpreterAccess::frame(inn);
            fr.scope = sc;
            fr.locals = store.data();
            fr.cells = cells;
            fr.globals = globalsHold.as<DictObj>();
            fr.source = source;
            fr.name = "<genexpr>";
            InterpreterAccess::frame(inn) = &fr;
            genSetFrame(&fr);
            CompCtx c{ inn, fr, *gens, eltE, nullptr, NodeKind::GeneratorExp, Value() };
            try {
                compLoop(c, 0, firstIt);
            } catch (PyError& ex) {
                addTraceback(ex.exc, fr);
                throw;
            }
            return Value::none();
        });
    }
    if (InterpreterAccess::depth(in) >= in.limits().recursionLimit) InterpreterAccess::recursionError(in);
    size_t nl = size_t(sc->numLocals()), nc = size_t(sc->numCells());
    StackFrameGuard g(in, nl + nc);
    Value* locals = g.base();
    Value* cells = locals + nl;
    for (size_t i = 0; i < sc->cellvars.size(); ++i) cells[i] = Value::adopt(new CellObj());
    for (size_t i = 0; i < sc->freevars.size(); ++i) cells[sc->cellvars.size() + i] = f.cells[sc->freeVarSources[i]];
    Frame fr;
    fr.back = &f;
    fr.func = f.func;
    fr.scope = sc;
    fr.locals = locals;
    fr.cells = cells;
    fr.globals = f.globals;
    fr.source = f.source;
    fr.name = name;
    fr.curStmt = f.curStmt;
    fr.classQualname = nullptr;
    InterpreterAccess::frame(in) = &fr;
    CompCtx c{ in, fr, *gens, elt, key, e->kind, Value() };
    if (e->kind == NodeKind::ListComp) c.result = newList();
    else if (e->kind == NodeKind::SetComp) c.result = newSet();
    else c.result = newDict();
    try {
        compLoop(c, 0, first);
    } catch (PyError& ex) {
        addTraceback(ex.exc, fr);
        throw;
    }
    return c.result;
}

// ---------------------------------------------------------------------------------------------
// Classes

std::vector<ClassObj*> computeMro(ClassObj* c) {
    std::vector<std::vector<ClassObj*>> seqs;
    for (ClassObj* b : c->bases) seqs.push_back(b->mro);
    seqs.push_back(c->bases);
    std::vector<ClassObj*> out{ c };
    for (;;) {
        bool any = false;
        for (auto& s : seqs)
            if (!s.empty()) any = true;
        if (!any) return out;
        ClassObj* cand = nullptr;
        for (auto& s : seqs) {
            if (s.empty()) continue;
            ClassObj* h = s[0];
            bool inTail = false;
            for (auto& s2 : seqs)
                if (std::find(s2.begin() + (s2.empty() ? 0 : 1), s2.end(), h) != s2.end()) {
                    inTail = true;
                    break;
                }
            if (!inTail) {
                cand = h;
                break;
            }
        }
        if (!cand) {
            std::string names;
            for (size_t i = 0; i < c->bases.size(); ++i) names += (i ? ", " : "") + c->bases[i]->name;
            raise(types().TypeError, "Cannot create a consistent method resolution order (MRO) for bases " + names);
        }
        out.push_back(cand);
        for (auto& s : seqs)
            if (!s.empty() && s[0] == cand) s.erase(s.begin());
    }
}

Value buildClass(Interpreter& in, Frame& f, const ClassDef* cd) {
    std::vector<Value> origBases, bases;
    for (auto* b : cd->bases) origBases.push_back(evalExpr(in, f, b));
    bool replaced = false;
    for (auto& v : origBases) {
        if (v.isKind(ObjKind::Class)) {
            bases.push_back(v);
            continue;
        }
        // a base that is not a class names its replacements (typing.Generic[T], ...)
        Value me;
        if (!in.getAttrOpt(v, "__mro_entries__", me)) raise(types().TypeError, "bases must be types");
        Value ob = newTuple(origBases);
        Value r = in.call(me, &ob, 1);
        if (!r.isKind(ObjKind::Tuple)) raise(types().TypeError, "__mro_entries__ must return a tuple");
        for (auto& x : r.as<TupleObj>()->items) bases.push_back(x);
        replaced = true;
    }
    Value meta;
    KwList kw;
    for (auto& k : cd->keywords) {
        Value v = evalExpr(in, f, k.value);
        if (!k.arg.empty()) {
            kw.emplace_back(k.arg, v);
            continue;
        }
        Value keys = in.callMethod(v, "keys", nullptr, 0);
        for (auto& key : in.toVector(keys)) kw.emplace_back(in.str(key), in.getItem(v, key));
    }
    for (size_t i = 0; i < kw.size(); ++i)
        if (kw[i].first == "metaclass") {
            meta = kw[i].second;
            kw.erase(kw.begin() + long(i));
            break;
        }
    // a metaclass that is not a class is any callable, called as it is
    ClassObj* winner = nullptr;
    if (meta.isUndef()) winner = calculateMeta(types().type, bases);
    else if (meta.isKind(ObjKind::Class)) winner = calculateMeta(meta.as<ClassObj>(), bases);
    const bool plain = winner == types().type;
    Value metaV = winner ? Value::object(winner) : meta;
    Value ns;
    if (!plain) {
        Value prep;
        if (in.getAttrOpt(metaV, "__prepare__", prep)) {
            Value args[2] = { newStr(cd->name), newTuple(bases) };
            ns = in.call(prep, args, 2, &kw);
            if (!ns.isKind(ObjKind::Dict))
                raise(types().TypeError,
                      "__prepare__() must return a dict in GraphLens (got '" + in.typeOf(ns)->name + "')");
        }
    }
    if (ns.isUndef()) ns = newDict();
    std::string qual;
    if (f.classQualname) qual = *f.classQualname + "." + cd->name;
    else if (f.func) qual = f.func->qualname + ".<locals>." + cd->name;
    else qual = cd->name;
    // run the body
    const ScopeInfo& sc = cd->scope;
    size_t nl = size_t(sc.numLocals()), nc = size_t(sc.numCells());
    Value classCell;
    {
        StackFrameGuard g(in, nl + nc);
        Value* locals = g.base();
        Value* cells = locals + nl;
        for (size_t i = 0; i < sc.cellvars.size(); ++i) cells[i] = Value::adopt(new CellObj());
        for (size_t i = 0; i < sc.freevars.size(); ++i) cells[sc.cellvars.size() + i] = f.cells[sc.freeVarSources[i]];
        Frame fr;
        fr.back = &f;
        fr.scope = &sc;
        fr.locals = locals;
        fr.cells = cells;
        fr.globals = f.globals;
        fr.classNs = ns.as<DictObj>();
        fr.source = f.source;
        fr.name = cd->name;
        fr.classQualname = &qual;
        // the defining module's name: a class of a standard module written in Python is io.X
        Value* modName = f.globals ? f.globals->findStr("__name__") : nullptr;
        DictObj* nsd = ns.as<DictObj>();
        nsd->setStr("__module__", modName && modName->isKind(ObjKind::Str) ? *modName : newStr("__main__"));
        nsd->setStr("__qualname__", newStr(qual));
        if (!cd->body.empty() && cd->body[0]->kind == NodeKind::ExprStmt) {
            auto* ex = static_cast<const ExprStmt*>(cd->body[0])->value;
            if (ex->kind == NodeKind::Constant && static_cast<const Constant*>(ex)->value == ConstKind::Str)
                nsd->setStr("__doc__", newStr(static_cast<const Constant*>(ex)->s));
        }
        setupAnnotations(&sc, nsd);
        InterpreterAccess::frame(in) = &fr;
        try {
            execBlock(in, fr, cd->body);
        } catch (PyError& e) {
            if (fr.curStmt)
                static_cast<ExcObj*>(e.exc.obj())
                    ->tb.push_back(TracebackEntry{ fr.source, fr.curStmt->span.line, cd->name });
            throw;
        }
        if (sc.hasClassCell && sc.classCellIndex >= 0) classCell = cells[sc.classCellIndex];
    }
    if (replaced) ns.as<DictObj>()->setStr("__orig_bases__", newTuple(origBases));
    Value clsv;
    if (plain) {
        clsv = makeClass(in, types().type, cd->name, bases, ns, kw.empty() ? nullptr : &kw);
    } else {
        Value args[3] = { newStr(cd->name), newTuple(bases), ns };
        clsv = in.call(metaV, args, 3, &kw);
    }
    if (classCell.isObj()) classCell.as<CellObj>()->value = clsv;
    return clsv;
}

Value callClass(Interpreter& in, ClassObj* c, CallArgs& a) {
    // OSError(errno, ...) itself is the subclass for that errno (FileNotFoundError, ...)
    if (c == types().EnvironmentError && a.n >= 2 && a[0].isInt()) c = osErrorSubclass(a[0].asInt());
    // builtin type constructors
    bool nativeNew = false;
    for (ClassObj* m : c->mro) {
        if (!m->builtin) continue;
        if (m == types().object || m->isException) break;
        auto it = InterpreterAccess::impl(in).ctors.find(m);
        if (it != InterpreterAccess::impl(in).ctors.end()) {
            if (m != c) {
                if (m == types().type) return callMetaclass(in, c, a);
                // collections.namedtuple classes (and Python subclasses of them) subclass
                // tuple natively: the namedtuple's own __new__ makes the instance.
                for (ClassObj* k : c->mro) {
                    if (k == m) break;
                    Value* own = k->d()->findStr("__new__");
                    if (own && own->isKind(ObjKind::Builtin)) nativeNew = true;
                }
                if (nativeNew) break;
                if (m == types().dict || m == types().list) return callBuiltinSubclass(in, c, m, a);
                if (m == types().int_ || m == types().float_ || m == types().str) return callBoxedSubclass(in, c, m, a);
                raise(types().TypeError,
                      "subclassing builtin type '" + m->name + "' is not supported by GraphLens yet");
            }
            // int(x) and float(x) of an int/float/str subclass instance: of the value it stands for
            if (a.n >= 1 && (m == types().int_ || m == types().float_) && boxedBase(a[0])) {
                std::vector<Value> args(a.args, a.args + a.n);
                args[0] = unboxed(args[0]);
                CallArgs ua{ args.data(), args.size(), a.kw };
                return it->second(in, ua);
            }
            return it->second(in, a);
        }
        break;
    }
    // object.__new__ refuses classes with abstract methods left (abc.ABCMeta sets them)
    if (c->metaHold.isObj())
        if (Value* am = c->d()->findStr("__abstractmethods__"); am && in.truthy(*am)) {
            Value names = newList(in.toVector(*am));
            in.callMethod(names, "sort", nullptr, 0);
            std::string joined;
            for (auto& n : names.as<ListObj>()->items) joined += (joined.empty() ? "" : ", ") + in.str(n);
            raise(types().TypeError,
                  "Can't instantiate abstract class " + c->name + " with abstract method" +
                      (names.as<ListObj>()->items.size() > 1 ? "s " : " ") + joined);
        }
    Value inst;
    Value* newFn = c->lookup("__new__");
    if (newFn && (newFn->isKind(ObjKind::Func) || newFn->isKind(ObjKind::StaticMethod) || nativeNew)) {
        std::vector<Value> args{ Value::object(c) };
        for (size_t i = 0; i < a.n; ++i) args.push_back(a.args[i]);
        Value fnv = newFn->isKind(ObjKind::StaticMethod) ? newFn->as<WrapperObj>()->func : *newFn;
        inst = in.call(fnv, args.data(), args.size(), a.kw);
        if (!in.isInstance(inst, c)) return inst;
    } else if (c->isException) {
        auto* e = new ExcObj(c);
        inst = Value::adopt(e);
        std::vector<Value> args(a.args, a.args + a.n);
        e->args = newTuple(std::move(args));
    } else {
        inst = Value::adopt(new InstanceObj(c));
    }
    Value* init = c->lookup("__init__");
    // Native __init__s run too, except object's and BaseException's (the exception's args are set
    // above): an embedder's exception class (tf.errors.OpError) takes its own arguments.
    static const Object* const baseExceptionInit = types().BaseException->lookup("__init__")->obj();
    const bool runInit =
        init && (!init->isKind(ObjKind::Builtin) || (c->isException && init->obj() != baseExceptionInit));
    if (runInit) {
        Value buf[8];
        std::vector<Value> big;
        Value* p = buf;
        if (a.n + 1 > 8) {
            big.resize(a.n + 1);
            p = big.data();
        }
        p[0] = inst;
        for (size_t i = 0; i < a.n; ++i) p[i + 1] = a.args[i];
        Value initFn = *init;
        Value r = in.call(initFn, p, a.n + 1, a.kw);
        if (!r.isNone())
            raise(types().TypeError, std::string("__init__() should return None, not '") + typeName(in, r) + "'");
    } else if (!c->isException && !newFn && (a.n > 0 || a.hasKw())) {
        raise(types().TypeError, c->name + "() takes no arguments");
    }
    return inst;
}

} // namespace graphlens::lang

// Expression evaluation for the tree-walking interpreter.
#include <cmath>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {

Value* lookupInterned(ClassObj* c, StrObj* nm) {
    for (ClassObj* k : c->mro)
        if (Value* v = k->d()->findStr(nm)) return v;
    return nullptr;
}

// Inline argument buffer: slot 0 is reserved for a method's self.
struct ArgBuf {
    Value inl[8];
    std::vector<Value> heap;
    size_t n = 1;
    bool useHeap = false;
    Value* data() { return useHeap ? heap.data() : inl; }
    void push(Value v) { // the common case stays small enough to be inlined into evalCall
        if (!useHeap && n < 8) {
            inl[n++] = std::move(v);
            return;
        }
        pushHeap(std::move(v));
    }
    [[gnu::noinline]] void pushHeap(Value v) {
        if (!useHeap) {
            heap.reserve(16);
            for (size_t i = 0; i < n; ++i) heap.push_back(std::move(inl[i]));
            useHeap = true;
        }
        heap.push_back(std::move(v));
        ++n;
    }
};

const Value& constantValue(const Constant* c) {
    if (c->userData) return *static_cast<Value*>(c->userData);
    Value v;
    switch (c->value) {
    case ConstKind::None:
        v = Value::none();
        break;
    case ConstKind::True:
        v = Value::boolean(true);
        break;
    case ConstKind::False:
        v = Value::boolean(false);
        break;
    case ConstKind::Ellipsis:
        v = types().Ellipsis;
        break;
    case ConstKind::Int:
        v = Value::integer(c->i);
        break;
    case ConstKind::BigInt: { // decimal digits, or a huge literal in its own base ("0x...")
        std::string_view s = c->s;
        int base = 10;
        if (s.size() > 2 && s[0] == '0' && (s[1] < '0' || s[1] > '9')) {
            char p = char(s[1] | 0x20);
            base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
            s.remove_prefix(2);
        }
        v = bigFromString(s, base, false);
        break;
    }
    case ConstKind::Float:
        v = Value::flt(c->f);
        break;
    case ConstKind::Imag:
        v = newComplex(std::complex<double>(0.0, c->f));
        break;
    case ConstKind::Str:
        v = newStr(c->s);
        break;
    case ConstKind::Bytes:
        v = Value::adopt(new BytesObj(c->s));
        break;
    }
    auto* mem = detail::tl_mem;
    detail::tl_mem = nullptr; // constants belong to the AST, not to the script's memory budget
    auto* p = new Value(v);
    detail::tl_mem = mem;
    c->userData = p;
    c->userDataRelease = [](void* data) {
        MemAccount* m = detail::tl_mem;
        detail::tl_mem = nullptr;
        delete static_cast<Value*>(data);
        detail::tl_mem = m;
    };
    return *p;
}

Value evalCall(Interpreter& in, Frame& f, const Call* c) {
    ArgBuf args;
    Value func;
    bool haveSelf = false;
    if (c->func->kind == NodeKind::Attribute) {
        auto* at = static_cast<const Attribute*>(c->func);
        Value obj = evalExpr(in, f, at->value);
        StrObj* nm = internName(at, at->attr);
        if (obj.isKind(ObjKind::Instance)) {
            auto* inst = obj.as<InstanceObj>();
            if (Value* v = inst->d()->findStr(nm)) {
                func = *v;
            } else if (Value* cv = lookupInterned(inst->cls, nm); cv && cv->isKind(ObjKind::Func)) {
                func = *cv;
                haveSelf = true;
                args.inl[0] = obj;
            } else {
                func = in.getAttr(obj, nm->s);
            }
        } else if (obj.isObj() && obj.obj()->kind != ObjKind::Class && obj.obj()->kind != ObjKind::Module &&
                   obj.obj()->kind != ObjKind::Native && obj.obj()->kind != ObjKind::Super) {
            Value* cv = lookupInterned(obj.obj()->cls, nm);
            if (cv && cv->isKind(ObjKind::Builtin) && cv->as<BuiltinObj>()->isMethod) {
                func = *cv;
                haveSelf = true;
                args.inl[0] = obj;
            } else {
                func = in.getAttr(obj, nm->s);
            }
        } else {
            func = in.getAttr(obj, nm->s);
        }
    } else {
        func = evalExpr(in, f, c->func);
    }
    for (const Expr* a : c->args) {
        if (a->kind == NodeKind::Starred) {
            Value seq = evalExpr(in, f, static_cast<const Starred*>(a)->value);
            try {
                in.forEach(seq, [&](const Value& v) { args.push(v); });
            } catch (PyError& e) {
                if (in.isInstance(e.exc, types().TypeError) && !seq.isObj()) {
                    // CPython: "f() argument after * must be an iterable, not int"
                    raise(types().TypeError,
                          std::string("Value after * must be an iterable, not ") + typeName(in, seq));
                }
                throw;
            }
        } else {
            args.push(evalExpr(in, f, a));
        }
    }
    std::vector<std::pair<std::string, Value>> kw;
    if (!c->keywords.empty()) {
        for (auto& k : c->keywords) {
            Value v = evalExpr(in, f, k.value);
            if (k.arg.empty()) {
                if (!v.isKind(ObjKind::Dict))
                    raise(types().TypeError,
                          std::string("argument after ** must be a mapping, not ") + typeName(in, v));
                v.as<DictObj>()->forEach([&](const Value& key, const Value& val) {
                    if (!key.isKind(ObjKind::Str)) raise(types().TypeError, "keywords must be strings");
                    kw.emplace_back(key.as<StrObj>()->s, val);
                });
            } else {
                kw.emplace_back(k.arg, std::move(v));
            }
        }
    }
    Value* base = args.data();
    size_t n = args.n;
    if (!haveSelf) {
        ++base;
        --n;
    }
    return in.call(func, base, n, kw.empty() ? nullptr : &kw);
}

Value evalCompare(Interpreter& in, Frame& f, const Compare* c) {
    Value left = evalExpr(in, f, c->left);
    for (size_t i = 0; i < c->ops.size(); ++i) {
        Value right = evalExpr(in, f, c->comparators[i]);
        CmpOpKind op = c->ops[i];
        Value r;
        if (left.isInt() && right.isInt()) {
            int64_t a = left.asInt(), b = right.asInt();
            bool res = false;
            switch (op) {
            case CmpOpKind::Eq:
            case CmpOpKind::Is:
                res = a == b;
                break;
            case CmpOpKind::NotEq:
            case CmpOpKind::IsNot:
                res = a != b;
                break;
            case CmpOpKind::Lt:
                res = a < b;
                break;
            case CmpOpKind::LtE:
                res = a <= b;
                break;
            case CmpOpKind::Gt:
                res = a > b;
                break;
            case CmpOpKind::GtE:
                res = a >= b;
                break;
            default:
                r = in.compare(op, left, right);
                break;
            }
            if (r.isUndef()) r = Value::boolean(res);
        } else {
            r = in.compare(op, left, right);
        }
        if (i + 1 == c->ops.size()) return r;
        if (!in.truthy(r)) return r;
        left = std::move(right);
    }
    return Value::none();
}

Value evalJoined(Interpreter& in, Frame& f, const JoinedStr* j) {
    std::string out;
    for (const Expr* part : j->values) {
        if (part->kind == NodeKind::Constant) {
            out += static_cast<const Constant*>(part)->s;
            continue;
        }
        auto* fv = static_cast<const FormattedValue*>(part);
        Value v = evalExpr(in, f, fv->value);
        if (fv->conversion == 'r') v = newStr(in.repr(v));
        else if (fv->conversion == 's') v = newStr(in.str(v));
        else if (fv->conversion == 'a') v = newStr(asciiRepr(in.repr(v)));
        std::string spec;
        if (fv->formatSpec) {
            Value sv = evalExpr(in, f, fv->formatSpec);
            spec = sv.as<StrObj>()->s;
        }
        if (spec.empty() && v.isKind(ObjKind::Str)) out += v.as<StrObj>()->s;
        else out += in.format(v, spec);
    }
    return newStr(std::move(out));
}

Value evalSubscript(Interpreter& in, Frame& f, const Subscript* s) {
    Value obj = evalExpr(in, f, s->value);
    Value key = evalExpr(in, f, s->slice);
    if (obj.isKind(ObjKind::List) && key.isInt() && !obj.as<ListObj>()->attrs.isObj()) {
        auto& items = obj.as<ListObj>()->items;
        int64_t i = key.asInt();
        if (i < 0) i += int64_t(items.size());
        if (i >= 0 && i < int64_t(items.size())) return items[size_t(i)];
    }
    return in.getItem(obj, key);
}

} // namespace

StrObj* internName(const Node* n, const std::string& s) {
    if (n->userData) return static_cast<StrObj*>(n->userData);
    auto* mem = detail::tl_mem;
    detail::tl_mem = nullptr;
    auto* so = new StrObj(s);
    detail::tl_mem = mem;
    incref(so); // owned by the AST node
    so->hashCache = hashString(so->s);
    n->userData = so;
    n->userDataRelease = [](void* data) {
        MemAccount* m = detail::tl_mem;
        detail::tl_mem = nullptr;
        decref(static_cast<StrObj*>(data));
        detail::tl_mem = m;
    };
    return so;
}

[[noreturn]] static void nameError(Interpreter& in, const std::string& id) {
    (void)in;
    static const char* const forbidden[] = { "eval",       "exec",       "compile", "input",
                                             "breakpoint", "__import__", "globals", "locals" };
    for (const char* fb : forbidden) {
        if (id == fb)
            raise(types().NameError,
                  "name '" + id +
                      "' is not defined (not available in GraphLens scripts: no console or "
                      "dynamic code access)");
    }
    raise(types().NameError, "name '" + id + "' is not defined");
}

Value loadName(Interpreter& in, Frame& f, const Name* n) {
    switch (n->scope) {
    case NameScope::Local: {
        const Value& v = f.locals[n->slot];
        if (v.isUndef())
            raise(types().UnboundLocalError,
                  "cannot access local variable '" + n->id + "' where it is not associated with a value");
        return v;
    }
    case NameScope::Cell:
    case NameScope::Free: {
        const Value& v = f.cells[n->slot].as<CellObj>()->value;
        if (v.isUndef()) {
            if (n->scope == NameScope::Free)
                raise(types().NameError,
                      "cannot access free variable '" + n->id +
                          "' where it is not associated with a value in "
                          "enclosing scope");
            raise(types().UnboundLocalError,
                  "cannot access local variable '" + n->id + "' where it is not associated with a value");
        }
        return v;
    }
    case NameScope::ClassDeref: {
        StrObj* key = internName(n, n->id);
        if (f.classNs)
            if (Value* v = f.classNs->findStr(key)) return *v;
        const Value& v = f.cells[n->slot].as<CellObj>()->value;
        if (v.isUndef()) nameError(in, n->id);
        return v;
    }
    case NameScope::ClassName:
    case NameScope::Unresolved:
        if (f.classNs) {
            StrObj* key = internName(n, n->id);
            if (Value* v = f.classNs->findStr(key)) return *v;
        }
        [[fallthrough]];
    default: {
        StrObj* key = internName(n, n->id);
        if (Value* v = f.globals->findStr(key)) return *v;
        if (Value* v = in.builtins()->findStr(key)) return *v;
        nameError(in, n->id);
    }
    }
}

Value evalExpr(Interpreter& in, Frame& f, const Expr* e) {
    switch (e->kind) {
    case NodeKind::Constant:
        return constantValue(static_cast<const Constant*>(e));
    case NodeKind::Name: {
        auto* n = static_cast<const Name*>(e);
        if (n->scope == NameScope::Local) {
            const Value& v = f.locals[n->slot];
            if (!v.isUndef()) return v;
        }
        return loadName(in, f, n);
    }
    case NodeKind::BinOp: {
        auto* b = static_cast<const BinOp*>(e);
        Value l = evalExpr(in, f, b->left);
        Value r = evalExpr(in, f, b->right);
        if (l.isInt() && r.isInt()) {
            int64_t x = l.asInt(), y = r.asInt(), z;
            switch (b->op) {
            case BinOpKind::Add:
                if (!__builtin_add_overflow(x, y, &z)) return Value::integer(z);
                break;
            case BinOpKind::Sub:
                if (!__builtin_sub_overflow(x, y, &z)) return Value::integer(z);
                break;
            case BinOpKind::Mult:
                if (!__builtin_mul_overflow(x, y, &z)) return Value::integer(z);
                break;
            case BinOpKind::BitAnd:
                return Value::integer(x & y);
            case BinOpKind::BitOr:
                return Value::integer(x | y);
            case BinOpKind::BitXor:
                return Value::integer(x ^ y);
            default:
                break;
            }
        } else if (l.isFloat() && r.isFloat()) {
            double x = l.asFloat(), y = r.asFloat();
            switch (b->op) {
            case BinOpKind::Add:
                return Value::flt(x + y);
            case BinOpKind::Sub:
                return Value::flt(x - y);
            case BinOpKind::Mult:
                return Value::flt(x * y);
            default:
                break;
            }
        }
        return in.binaryOp(b->op, l, r);
    }
    case NodeKind::Call:
        InterpreterAccess::checkNativeStack(in);
        return evalCall(in, f, static_cast<const Call*>(e));
    case NodeKind::Compare:
        return evalCompare(in, f, static_cast<const Compare*>(e));
    case NodeKind::Attribute: {
        auto* a = static_cast<const Attribute*>(e);
        Value obj = evalExpr(in, f, a->value);
        StrObj* nm = internName(a, a->attr);
        if (obj.isKind(ObjKind::Instance)) {
            auto* inst = obj.as<InstanceObj>();
            if (Value* v = inst->d()->findStr(nm)) {
                // a data descriptor on the class would win; properties are rare on hot paths
                if (!inst->cls->hasDataDescriptors) return *v;
                Value* cv = lookupInterned(inst->cls, nm);
                if (!cv || (!cv->isKind(ObjKind::Property) && !isDataDescriptor(*cv))) return *v;
            }
        }
        return in.getAttr(obj, nm->s);
    }
    case NodeKind::Subscript:
        return evalSubscript(in, f, static_cast<const Subscript*>(e));
    case NodeKind::BoolOp: {
        auto* b = static_cast<const BoolOp*>(e);
        Value v;
        for (size_t i = 0; i < b->values.size(); ++i) {
            v = evalExpr(in, f, b->values[i]);
            if (i + 1 == b->values.size()) break;
            bool t = in.truthy(v);
            if (b->op == BoolOpKind::And ? !t : t) break;
        }
        return v;
    }
    case NodeKind::UnaryOp: {
        auto* u = static_cast<const UnaryOp*>(e);
        Value v = evalExpr(in, f, u->operand);
        if (u->op == UnaryOpKind::Not) return Value::boolean(!in.truthy(v));
        if (u->op == UnaryOpKind::USub && v.isInt() && v.asInt() != INT64_MIN) return Value::integer(-v.asInt());
        return in.unaryOp(u->op, v);
    }
    case NodeKind::IfExp: {
        auto* c = static_cast<const IfExp*>(e);
        return in.truthy(evalExpr(in, f, c->test)) ? evalExpr(in, f, c->body) : evalExpr(in, f, c->orelse);
    }
    case NodeKind::List:
    case NodeKind::Tuple:
    case NodeKind::Set: {
        const ExprList& elts = e->kind == NodeKind::List ? static_cast<const List*>(e)->elts
            : e->kind == NodeKind::Tuple                 ? static_cast<const Tuple*>(e)->elts
                                                         : static_cast<const Set*>(e)->elts;
        CountedValues counted; // a starred iterable counts against the memory cap as it grows
        counted.reserveMore(elts.size());
        for (const Expr* x : elts) {
            if (x->kind == NodeKind::Starred) {
                Value seq = evalExpr(in, f, static_cast<const Starred*>(x)->value);
                in.forEach(seq, [&](const Value& v) { counted.push(v); });
            } else {
                counted.push(evalExpr(in, f, x));
            }
        }
        std::vector<Value> items = counted.take();
        if (e->kind == NodeKind::List) return newList(std::move(items));
        if (e->kind == NodeKind::Tuple) return newTuple(std::move(items));
        Value s = newSet();
        for (auto& v : items) s.as<SetObj>()->add(v);
        return s;
    }
    case NodeKind::Dict: {
        auto* d = static_cast<const Dict*>(e);
        Value r = newDict();
        auto* dd = r.as<DictObj>();
        for (size_t i = 0; i < d->keys.size(); ++i) {
            if (!d->keys[i]) {
                Value m = evalExpr(in, f, d->values[i]);
                if (!m.isKind(ObjKind::Dict))
                    raise(types().TypeError, std::string("'") + typeName(in, m) + "' object is not a mapping");
                m.as<DictObj>()->forEach([&](const Value& k, const Value& v) { dd->set(k, v); });
                continue;
            }
            Value k = evalExpr(in, f, d->keys[i]);
            Value v = evalExpr(in, f, d->values[i]);
            dd->set(k, v);
        }
        return r;
    }
    case NodeKind::ListComp:
    case NodeKind::SetComp:
    case NodeKind::DictComp:
    case NodeKind::GeneratorExp:
        return runComprehension(in, f, e);
    case NodeKind::Lambda: {
        auto* l = static_cast<const Lambda*>(e);
        return makeFunction(in, f, l, "<lambda>", l->args, l->scope);
    }
    case NodeKind::JoinedStr:
        return evalJoined(in, f, static_cast<const JoinedStr*>(e));
    case NodeKind::FormattedValue: {
        auto* fv = static_cast<const FormattedValue*>(e);
        return newStr(in.str(evalExpr(in, f, fv->value)));
    }
    case NodeKind::Slice: {
        auto* s = static_cast<const Slice*>(e);
        Value a = s->lower ? evalExpr(in, f, s->lower) : Value::none();
        Value b = s->upper ? evalExpr(in, f, s->upper) : Value::none();
        Value c = s->step ? evalExpr(in, f, s->step) : Value::none();
        return Value::adopt(new SliceObj(std::move(a), std::move(b), std::move(c)));
    }
    case NodeKind::NamedExpr: {
        auto* n = static_cast<const NamedExpr*>(e);
        Value v = evalExpr(in, f, n->value);
        assignTo(in, f, n->target, v);
        return v;
    }
    case NodeKind::Starred:
        raise(types().SyntaxError, "can't use starred expression here");
    case NodeKind::Yield: {
        auto* y = static_cast<const Yield*>(e);
        return genYield(in, y->value ? evalExpr(in, f, y->value) : Value::none());
    }
    case NodeKind::YieldFrom:
        return genYieldFrom(in, evalExpr(in, f, static_cast<const YieldFrom*>(e)->value));
    default:
        raise(types().NotImplementedError, std::string("unsupported expression ") + nodeKindName(e->kind));
    }
}

} // namespace graphlens::lang

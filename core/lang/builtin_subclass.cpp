// Python subclasses of builtin types.
// dict and list: as in CPython, an instance is the builtin object itself with its class set to
// the subclass and a __dict__ of its own: builtin code (json, len, **kw, dict(...)) keeps treating
// it as a dict or list, and the interpreter's operators look for the subclass's own special
// methods first (subclassSpecial), so __missing__, __getitem__, __setitem__, __repr__ and the
// others are honoured where CPython honours them.
// int, float and str, whose values are not objects here: an instance is an InstanceObj holding
// the value it stands for (base). The class's Python methods come first; builtin methods called on
// it, and the operators where the class defines none, work on that value (boxedBase).
#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {
Value* attrsSlot(Object* o) {
    if (o->kind == ObjKind::Dict) return &static_cast<DictObj*>(o)->attrs;
    if (o->kind == ObjKind::List) return &static_cast<ListObj*>(o)->attrs;
    return nullptr;
}

ClassObj* builtinBaseOf(const Object* o) {
    return o->kind == ObjKind::Dict ? types().dict : types().list;
}

// A Python __new__ defined before the builtin base in c's MRO, or null.
const Value* ownNew(ClassObj* c, ClassObj* base) {
    for (ClassObj* k : c->mro) {
        if (k == base) return nullptr;
        if (const Value* v = k->d()->findStr("__new__")) return v;
    }
    return nullptr;
}
} // namespace

Value newBuiltinSubclassInstance(ClassObj* c, ClassObj* base) {
    Value v = base == types().dict ? newDict() : newList();
    if (c == base) return v;
    Object* o = v.obj();
    o->cls = c;
    incref(c);
    *attrsSlot(o) = newDict();
    return v;
}

Value plainBuiltinCopy(const Value& v) {
    if (v.isKind(ObjKind::List)) return newList(v.as<ListObj>()->items);
    Value r = newDict();
    v.as<DictObj>()->forEach([&](const Value& k, const Value& x) { r.as<DictObj>()->set(k, x); });
    return r;
}

Value subclassSpecial(Interpreter& in, const Value& self, std::string_view name) {
    Object* o = self.obj();
    ClassObj* base = builtinBaseOf(o);
    for (ClassObj* k : o->cls->mro) {
        if (k == base) return Value();
        if (Value* v = k->d()->findStr(name)) return bindAttr(in, self, *v, o->cls);
    }
    return Value();
}

// The class's own __new__(c, *args, **kwargs) (a staticmethod, as Python makes it).
static Value callOwnNew(Interpreter& in, ClassObj* c, const Value& newFn, CallArgs& a) {
    std::vector<Value> args{ Value::object(c) };
    args.insert(args.end(), a.args, a.args + a.n);
    Value fn = newFn.isKind(ObjKind::StaticMethod) ? newFn.as<WrapperObj>()->func : newFn;
    return in.call(fn, args.data(), args.size(), a.kw);
}

Value callBuiltinSubclass(Interpreter& in, ClassObj* c, ClassObj* base, CallArgs& a) {
    Value inst;
    if (const Value* nf = ownNew(c, base)) {
        inst = callOwnNew(in, c, *nf, a);
        if (!in.isInstance(inst, c)) return inst;
    } else {
        inst = newBuiltinSubclassInstance(c, base);
    }
    Value init = in.getAttr(inst, "__init__");
    Value r = in.call(init, a.args, a.n, a.kw);
    if (!r.isNone())
        raise(types().TypeError, std::string("__init__() should return None, not '") + typeName(in, r) + "'");
    return inst;
}

// An instance of c (an int/float/str subclass, or base itself) made from base's constructor
// arguments.
static Value newBoxed(Interpreter& in, ClassObj* c, ClassObj* base, const Value* args, size_t n, const KwList* kw) {
    Value v = in.call(Value::object(base), args, n, kw);
    if (c == base) return v;
    auto* o = new InstanceObj(c);
    Value inst = Value::adopt(o);
    o->base = v;
    return inst;
}

Value callBoxedSubclass(Interpreter& in, ClassObj* c, ClassObj* base, CallArgs& a) {
    Value inst;
    if (const Value* nf = ownNew(c, base)) {
        inst = callOwnNew(in, c, *nf, a);
        if (!in.isInstance(inst, c)) return inst;
    } else {
        inst = newBoxed(in, c, base, a.args, a.n, a.kw);
    }
    // int's and str's own __init__ is object's: only a Python one runs
    if (Value* init = c->lookup("__init__"); init && !init->isKind(ObjKind::Builtin)) {
        std::vector<Value> args{ inst };
        args.insert(args.end(), a.args, a.args + a.n);
        Value r = in.call(*init, args.data(), args.size(), a.kw);
        if (!r.isNone())
            raise(types().TypeError, std::string("__init__() should return None, not '") + typeName(in, r) + "'");
    }
    return inst;
}

Value dictGetItemOrMissing(Interpreter& in, const Value& d, const Value& key) {
    if (Value* v = d.as<DictObj>()->find(key)) return *v;
    if (d.as<DictObj>()->attrs.isObj()) {
        Value missing = subclassSpecial(in, d, "__missing__");
        if (!missing.isUndef()) return in.call(missing, &key, 1);
    }
    raiseValue(in.call(Value::object(types().KeyError), &key, 1));
}

// dict.__new__, dict.__init__, list.__new__, list.__init__, dict.__delitem__ and list.__delitem__,
// for subclasses that call them (super().__init__(...), dict.__delitem__(self, k)).
void initBuiltinSubclassMethods() {
    auto& T = types();
    for (ClassObj* base : { T.int_, T.float_, T.str, T.dict, T.list }) {
        const std::string nm = base->name;
        const bool container = base == T.dict || base == T.list;
        Value ctor = newBuiltin("__new__", [base, nm, container](Interpreter& in, CallArgs& a) -> Value {
            if (a.n < 1 || !a[0].isKind(ObjKind::Class))
                raise(types().TypeError, nm + ".__new__(X): X is not a type object");
            ClassObj* c = a[0].as<ClassObj>();
            if (!c->isSubclassOf(base))
                raise(types().TypeError, nm + ".__new__(" + c->name + "): " + c->name + " is not a subtype of " + nm);
            // a container's arguments go to its __init__; an int's or str's make its value
            if (container) return newBuiltinSubclassInstance(c, base);
            return newBoxed(in, c, base, a.args + 1, a.n - 1, a.kw);
        });
        base->d()->setStr("__new__", Value::adopt(new WrapperObj(ObjKind::StaticMethod, ctor)));
    }
    addMethod(T.dict, "__init__", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n > 2) raise(types().TypeError, "dict expected at most 1 argument, got " + std::to_string(a.n - 1));
        // the builtin update, never a subclass's override (CPython's dict_update_common)
        Value update = *types().dict->d()->findStr("update");
        in.call(update, a.args, a.n, a.kw);
        return Value::none();
    });
    addMethod(T.list, "__init__", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.hasKw()) raise(types().TypeError, "list() takes no keyword arguments");
        if (a.n > 2) raise(types().TypeError, "list expected at most 1 argument, got " + std::to_string(a.n - 1));
        auto* l = a[0].as<ListObj>();
        std::vector<Value> items = a.n > 1 ? in.toVector(a[1]) : std::vector<Value>{};
        l->items.clear();
        l->reserveMore(items.size());
        l->items.insert(l->items.end(), items.begin(), items.end());
        return Value::none();
    });
    addMethod(T.dict, "__delitem__", [](Interpreter& in, CallArgs& a) -> Value {
        if (!a[0].as<DictObj>()->erase(a[1])) raiseValue(in.call(Value::object(types().KeyError), &a[1], 1));
        return Value::none();
    });
    addMethod(T.list, "__delitem__", [](Interpreter& in, CallArgs& a) -> Value {
        listDelItem(in, a[0].as<ListObj>(), a[1]);
        return Value::none();
    });
}

} // namespace graphlens::lang

// Class creation as type.__new__ does it (metaclasses, __init_subclass__, __set_name__), the
// methods of `type` itself, and calls of metaclasses.
#include "core/lang/interp_internal.h"

namespace graphlens::lang {

ClassObj* calculateMeta(ClassObj* meta, const std::vector<Value>& bases) {
    ClassObj* winner = meta;
    for (auto& b : bases) {
        if (!b.isKind(ObjKind::Class)) continue;
        ClassObj* bt = b.as<ClassObj>()->cls ? b.as<ClassObj>()->cls : types().type;
        if (winner->isSubclassOf(bt)) continue;
        if (bt->isSubclassOf(winner)) {
            winner = bt;
            continue;
        }
        raise(types().TypeError,
              "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
              "subclass of the metaclasses of all its bases");
    }
    return winner;
}

// type.__new__ calls super(cls, cls).__init_subclass__(**kw) on the new class.
static void initSubclass(Interpreter& in, ClassObj* cls, const Value& clsv, const KwList* kw) {
    for (size_t i = 1; i < cls->mro.size(); ++i) {
        Value* v = cls->mro[i]->d()->findStr("__init_subclass__");
        if (!v) continue;
        Value fn = *v;
        if (fn.isKind(ObjKind::StaticMethod)) {
            fn = fn.as<WrapperObj>()->func;
            in.call(fn, nullptr, 0, kw);
            return;
        }
        if (fn.isKind(ObjKind::ClassMethod)) fn = fn.as<WrapperObj>()->func;
        in.call(fn, &clsv, 1, kw);
        return;
    }
}

Value makeClass(Interpreter& in, ClassObj* meta, const std::string& name, const std::vector<Value>& basesIn,
                const Value& ns, const KwList* kw) {
    auto* cls = new ClassObj(name);
    cls->cls = meta;
    Value clsv = Value::adopt(cls);
    if (meta != types().type) cls->metaHold = Value::object(meta);
    for (auto& b : basesIn) {
        if (!b.isKind(ObjKind::Class)) raise(types().TypeError, "bases must be types");
        ClassObj* bc = b.as<ClassObj>();
        if (bc == types().bool_ || bc == types().NoneType || bc == types().function || bc == types().generator)
            raise(types().TypeError, "type '" + bc->name + "' is not an acceptable base type");
        cls->bases.push_back(bc);
        cls->basesHold.push_back(b);
        if (bc->isException) cls->isException = true;
        if (bc->hasDataDescriptors) cls->hasDataDescriptors = true;
    }
    if (cls->bases.empty()) {
        cls->bases.push_back(types().object);
        cls->basesHold.push_back(Value::object(types().object));
    }
    cls->mro = computeMro(cls);
    cls->dict = ns;
    DictObj* d = cls->d();
    // implicit classmethods, as type.__new__ makes them
    for (const char* n : { "__init_subclass__", "__class_getitem__" })
        if (Value* v = d->findStr(n); v && v->isKind(ObjKind::Func))
            d->setStr(n, Value::adopt(new WrapperObj(ObjKind::ClassMethod, *v)));
    d->forEach([&](const Value&, const Value& v) {
        if (v.isKind(ObjKind::Property) || definesDescriptorWrite(v)) cls->hasDataDescriptors = true;
    });
    // __set_name__(owner, name) of each attribute that defines it
    std::vector<std::pair<Value, Value>> named;
    d->forEach([&](const Value& k, const Value& v) {
        if (v.isObj() && v.obj()->kind == ObjKind::Instance && v.obj()->cls->lookup("__set_name__"))
            named.emplace_back(k, v);
    });
    for (auto& [k, v] : named) {
        Value args[3] = { v, clsv, k };
        in.call(*v.obj()->cls->lookup("__set_name__"), args, 3);
    }
    if (overridesSetattr(cls->lookup("__setattr__"))) cls->hasCustomSetattr = true;
    if (d->findStr("__eq__")) cls->hasCustomEq = true;
    if (d->findStr("__hash__")) cls->hasCustomHash = true;
    for (auto* b : cls->bases) {
        if (b->hasCustomEq) cls->hasCustomEq = true;
        if (b->hasCustomHash) cls->hasCustomHash = true;
    }
    initSubclass(in, cls, clsv, kw);
    return clsv;
}

void setClassAttr(ClassObj* c, std::string_view name, const Value& v) {
    c->d()->setStr(name, v);
    if (v.isKind(ObjKind::Property) || definesDescriptorWrite(v)) c->hasDataDescriptors = true;
    if (name == "__eq__") c->hasCustomEq = true;
    else if (name == "__hash__") c->hasCustomHash = true;
    else if (name == "__setattr__" && overridesSetattr(&v)) c->hasCustomSetattr = true;
}

// Attribute lookup on a class object (Interpreter::getAttr): the metaclass's properties, the
// class's own MRO, the metaclass's attributes, the type's built-in ones, the metaclass's
// __getattr__. Undef when the class has no such attribute.
Value classGetAttr(Interpreter& in, const Value& o, std::string_view name) {
    auto* c = o.as<ClassObj>();
    // a metaclass's properties come first (data descriptors of type(cls))
    ClassObj* meta = c->metaHold.isObj() ? c->cls : nullptr;
    if (meta)
        if (Value* mv = meta->lookup(name); mv && mv->isKind(ObjKind::Property)) {
            Value fget = mv->as<PropertyObj>()->fget;
            return in.call(fget, &o, 1);
        }
    // since 3.10 a class's __annotations__ are its own, never a base's; so is __doc__
    // (type.__new__ stores None; kept out of the dict here, where every entry slows lookups)
    if (name.size() == 7 && name == "__doc__" && !c->builtin) {
        Value* v = c->d()->findStr(name);
        return v ? *v : Value::none();
    }
    if (name == "__annotations__" && !c->builtin) {
        if (Value* v = c->d()->findStr(name)) return *v;
        c->d()->setStr("__annotations__", newDict());
        return *c->d()->findStr(name);
    }
    if (Value* v = c->lookup(name)) {
        if (v->isKind(ObjKind::StaticMethod)) return v->as<WrapperObj>()->func;
        if (v->isKind(ObjKind::ClassMethod)) return Value::adopt(new BoundMethodObj(o, v->as<WrapperObj>()->func));
        if (v->isKind(ObjKind::Instance))
            if (Value* get = v->obj()->cls->lookup("__get__")) {
                Value args[3] = { *v, Value::none(), o };
                return in.call(*get, args, 3);
            }
        return *v;
    }
    if (meta)
        if (Value* mv = meta->lookup(name)) return bindAttr(in, o, *mv, meta);
    if (name == "__name__") return newStr(c->name);
    if (name == "__qualname__") return newStr(c->name);
    if (name == "__mro__") {
        std::vector<Value> m;
        for (auto* k : c->mro) m.push_back(Value::object(k));
        return newTuple(std::move(m));
    }
    if (name == "__bases__") return newTuple(c->basesHold);
    if (name == "__base__") return c->basesHold.empty() ? Value::none() : c->basesHold[0];
    if (name == "mro") {
        Value cv = o;
        return newBuiltin("mro", [cv](Interpreter&, CallArgs&) -> Value {
            std::vector<Value> m;
            for (auto* k : cv.as<ClassObj>()->mro) m.push_back(Value::object(k));
            return newList(std::move(m));
        });
    }
    if (name == "__dict__") return c->dict;
    if (name == "__class__") return Value::object(c->cls ? c->cls : types().type);
    if (name == "__module__") return newStr(c->builtin ? "builtins" : "__main__");
    if (name == "__doc__") return Value::none();
    if (meta)
        if (Value* ga = meta->lookup("__getattr__")) {
            Value args[2] = { o, newStr(std::string(name)) };
            return in.call(*ga, args, 2);
        }
    return Value();
}

// super().name (Interpreter::getAttr): the MRO after the class super() was called in.
Value superGetAttr(Interpreter& in, const Value& o, std::string_view name) {
    auto* s = o.as<SuperObj>();
    // super(T, cls) in a classmethod walks cls's MRO; in a metaclass's method, where self
    // is a class but not a subclass of T, it walks type(self)'s like for any instance
    const bool clsMode = s->self.isKind(ObjKind::Class) && s->self.as<ClassObj>()->isSubclassOf(s->type);
    ClassObj* start = clsMode ? s->self.as<ClassObj>() : in.typeOf(s->self);
    auto& mro = start->mro;
    size_t i = 0;
    while (i < mro.size() && mro[i] != s->type) ++i;
    for (++i; i < mro.size(); ++i) {
        if (Value* v = mro[i]->d()->findStr(name)) {
            if (v->isKind(ObjKind::Property)) return in.call(v->as<PropertyObj>()->fget, &s->self, 1);
            if (clsMode) {
                if (v->isKind(ObjKind::ClassMethod))
                    return Value::adopt(new BoundMethodObj(s->self, v->as<WrapperObj>()->func));
                if (v->isKind(ObjKind::StaticMethod)) return v->as<WrapperObj>()->func;
                if (v->isKind(ObjKind::Func) && name == "__new__") return *v;
                return *v;
            }
            return bindAttr(in, s->self, *v, start);
        }
    }
    raise(types().AttributeError, "'super' object has no attribute '" + std::string(name) + "'");
}

// Attributes of property, staticmethod and classmethod objects (fget, setter, __func__,
// __isabstractmethod__, ...); Undef for the others.
Value descriptorGetAttr(Interpreter& in, const Value& o, std::string_view name) {
    if (o.isKind(ObjKind::Property)) {
        auto* p = o.as<PropertyObj>();
        if (name == "setter" || name == "getter" || name == "deleter") {
            Value self = o;
            std::string which(name);
            return newBuiltin(which, [self, which](Interpreter&, CallArgs& a) -> Value {
                auto* src = self.as<PropertyObj>();
                auto* np = new PropertyObj();
                np->fget = src->fget;
                np->fset = src->fset;
                np->fdel = src->fdel;
                np->doc = src->doc;
                if (which == "setter") np->fset = a[0];
                else if (which == "getter") np->fget = a[0];
                else np->fdel = a[0];
                return Value::adopt(np);
            });
        }
        if (name == "fget") return p->fget;
        if (name == "fset") return p->fset;
        if (name == "fdel") return p->fdel;
        if (name == "__isabstractmethod__") {
            for (const Value* f : { &p->fget, &p->fset, &p->fdel })
                if (f->isObj())
                    if (Value x; in.getAttrOpt(*f, name, x) && in.truthy(x)) return Value::boolean(true);
            return Value::boolean(false);
        }
        if (name == "__doc__") {
            if (!p->doc.isUndef() && !p->doc.isNone()) return p->doc;
            if (p->fget.isObj()) return in.getAttr(p->fget, "__doc__");
            return Value::none();
        }
        return Value();
    }
    {
        auto* w = o.as<WrapperObj>();
        if (name == "__func__" || name == "__wrapped__") return w->func;
        if (name == "__isabstractmethod__") {
            Value x;
            return Value::boolean(in.getAttrOpt(w->func, name, x) && in.truthy(x));
        }
        if (name == "__doc__" || name == "__name__" || name == "__qualname__" || name == "__annotations__")
            return in.getAttr(w->func, name);
        return Value();
    }
}

// cls.name = v: a metaclass's property setter or __setattr__, else the class's own dict.
void classSetAttr(Interpreter& in, const Value& o, std::string_view name, const Value& v) {
    auto* c = o.as<ClassObj>();
    if (c->metaHold.isObj()) {
        Value* mv = c->cls->lookup(name);
        if (mv && mv->isKind(ObjKind::Property) && !mv->as<PropertyObj>()->fset.isNone() &&
            !mv->as<PropertyObj>()->fset.isUndef()) {
            Value a[2] = { o, v };
            in.call(mv->as<PropertyObj>()->fset, a, 2);
            return;
        }
        if (Value* sa = c->cls->lookup("__setattr__"); sa && sa->isKind(ObjKind::Func)) {
            Value a[3] = { o, newStr(std::string(name)), v };
            in.call(*sa, a, 3);
            return;
        }
    }
    if (c->builtin)
        raise(types().TypeError,
              "cannot set '" + std::string(name) + "' attribute of immutable type '" + c->name + "'");
    setClassAttr(c, name, v);
}

// del cls.name: a metaclass's __delattr__, else the class's own dict (false: not there).
bool classDelAttr(Interpreter& in, const Value& o, std::string_view name) {
    auto* c = o.as<ClassObj>();
    if (c->metaHold.isObj())
        if (Value* da = c->cls->lookup("__delattr__"); da && da->isKind(ObjKind::Func)) {
            Value a[2] = { o, newStr(std::string(name)) };
            in.call(*da, a, 2);
            return true;
        }
    return c->d()->erase(newStr(std::string(name)));
}

// cls[key]: Undef when a metaclass's __getitem__ decides (the usual lookup), else the class's
// __class_getitem__ (an implicit classmethod), or list[int] and friends for builtin types.
Value classGetItem(Interpreter& in, const Value& o, const Value& key) {
    auto* c = o.as<ClassObj>();
    if (c->metaHold.isObj() && c->cls->lookup("__getitem__")) return Value();
    if (Value* cg = c->lookup("__class_getitem__")) {
        Value fn = *cg;
        if (fn.isKind(ObjKind::ClassMethod)) {
            Value args[2] = { o, key };
            Value func = fn.as<WrapperObj>()->func;
            return in.call(func, args, 2);
        }
        if (fn.isKind(ObjKind::StaticMethod)) fn = fn.as<WrapperObj>()->func;
        return in.call(fn, &key, 1);
    }
    if (c->builtin) return builtinClassGetitem(in, o, key);
    return Value();
}

// M(...) for a metaclass M (a Python subclass of type): M.__new__ then M.__init__, as
// type.__call__ does.
Value callMetaclass(Interpreter& in, ClassObj* m, CallArgs& a) {
    Value* newFn = m->lookup("__new__");
    Value fnv = newFn->isKind(ObjKind::StaticMethod) ? newFn->as<WrapperObj>()->func : *newFn;
    std::vector<Value> args{ Value::object(m) };
    args.insert(args.end(), a.args, a.args + a.n);
    Value obj = in.call(fnv, args.data(), args.size(), a.kw);
    if (!in.isInstance(obj, m)) return obj;
    Value* init = m->lookup("__init__");
    if (init && !init->isKind(ObjKind::Builtin)) {
        args[0] = obj;
        Value initFn = *init;
        in.call(initFn, args.data(), args.size(), a.kw);
    }
    return obj;
}

static Value typeNew(Interpreter& in, CallArgs& a) {
    if (a.n < 1 || !a[0].isKind(ObjKind::Class))
        raise(types().TypeError,
              "type.__new__(X): X is not a type object (" +
                  std::string(a.n ? in.typeOf(a[0])->name : std::string("NULL")) + ")");
    if (!a[0].as<ClassObj>()->isSubclassOf(types().type))
        raise(types().TypeError,
              "type.__new__(" + a[0].as<ClassObj>()->name + "): " + a[0].as<ClassObj>()->name +
                  " is not a subtype of type");
    ClassObj* mcls = a[0].as<ClassObj>();
    if (a.n == 2 && mcls == types().type) return Value::object(in.typeOf(a[1]));
    if (a.n != 4)
        raise(types().TypeError, "type.__new__() takes exactly 3 arguments (" + std::to_string(a.n - 1) + " given)");
    if (!a[1].isKind(ObjKind::Str))
        raise(types().TypeError, "type.__new__() argument 1 must be str, not " + in.typeOf(a[1])->name);
    if (!a[2].isKind(ObjKind::Tuple))
        raise(types().TypeError, "type.__new__() argument 2 must be tuple, not " + in.typeOf(a[2])->name);
    if (!a[3].isKind(ObjKind::Dict))
        raise(types().TypeError, "type.__new__() argument 3 must be dict, not " + in.typeOf(a[3])->name);
    const auto& bases = a[2].as<TupleObj>()->items;
    ClassObj* winner = calculateMeta(mcls, bases);
    Value ns = newDict();
    a[3].as<DictObj>()->forEach([&](const Value& k, const Value& v) { ns.as<DictObj>()->set(k, v); });
    if (!ns.as<DictObj>()->findStr("__module__")) {
        Frame* fr = in.currentFrame();
        Value* mod = fr && fr->globals ? fr->globals->findStr("__name__") : nullptr;
        ns.as<DictObj>()->setStr("__module__", mod ? *mod : newStr("__main__"));
    }
    return makeClass(in, winner, a[1].as<StrObj>()->s, bases, ns, a.kw);
}

// type(name, bases, ns): the metaclass comes from the bases.
Value typeCall3(Interpreter& in, CallArgs& a) {
    if (!a[1].isKind(ObjKind::Tuple))
        raise(types().TypeError, "type.__new__() argument 2 must be tuple, not " + in.typeOf(a[1])->name);
    ClassObj* winner = calculateMeta(types().type, a[1].as<TupleObj>()->items);
    if (winner != types().type) return in.call(Value::object(winner), a.args, a.n, a.kw);
    std::vector<Value> args{ Value::object(types().type) };
    args.insert(args.end(), a.args, a.args + a.n);
    CallArgs ca{ args.data(), args.size(), a.kw };
    return typeNew(in, ca);
}

void initClassTypeMethods() {
    auto& T = types();
    addMethod(T.type, "__new__", typeNew);
    addMethod(T.type, "__init__", [](Interpreter&, CallArgs&) -> Value { return Value::none(); });
    addMethod(T.type, "__call__", [](Interpreter& in, CallArgs& a) -> Value {
        CallArgs ca{ a.args + 1, a.n - 1, a.kw };
        return callClass(in, a[0].as<ClassObj>(), ca);
    });
    auto classMethod = [](ClassObj* owner, const char* name, NativeFn fn) {
        owner->d()->setStr(name, Value::adopt(new WrapperObj(ObjKind::ClassMethod, newBuiltin(name, std::move(fn)))));
    };
    classMethod(T.type, "__prepare__", [](Interpreter&, CallArgs&) -> Value { return newDict(); });
    classMethod(T.object, "__init_subclass__", [](Interpreter&, CallArgs& a) -> Value {
        if (a.hasKw() || a.n > 1) {
            std::string who = a.n && a[0].isKind(ObjKind::Class) ? a[0].as<ClassObj>()->name + "." : std::string();
            if (a.hasKw()) raise(types().TypeError, who + "__init_subclass__() takes no keyword arguments");
            raise(types().TypeError,
                  who + "__init_subclass__() takes no arguments (" + std::to_string(a.n - 1) + " given)");
        }
        return Value::none();
    });
}

} // namespace graphlens::lang

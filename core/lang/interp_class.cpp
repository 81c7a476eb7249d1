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
    if (Value* sa = cls->lookup("__setattr__"); sa && sa->isKind(ObjKind::Func)) cls->hasCustomSetattr = true;
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
    else if (name == "__setattr__" && v.isKind(ObjKind::Func)) c->hasCustomSetattr = true;
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

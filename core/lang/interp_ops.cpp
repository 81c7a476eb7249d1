// The object protocol: attributes, items, operators, comparison, hashing, iteration.
#include <cmath>
#include <map>
#include <mutex>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

ClassObj* Interpreter::typeOf(const Value& v) const {
    switch (v.tag()) {
    case Tag::Undef:
    case Tag::None:
        return types().NoneType;
    case Tag::Bool:
        return types().bool_;
    case Tag::Int:
        return types().int_;
    case Tag::Float:
        return types().float_;
    case Tag::Obj:
        return v.obj()->kind == ObjKind::Class ? static_cast<ClassObj*>(v.obj())->cls : v.obj()->cls;
    }
    return types().object;
}

bool Interpreter::isInstance(const Value& v, ClassObj* c) const {
    if (c == types().object) return true;
    if (c == types().int_ && v.isBool()) return true;
    return typeOf(v)->isSubclassOf(c);
}

bool isIntLike(const Value& v) {
    return v.isInt() || v.isBool() || v.isKind(ObjKind::BigInt);
}

Value bindAttr(Interpreter& in, const Value& self, const Value& attr, ClassObj* owner) {
    if (!attr.isObj()) return attr;
    switch (attr.obj()->kind) {
    case ObjKind::Instance:
        // A non-data descriptor defined in Python (an object whose class has __get__, such as
        // tf.function's Function): bound through its __get__(instance, owner).
        if (Value* get = attr.obj()->cls->lookup("__get__")) {
            Value args[3] = { attr, self, Value::object(owner) };
            return in.call(*get, args, 3);
        }
        return attr;
    case ObjKind::Func:
        return Value::adopt(new BoundMethodObj(self, attr));
    case ObjKind::Builtin:
        if (attr.as<BuiltinObj>()->isMethod) return Value::adopt(new BoundMethodObj(self, attr));
        return attr;
    case ObjKind::StaticMethod:
        return attr.as<WrapperObj>()->func;
    case ObjKind::ClassMethod:
        return Value::adopt(new BoundMethodObj(Value::object(owner), attr.as<WrapperObj>()->func));
    default:
        return attr;
    }
}

Value Interpreter::lookupSpecial(const Value& self, std::string_view name) {
    ClassObj* t = typeOf(self);
    Value* v = t->lookup(name);
    if (!v) return Value();
    return bindAttr(*this, self, *v, t);
}

Value Interpreter::callMethod(const Value& self, std::string_view name, const Value* args, size_t n) {
    Value m = getAttr(self, name);
    return call(m, args, n);
}

bool Interpreter::getAttrOpt(const Value& o, std::string_view name, Value& out) {
    try {
        out = getAttr(o, name);
        return true;
    } catch (PyError& e) {
        if (isInstance(e.exc, types().AttributeError)) return false;
        throw;
    }
}

[[noreturn]] static void noAttr(Interpreter& in, const Value& o, std::string_view name) {
    if (o.isKind(ObjKind::Class))
        raise(types().AttributeError,
              "type object '" + o.as<ClassObj>()->name + "' has no attribute '" + std::string(name) + "'");
    if (o.isKind(ObjKind::Module))
        raise(types().AttributeError,
              "module '" + o.as<ModuleObj>()->name + "' has no attribute '" + std::string(name) + "'");
    raise(types().AttributeError,
          std::string("'") + typeName(in, o) + "' object has no attribute '" + std::string(name) + "'");
}

// An instance's attribute (an InstanceObj's, or a dict or list subclass instance's, whose own
// __dict__ is `own`, held by ownV): data descriptors, its own dict, the class, __getattr__.
static Value instanceGetAttr(Interpreter& in, const Value& o, ClassObj* t, DictObj* own, const Value& ownV,
                             std::string_view name) {
    if (!t->hasDataDescriptors)
        if (Value* v = own->findStr(name)) return *v;
    Value* cv = t->lookup(name);
    if (cv && cv->isKind(ObjKind::Property)) {
        auto* p = cv->as<PropertyObj>();
        if (p->fget.isUndef() || p->fget.isNone())
            raise(types().AttributeError,
                  "property '" + std::string(name) + "' of '" + t->name + "' object has no getter");
        return in.call(p->fget, &o, 1);
    }
    if (cv && isDataDescriptor(*cv)) {
        Value args[3] = { *cv, o, Value::object(t) };
        return in.call(*cv->obj()->cls->lookup("__get__"), args, 3);
    }
    if (Value* v = own->findStr(name)) return *v;
    if (t->isException) {
        auto* e = static_cast<ExcObj*>(o.obj());
        if (name == "args") return e->args;
        if (name == "__cause__") return e->cause;
        if (name == "__context__") return e->context;
        if (name == "__traceback__") return Value::none();
        if (name == "__suppress_context__") return Value::boolean(e->suppressContext);
        if (name == "value" && t->isSubclassOf(types().StopIteration)) {
            auto& items = e->args.as<TupleObj>()->items;
            return items.empty() ? Value::none() : items[0];
        }
        if ((name == "errno" || name == "strerror" || name == "filename" || name == "filename2") &&
            t->isSubclassOf(types().EnvironmentError))
            return Value::none();
        if (name == "code" && t->isSubclassOf(types().SystemExit)) {
            auto& items = e->args.as<TupleObj>()->items;
            return items.empty() ? Value::none() : items.size() == 1 ? items[0] : e->args;
        }
    }
    if (cv) return bindAttr(in, o, *cv, t);
    if (name == "__class__") return Value::object(t);
    if (name == "__dict__") return ownV;
    if (Value* ga = t->lookup("__getattr__")) {
        Value args[2] = { o, newStr(std::string(name)) };
        return in.call(*ga, args, 2);
    }
    noAttr(in, o, name);
}

Value Interpreter::getAttr(const Value& o, std::string_view name) {
    ClassObj* t = typeOf(o);
    if (o.isObj()) {
        Object* ob = o.obj();
        switch (ob->kind) {
        case ObjKind::Instance: {
            auto* inst = static_cast<InstanceObj*>(ob);
            return instanceGetAttr(*this, o, t, inst->d(), inst->dict, name);
        }
        case ObjKind::Dict:
        case ObjKind::List:
            if (DictObj* own = subclassAttrs(o))
                return instanceGetAttr(*this, o, t, own,
                                       ob->kind == ObjKind::Dict ? o.as<DictObj>()->attrs : o.as<ListObj>()->attrs,
                                       name);
            break;
        case ObjKind::Class: {
            Value v = classGetAttr(*this, o, name);
            if (!v.isUndef()) return v;
            noAttr(*this, o, name);
        }
        case ObjKind::Module: {
            auto* m = static_cast<ModuleObj*>(ob);
            if (Value* v = m->d()->findStr(name)) return *v;
            noAttr(*this, o, name);
        }
        case ObjKind::Func: {
            auto* fn = static_cast<FuncObj*>(ob);
            if (name == "__name__") return newStr(fn->name);
            if (name == "__qualname__") return newStr(fn->qualname);
            if (name == "__doc__") {
                if (!fn->doc.isUndef()) return fn->doc;
                if (fn->body && !fn->body->empty() && (*fn->body)[0]->kind == NodeKind::ExprStmt) {
                    auto* ex = static_cast<const ExprStmt*>((*fn->body)[0])->value;
                    if (ex->kind == NodeKind::Constant && static_cast<const Constant*>(ex)->value == ConstKind::Str)
                        return newStr(static_cast<const Constant*>(ex)->s);
                }
                return Value::none();
            }
            if (name == "__module__") {
                if (!fn->module.isUndef()) return fn->module;
                if (fn->globals.isObj())
                    if (Value* m = fn->globals.as<DictObj>()->findStr("__name__")) return *m;
                return newStr("__main__");
            }
            if (fn->attrs.isObj())
                if (Value* v = fn->attrs.as<DictObj>()->findStr(name)) return *v;
            if (Value sv; funcSpecialAttr(*this, fn, name, sv)) return sv;
            if (name == "__dict__") {
                if (!fn->attrs.isObj()) fn->attrs = newDict();
                return fn->attrs;
            }
            break;
        }
        case ObjKind::BoundMethod: {
            auto* m = static_cast<BoundMethodObj*>(ob);
            if (name == "__self__") return m->self;
            if (name == "__func__") return m->func;
            return getAttr(m->func, name);
        }
        case ObjKind::Builtin:
            if (name == "__name__" || name == "__qualname__") return newStr(static_cast<BuiltinObj*>(ob)->name);
            break;
        case ObjKind::Super:
            return superGetAttr(*this, o, name);
        case ObjKind::Property:
        case ObjKind::StaticMethod:
        case ObjKind::ClassMethod: {
            Value v = descriptorGetAttr(*this, o, name);
            if (!v.isUndef()) return v;
            break;
        }
        case ObjKind::Native: {
            auto* nob = static_cast<NativeObj*>(ob);
            Value out;
            for (ClassObj* c : t->mro)
                if (c->getattrHook && c->getattrHook(*this, o, std::string(name), out)) return out;
            if (nob->dict.isObj())
                if (Value* v = nob->dict.as<DictObj>()->findStr(name)) return *v;
            break;
        }
        default:
            break;
        }
    }
    if (Value* v = t->lookup(name)) {
        if (v->isKind(ObjKind::Property)) return call(v->as<PropertyObj>()->fget, &o, 1);
        return bindAttr(*this, o, *v, t);
    }
    if (name == "__class__") return Value::object(t);
    if (o.isInt() || o.isBool()) {
        if (name == "real" || name == "numerator") return o.isBool() ? Value::integer(o.asBool()) : o;
        if (name == "imag") return Value::integer(0);
        if (name == "denominator") return Value::integer(1);
    }
    if (o.isFloat()) {
        if (name == "real") return o;
        if (name == "imag") return Value::flt(0);
    }
    if (o.isKind(ObjKind::Range)) {
        auto* r = o.as<RangeObj>();
        if (name == "start") return rangeStart(r);
        if (name == "stop") return rangeStop(r);
        if (name == "step") return rangeStep(r);
        if (name == "index" || name == "count") {
            Value rv = o;
            bool isIndex = name == "index";
            return newBuiltin(std::string(name), [rv, isIndex](Interpreter& in, CallArgs& a) -> Value {
                bool has = in.contains(rv, a[0]);
                auto* rr = rv.as<RangeObj>();
                if (!isIndex) return Value::integer(has ? 1 : 0);
                if (!has) raise(types().ValueError, in.repr(a[0]) + " is not in range");
                if (!isIntLike(a[0])) { // found by equality: count the position like CPython
                    int64_t k = 0;
                    Value it = in.iter(rv);
                    for (Value x = in.next(it); !x.isUndef(); x = in.next(it), ++k)
                        if (in.eq(x, a[0])) return Value::integer(k);
                }
                return rangeIndex(in, rr, a[0]);
            });
        }
    }
    if (o.isKind(ObjKind::Slice)) {
        auto* s = o.as<SliceObj>();
        if (name == "start") return s->start;
        if (name == "stop") return s->stop;
        if (name == "step") return s->step;
        if (name == "indices") {
            Value sv = o;
            return newBuiltin("indices", [sv](Interpreter& in, CallArgs& a) -> Value {
                int64_t st, en, stp, n;
                sliceIndices(in, sv.as<SliceObj>(), in.toIndex(a[0]), st, en, stp, n);
                return newTuple({ Value::integer(st), Value::integer(en), Value::integer(stp) });
            });
        }
    }
    noAttr(*this, o, name);
}

void Interpreter::setAttr(const Value& o, std::string_view name, const Value& v) {
    ClassObj* t = typeOf(o);
    DictObj* own = o.isKind(ObjKind::Instance) ? o.as<InstanceObj>()->d() : subclassAttrs(o);
    if (own) {
        if (t->hasDataDescriptors || t->hasCustomSetattr) {
            Value* cv = t->lookup(name);
            if (cv && cv->isKind(ObjKind::Property)) {
                auto* p = cv->as<PropertyObj>();
                if (p->fset.isUndef() || p->fset.isNone())
                    raise(types().AttributeError,
                          "property '" + std::string(name) + "' of '" + t->name + "' object has no setter");
                Value a[2] = { o, v };
                call(p->fset, a, 2);
                return;
            }
            if (cv && cv->isKind(ObjKind::Instance))
                if (Value* set = cv->obj()->cls->lookup("__set__")) {
                    Value a[3] = { *cv, o, v };
                    call(*set, a, 3);
                    return;
                }
            Value* sa = t->lookup("__setattr__");
            if (overridesSetattr(sa)) {
                Value a[3] = { o, newStr(std::string(name)), v };
                call(*sa, a, 3);
                return;
            }
        }
        if (t->isException) {
            auto* e = o.as<ExcObj>();
            if (name == "args") {
                e->args = newTuple(toVector(v));
                return;
            }
            if (name == "__cause__") {
                e->cause = v;
                e->suppressContext = true;
                return;
            }
            if (name == "__context__") {
                e->context = v;
                return;
            }
        }
        own->setStr(name, v);
        return;
    }
    if (o.isKind(ObjKind::Class)) {
        classSetAttr(*this, o, name, v);
        return;
    }
    if (o.isKind(ObjKind::Module)) {
        o.as<ModuleObj>()->d()->setStr(name, v);
        return;
    }
    if (o.isKind(ObjKind::Func)) {
        auto* fn = o.as<FuncObj>();
        if (name == "__name__") {
            fn->name = str(v);
            return;
        }
        if (name == "__qualname__") {
            fn->qualname = str(v);
            return;
        }
        if (name == "__doc__") {
            fn->doc = v;
            return;
        }
        if (name == "__module__") {
            fn->module = v;
            return;
        }
        if (funcSetSpecialAttr(*this, fn, name, v)) return;
        if (!fn->attrs.isObj()) fn->attrs = newDict();
        fn->attrs.as<DictObj>()->setStr(name, v);
        return;
    }
    if (o.isKind(ObjKind::Native)) {
        for (ClassObj* c : t->mro)
            if (c->setattrHook && c->setattrHook(*this, o, std::string(name), v)) return;
        auto* nob = o.as<NativeObj>();
        if (!nob->dict.isObj()) nob->dict = newDict();
        nob->dict.as<DictObj>()->setStr(name, v);
        return;
    }
    if (t->lookup(name))
        raise(types().AttributeError,
              std::string("'") + t->name + "' object attribute '" + std::string(name) + "' is read-only");
    raise(types().AttributeError, std::string("'") + t->name + "' object has no attribute '" + std::string(name) + "'");
}

void Interpreter::delAttr(const Value& o, std::string_view name) {
    if (DictObj* own = o.isKind(ObjKind::Instance) ? o.as<InstanceObj>()->d() : subclassAttrs(o)) {
        ClassObj* t = typeOf(o);
        if (Value* da = t->lookup("__delattr__"); da && da->isKind(ObjKind::Func)) {
            Value a[2] = { o, newStr(std::string(name)) };
            call(*da, a, 2);
            return;
        }
        if (t->hasDataDescriptors)
            if (Value* cv = t->lookup(name); cv && cv->isKind(ObjKind::Instance))
                if (Value* del = cv->obj()->cls->lookup("__delete__")) {
                    Value a[2] = { *cv, o };
                    call(*del, a, 2);
                    return;
                }
        if (!own->erase(newStr(std::string(name)))) noAttr(*this, o, name);
        return;
    }
    if (o.isKind(ObjKind::Class)) {
        if (!classDelAttr(*this, o, name)) noAttr(*this, o, name);
        return;
    }
    if (o.isKind(ObjKind::Func)) {
        auto* fn = o.as<FuncObj>();
        if (fn->attrs.isObj() && fn->attrs.as<DictObj>()->erase(newStr(std::string(name)))) return;
        noAttr(*this, o, name);
    }
    noAttr(*this, o, name);
}

// ---------------------------------------------------------------------------------------------
// Items

bool sliceIndices(Interpreter& in, SliceObj* s, int64_t len, int64_t& start, int64_t& stop, int64_t& step,
                  int64_t& count) {
    step = s->step.isNone() ? 1
                            : in.toIndex(s->step, "slice indices must be integers or None or have an __index__ method");
    if (step == 0) raise(types().ValueError, "slice step cannot be zero");
    int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? len - 1 : len;
    auto clamp = [&](const Value& v, int64_t dflt) {
        if (v.isNone()) return dflt;
        int64_t x = in.toIndex(v, "slice indices must be integers or None or have an __index__ method");
        if (x < 0) {
            x += len;
            if (x < lower) x = lower;
        } else if (x > upper) x = upper;
        return x;
    };
    start = clamp(s->start, step < 0 ? upper : lower);
    stop = clamp(s->stop, step < 0 ? lower : upper);
    if (step < 0) count = stop < start ? (start - stop - 1) / (-step) + 1 : 0;
    else count = start < stop ? (stop - start - 1) / step + 1 : 0;
    return true;
}

static int64_t seqIndex(Interpreter& in, const Value& key, int64_t len, const char* what) {
    if (const Value* base = boxedBase(key); base && isIntLike(*base)) return seqIndex(in, *base, len, what);
    if (!isIntLike(key)) {
        Value idx = in.lookupSpecial(key, "__index__");
        if (idx.isUndef())
            raise(types().TypeError,
                  std::string(what) + " indices must be integers or slices, not " + typeName(in, key));
        return seqIndex(in, in.call(idx, nullptr, 0), len, what);
    }
    if (key.isKind(ObjKind::BigInt))
        raise(types().IndexError, std::string("cannot fit 'int' into an index-sized integer"));
    int64_t i = key.isBool() ? key.asBool() : key.asInt();
    if (i < 0) i += len;
    if (i < 0 || i >= len) return -1;
    return i;
}

Value seqGetItem(Interpreter& in, const Value& o, const Value& key) {
    bool isList = o.obj()->kind == ObjKind::List;
    auto& items = isList ? o.as<ListObj>()->items : o.as<TupleObj>()->items;
    if (key.isKind(ObjKind::Slice)) {
        int64_t a, b, s, n;
        sliceIndices(in, key.as<SliceObj>(), int64_t(items.size()), a, b, s, n);
        std::vector<Value> out;
        out.reserve(size_t(n));
        for (int64_t k = 0; k < n; ++k) out.push_back(items[size_t(a + k * s)]);
        return isList ? newList(std::move(out)) : newTuple(std::move(out));
    }
    int64_t i = seqIndex(in, key, int64_t(items.size()), isList ? "list" : "tuple");
    if (i < 0) raise(types().IndexError, std::string(isList ? "list" : "tuple") + " index out of range");
    return items[size_t(i)];
}

Value Interpreter::getItem(const Value& o, const Value& key) {
    if (o.isObj()) {
        switch (o.obj()->kind) {
        case ObjKind::List:
            if (o.as<ListObj>()->attrs.isObj()) [[unlikely]]
                if (Value f = subclassSpecial(*this, o, "__getitem__"); !f.isUndef()) return call(f, &key, 1);
            return seqGetItem(*this, o, key);
        case ObjKind::Tuple:
            return seqGetItem(*this, o, key);
        case ObjKind::Str:
            return strGetItem(*this, o.as<StrObj>(), key);
        case ObjKind::Dict: {
            auto* d = o.as<DictObj>();
            if (!d->attrs.isObj()) [[likely]] {
                if (Value* v = d->find(key)) return *v;
                raiseValue(call(Value::object(types().KeyError), &key, 1));
            }
            if (Value f = subclassSpecial(*this, o, "__getitem__"); !f.isUndef()) return call(f, &key, 1);
            return dictGetItemOrMissing(*this, o, key);
        }
        case ObjKind::Range: {
            auto* r = o.as<RangeObj>();
            if (!r->big() && (key.isInt() || key.isBool())) {
                int64_t i = seqIndex(*this, key, r->length(), "range");
                if (i < 0) raise(types().IndexError, "range object index out of range");
                return Value::integer(r->start + i * r->step);
            }
            return rangeGetItem(*this, o, key);
        }
        case ObjKind::Bytes: {
            auto& s = o.as<BytesObj>()->s;
            if (key.isKind(ObjKind::Slice)) {
                int64_t a, b, st, n;
                sliceIndices(*this, key.as<SliceObj>(), int64_t(s.size()), a, b, st, n);
                std::string out;
                for (int64_t k = 0; k < n; ++k) out += s[size_t(a + k * st)];
                return Value::adopt(new BytesObj(out, o.as<BytesObj>()->isArray()));
            }
            bool arr = o.as<BytesObj>()->isArray();
            int64_t i = seqIndex(*this, key, int64_t(s.size()), arr ? "bytearray" : "byte");
            if (i < 0) raise(types().IndexError, arr ? "bytearray index out of range" : "index out of range");
            return Value::integer((unsigned char)s[size_t(i)]);
        }
        case ObjKind::Class: {
            Value v = classGetItem(*this, o, key);
            if (!v.isUndef()) return v;
            break;
        }
        default:
            break;
        }
    }
    Value gi = lookupSpecial(o, "__getitem__");
    if (gi.isUndef()) raise(types().TypeError, std::string("'") + typeName(*this, o) + "' object is not subscriptable");
    return call(gi, &key, 1);
}

void listSetItem(Interpreter& in, ListObj* l, const Value& key, const Value& v) {
    if (key.isKind(ObjKind::Slice)) {
        int64_t a, b, s, n;
        sliceIndices(in, key.as<SliceObj>(), int64_t(l->items.size()), a, b, s, n);
        std::vector<Value> src = in.toVector(v);
        if (s == 1) {
            if (b < a) b = a;
            if (src.size() > size_t(b - a)) l->reserveMore(src.size() - size_t(b - a));
            l->items.erase(l->items.begin() + a, l->items.begin() + b);
            l->items.insert(l->items.begin() + a, src.begin(), src.end());
            return;
        }
        if (int64_t(src.size()) != n)
            raise(types().ValueError,
                  "attempt to assign sequence of size " + std::to_string(src.size()) + " to extended slice of size " +
                      std::to_string(n));
        for (int64_t k = 0; k < n; ++k) l->items[size_t(a + k * s)] = src[size_t(k)];
        return;
    }
    int64_t i = seqIndex(in, key, int64_t(l->items.size()), "list");
    if (i < 0) raise(types().IndexError, "list assignment index out of range");
    l->items[size_t(i)] = v;
}

void Interpreter::setItem(const Value& o, const Value& key, const Value& v) {
    if (o.isKind(ObjKind::List)) {
        if (o.as<ListObj>()->attrs.isObj()) [[unlikely]]
            if (Value f = subclassSpecial(*this, o, "__setitem__"); !f.isUndef()) {
                Value a[2] = { key, v };
                call(f, a, 2);
                return;
            }
        listSetItem(*this, o.as<ListObj>(), key, v);
        return;
    }
    if (o.isKind(ObjKind::Dict)) {
        if (o.as<DictObj>()->attrs.isObj()) [[unlikely]]
            if (Value f = subclassSpecial(*this, o, "__setitem__"); !f.isUndef()) {
                Value a[2] = { key, v };
                call(f, a, 2);
                return;
            }
        o.as<DictObj>()->set(key, v);
        return;
    }
    if (o.isKind(ObjKind::Bytes) && o.as<BytesObj>()->isArray()) {
        bytearraySetItem(*this, o.as<BytesObj>(), key, v);
        return;
    }
    Value si = lookupSpecial(o, "__setitem__");
    if (si.isUndef())
        raise(types().TypeError, std::string("'") + typeName(*this, o) + "' object does not support item assignment");
    Value a[2] = { key, v };
    call(si, a, 2);
}

void listDelItem(Interpreter& in, ListObj* l, const Value& key) {
    if (key.isKind(ObjKind::Slice)) {
        int64_t a, b, s, n;
        sliceIndices(in, key.as<SliceObj>(), int64_t(l->items.size()), a, b, s, n);
        std::vector<bool> del(l->items.size(), false);
        for (int64_t k = 0; k < n; ++k) del[size_t(a + k * s)] = true;
        std::vector<Value> keep;
        for (size_t k = 0; k < l->items.size(); ++k)
            if (!del[k]) keep.push_back(l->items[k]);
        l->items.swap(keep);
        return;
    }
    int64_t i = seqIndex(in, key, int64_t(l->items.size()), "list");
    if (i < 0) raise(types().IndexError, "list assignment index out of range");
    l->items.erase(l->items.begin() + i);
}

void Interpreter::delItem(const Value& o, const Value& key) {
    if (o.isKind(ObjKind::Bytes) && o.as<BytesObj>()->isArray()) {
        bytearrayDelItem(*this, o.as<BytesObj>(), key);
        return;
    }
    if (o.isKind(ObjKind::List) || o.isKind(ObjKind::Dict)) {
        if (subclassAttrs(o)) [[unlikely]]
            if (Value f = subclassSpecial(*this, o, "__delitem__"); !f.isUndef()) {
                call(f, &key, 1);
                return;
            }
        if (o.isKind(ObjKind::List)) {
            listDelItem(*this, o.as<ListObj>(), key);
            return;
        }
    }
    if (o.isKind(ObjKind::Dict)) {
        if (!o.as<DictObj>()->erase(key)) raiseValue(call(Value::object(types().KeyError), &key, 1));
        return;
    }
    Value di = lookupSpecial(o, "__delitem__");
    if (di.isUndef())
        raise(types().TypeError, std::string("'") + typeName(*this, o) + "' object doesn't support item deletion");
    call(di, &key, 1);
}

// ---------------------------------------------------------------------------------------------
// Truth, length, hashing, iteration

// bool(v) through its class's __bool__, else __len__.
static bool specialTruthy(Interpreter& in, const Value& v) {
    Value b = in.lookupSpecial(v, "__bool__");
    if (!b.isUndef()) {
        Value r = in.call(b, nullptr, 0);
        if (!r.isBool())
            raise(types().TypeError, std::string("__bool__ should return bool, returned ") + typeName(in, r));
        return r.asBool();
    }
    Value l = in.lookupSpecial(v, "__len__");
    if (!l.isUndef()) return in.len(v) != 0;
    if (const Value* base = boxedBase(v)) return in.truthy(*base);
    return true;
}

bool Interpreter::truthy(const Value& v) {
    switch (v.tag()) {
    case Tag::Undef:
    case Tag::None:
        return false;
    case Tag::Bool:
        return v.asBool();
    case Tag::Int:
        return v.asInt() != 0;
    case Tag::Float:
        return v.asFloat() != 0.0;
    case Tag::Obj:
        break;
    }
    switch (v.obj()->kind) {
    case ObjKind::Str:
        return !v.as<StrObj>()->s.empty();
    case ObjKind::Bytes:
        return !v.as<BytesObj>()->s.empty();
    case ObjKind::List:
        if (v.as<ListObj>()->attrs.isObj()) [[unlikely]]
            return specialTruthy(*this, v);
        return !v.as<ListObj>()->items.empty();
    case ObjKind::Tuple:
        return !v.as<TupleObj>()->items.empty();
    case ObjKind::Dict:
        if (v.as<DictObj>()->attrs.isObj()) [[unlikely]]
            return specialTruthy(*this, v);
        return v.as<DictObj>()->size() > 0;
    case ObjKind::Set:
    case ObjKind::FrozenSet:
        return v.as<SetObj>()->size() > 0;
    case ObjKind::Range:
        return bigCompare(rangeLenValue(*this, v.as<RangeObj>()), Value::integer(0)) > 0;
    case ObjKind::BigInt:
        return true;
    case ObjKind::Class:
        if (!v.as<ClassObj>()->metaHold.isObj()) return true;
        [[fallthrough]];
    case ObjKind::Instance:
    case ObjKind::Native:
        return specialTruthy(*this, v);
    default:
        return true;
    }
}

int64_t Interpreter::len(const Value& v) {
    if (v.isObj()) {
        switch (v.obj()->kind) {
        case ObjKind::Str:
            return v.as<StrObj>()->length();
        case ObjKind::Bytes:
            return int64_t(v.as<BytesObj>()->s.size());
        case ObjKind::List:
            if (v.as<ListObj>()->attrs.isObj()) [[unlikely]]
                break; // the subclass's __len__, or list's own
            return int64_t(v.as<ListObj>()->items.size());
        case ObjKind::Tuple:
            return int64_t(v.as<TupleObj>()->items.size());
        case ObjKind::Dict:
            if (v.as<DictObj>()->attrs.isObj()) [[unlikely]]
                break;
            return v.as<DictObj>()->size();
        case ObjKind::Set:
        case ObjKind::FrozenSet:
            return v.as<SetObj>()->size();
        case ObjKind::Range:
            return rangeLen(*this, v.as<RangeObj>());
        default:
            break;
        }
        Value l = lookupSpecial(v, "__len__");
        if (!l.isUndef()) {
            Value r = call(l, nullptr, 0);
            if (!r.isInt())
                raise(types().TypeError,
                      std::string("'") + typeName(*this, r) + "' object cannot be interpreted as an integer");
            if (r.asInt() < 0) raise(types().ValueError, "__len__() should return >= 0");
            return r.asInt();
        }
    }
    raise(types().TypeError, std::string("object of type '") + typeName(*this, v) + "' has no len()");
}

int64_t Interpreter::hash(const Value& v) {
    switch (v.tag()) {
    case Tag::Undef:
    case Tag::None:
        return 0x5f5e100;
    case Tag::Bool:
        return v.asBool() ? 1 : 0;
    case Tag::Int:
        return hashInt(v.asInt());
    case Tag::Float: {
        double d = v.asFloat();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) return hashInt(int64_t(d));
        return hashDouble(d);
    }
    case Tag::Obj:
        break;
    }
    Object* o = v.obj();
    switch (o->kind) {
    case ObjKind::Str: {
        auto* s = static_cast<StrObj*>(o);
        if (s->hashCache == -1) s->hashCache = hashString(s->s);
        return s->hashCache;
    }
    case ObjKind::Bytes:
        if (static_cast<BytesObj*>(o)->isArray()) raise(types().TypeError, "unhashable type: 'bytearray'");
        return hashString(static_cast<BytesObj*>(o)->s) ^ 0x55;
    case ObjKind::BigInt:
        return bigHash(v);
    case ObjKind::Tuple: {
        // CPython's xxHash-based tuple hash
        const uint64_t P1 = 11400714785074694791ull, P2 = 14029467366897019727ull, P5 = 2870177450012600261ull;
        uint64_t acc = P5;
        auto& items = static_cast<TupleObj*>(o)->items;
        for (auto& it : items) {
            uint64_t lane = uint64_t(hash(it));
            acc += lane * P2;
            acc = (acc << 31) | (acc >> 33);
            acc *= P1;
        }
        acc += uint64_t(items.size()) ^ (P5 ^ 3527539ull);
        if (acc == uint64_t(-1)) return 1546275796;
        return int64_t(acc);
    }
    case ObjKind::FrozenSet: {
        int64_t h = 0;
        static_cast<SetObj*>(o)->forEach([&](const Value& k) { h ^= hash(k) * 1000003; });
        return h == -1 ? -2 : h;
    }
    case ObjKind::List:
    case ObjKind::Dict:
        // a subclass defining __hash__ is hashable (its __eq__ is its own business)
        if (subclassAttrs(v))
            if (Value h = subclassSpecial(*this, v, "__hash__"); !h.isUndef() && !h.isNone()) {
                Value r = call(h, nullptr, 0);
                if (r.isInt()) return r.asInt() == -1 ? -2 : r.asInt();
                if (r.isKind(ObjKind::BigInt)) return bigHash(r);
                raise(types().TypeError, "__hash__ method should return an integer");
            }
        [[fallthrough]];
    case ObjKind::Set:
        raise(types().TypeError, std::string("unhashable type: '") + typeOf(v)->name + "'");
    case ObjKind::Instance: {
        ClassObj* t = typeOf(v);
        if (t->hasCustomEq || t->hasCustomHash) {
            Value* h = t->lookup("__hash__");
            if (!h || h->isNone()) raise(types().TypeError, std::string("unhashable type: '") + t->name + "'");
            Value r = call(*h, &v, 1);
            if (r.isInt()) return r.asInt() == -1 ? -2 : r.asInt();
            if (r.isKind(ObjKind::BigInt)) return bigHash(r);
            raise(types().TypeError, "__hash__ method should return an integer");
        }
        if (const Value* base = boxedBase(v)) return hash(*base);
        break;
    }
    case ObjKind::Native: {
        // a native class's own __hash__ (numpy scalars hash as their value; tensors refuse)
        if (Value* h = typeOf(v)->lookup("__hash__"); h && !h->isNone() && h->isKind(ObjKind::Builtin)) {
            Value r = call(*h, &v, 1);
            if (r.isInt()) return r.asInt() == -1 ? -2 : r.asInt();
            raise(types().TypeError, "__hash__ method should return an integer");
        }
        break;
    }
    default:
        break;
    }
    uintptr_t p = reinterpret_cast<uintptr_t>(o);
    return int64_t((p >> 4) | (p << 60));
}

ClassObj* iterClass(const std::string& name) {
    // Never destroyed: the classes are immortal and must stay reachable until exit.
    static auto* m = new std::map<std::string, ClassObj*>;
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    ClassObj*& c = (*m)[name];
    if (!c) {
        c = new ClassObj(name);
        c->rc = int64_t(1) << 40;
        c->cls = types().type;
        c->builtin = true;
        c->instanceKind = ObjKind::Iter;
        c->bases.push_back(types().iterator);
        c->mro = { c, types().iterator, types().object };
        makeImmortal(c);
    }
    return c;
}

Value withClass(Value v, const char* name) {
    v.obj()->cls = iterClass(name);
    return v;
}

static Value iterImpl(Interpreter& in, const Value& v);
Value Interpreter::iter(const Value& v) {
    Value r = iterImpl(*this, v);
    if (r.isKind(ObjKind::Iter) && r.obj()->cls == types().iterator && v.isObj()) {
        switch (v.obj()->kind) {
        case ObjKind::List:
            return withClass(r, "list_iterator");
        case ObjKind::Tuple:
            return withClass(r, "tuple_iterator");
        case ObjKind::Range:
            return withClass(r, "range_iterator");
        case ObjKind::Str:
            return withClass(r, v.as<StrObj>()->isAscii() ? "str_ascii_iterator" : "str_iterator");
        case ObjKind::Dict:
            return withClass(r, "dict_keyiterator");
        case ObjKind::Set:
        case ObjKind::FrozenSet:
            return withClass(r, "set_iterator");
        case ObjKind::Bytes:
            return withClass(r, v.as<BytesObj>()->isArray() ? "bytearray_iterator" : "bytes_iterator");
        default:
            break;
        }
    }
    return r;
}

static Value iterImpl(Interpreter& in, const Value& v) {
    return in.iterRaw(v);
}

// iter() of the object a class's __iter__ returned: an iterator, or TypeError.
static Value checkedIter(Interpreter& in, const Value& iterFn) {
    Value r = in.call(iterFn, nullptr, 0);
    if (in.lookupSpecial(r, "__next__").isUndef() && !r.isKind(ObjKind::Iter))
        raise(types().TypeError, std::string("iter() returned non-iterator of type '") + typeName(in, r) + "'");
    return r;
}

Value Interpreter::iterRaw(const Value& v) {
    if (v.isObj()) {
        if (subclassAttrs(v)) [[unlikely]]
            if (Value f = subclassSpecial(*this, v, "__iter__"); !f.isUndef()) return checkedIter(*this, f);
        return builtinIter(*this, v);
    }
    raise(types().TypeError, std::string("'") + typeName(*this, v) + "' object is not iterable");
}

// iter(v) for a builtin iterable, or through v's class's __iter__ / __getitem__ (no subclass check).
Value builtinIter(Interpreter& in, const Value& v) {
    switch (v.obj()->kind) {
    case ObjKind::List: {
        auto i = std::make_shared<size_t>(0);
        Value hold = v;
        return Value::adopt(new IterObj(
            [hold, i](Interpreter&) -> Value {
                auto& items = hold.as<ListObj>()->items;
                if (*i >= items.size()) return Value();
                return items[(*i)++];
            },
            v));
    }
    case ObjKind::Tuple: {
        auto i = std::make_shared<size_t>(0);
        Value hold = v;
        return Value::adopt(new IterObj(
            [hold, i](Interpreter&) -> Value {
                auto& items = hold.as<TupleObj>()->items;
                if (*i >= items.size()) return Value();
                return items[(*i)++];
            },
            v));
    }
    case ObjKind::Range:
        return rangeIter(in, v, false);
    case ObjKind::Str: {
        auto pos = std::make_shared<size_t>(0);
        Value hold = v;
        return Value::adopt(new IterObj(
            [hold, pos](Interpreter&) -> Value {
                auto& s = hold.as<StrObj>()->s;
                if (*pos >= s.size()) return Value();
                size_t b = *pos, e = b + 1;
                while (e < s.size() && (static_cast<unsigned char>(s[e]) & 0xC0) == 0x80) ++e;
                *pos = e;
                return newStr(s.substr(b, e - b));
            },
            v));
    }
    case ObjKind::Bytes: {
        auto pos = std::make_shared<size_t>(0);
        Value hold = v;
        return Value::adopt(new IterObj(
            [hold, pos](Interpreter&) -> Value {
                auto& s = hold.as<BytesObj>()->s;
                if (*pos >= s.size()) return Value();
                return Value::integer(static_cast<unsigned char>(s[(*pos)++]));
            },
            v));
    }
    case ObjKind::Dict: {
        auto pos = std::make_shared<size_t>(0);
        Value hold = v;
        int64_t size0 = v.as<DictObj>()->size();
        return Value::adopt(new IterObj(
            [hold, pos, size0](Interpreter&) -> Value {
                auto* d = hold.as<DictObj>();
                if (d->size() != size0) raise(types().RuntimeError, "dictionary changed size during iteration");
                while (*pos < d->entries.size() && d->entries[*pos].key.isUndef()) ++*pos;
                if (*pos >= d->entries.size()) return Value();
                return d->entries[(*pos)++].key;
            },
            v));
    }
    case ObjKind::Set:
    case ObjKind::FrozenSet: {
        auto pos = std::make_shared<size_t>(0);
        Value hold = v;
        int64_t size0 = v.as<SetObj>()->size();
        return Value::adopt(new IterObj(
            [hold, pos, size0](Interpreter&) -> Value {
                auto* s = hold.as<SetObj>();
                if (s->size() != size0) raise(types().RuntimeError, "Set changed size during iteration");
                while (*pos < s->table.size() && (s->table[*pos].key.isUndef() || s->table[*pos].dummy)) ++*pos;
                if (*pos >= s->table.size()) return Value();
                return s->table[(*pos)++].key;
            },
            v));
    }
    case ObjKind::Iter:
    case ObjKind::Generator:
        return v;
    default:
        break;
    }
    Value it = in.lookupSpecial(v, "__iter__");
    if (!it.isUndef()) return checkedIter(in, it);
    Value gi = in.lookupSpecial(v, "__getitem__");
    if (!gi.isUndef()) {
        auto i = std::make_shared<int64_t>(0);
        return Value::adopt(new IterObj(
            [gi, i](Interpreter& ip) -> Value {
                Value idx = Value::integer((*i)++);
                try {
                    return ip.call(gi, &idx, 1);
                } catch (PyError& e) {
                    if (ip.isInstance(e.exc, types().IndexError) || ip.isInstance(e.exc, types().StopIteration))
                        return Value();
                    throw;
                }
            },
            v));
    }
    raise(types().TypeError, std::string("'") + typeName(in, v) + "' object is not iterable");
}

Value Interpreter::next(const Value& it) {
    if (it.isKind(ObjKind::Iter)) return it.as<IterObj>()->next(*this);
    if (it.isKind(ObjKind::Generator)) return genNext(*this, it);
    Value n = lookupSpecial(it, "__next__");
    if (n.isUndef()) raise(types().TypeError, std::string("'") + typeName(*this, it) + "' object is not an iterator");
    try {
        return call(n, nullptr, 0);
    } catch (PyError& e) {
        if (isInstance(e.exc, types().StopIteration)) return Value();
        throw;
    }
}

std::vector<Value> Interpreter::toVector(const Value& iterable) {
    if (iterable.isKind(ObjKind::List) && !iterable.as<ListObj>()->attrs.isObj()) return iterable.as<ListObj>()->items;
    if (iterable.isKind(ObjKind::Tuple)) return iterable.as<TupleObj>()->items;
    CountedValues out; // counts against the memory cap as it grows: a runaway iterable ends in MemoryError
    forEach(iterable, [&](const Value& v) { out.push(v); });
    return out.take();
}

bool listContains(Interpreter& in, ListObj* l, const Value& item) {
    auto& items = l->items;
    for (size_t i = 0; i < items.size(); ++i) {
        Value x = items[i];
        if (x.identical(item) || in.eq(x, item)) return true;
    }
    return false;
}

bool Interpreter::contains(const Value& c, const Value& item) {
    if (c.isObj()) {
        switch (c.obj()->kind) {
        case ObjKind::Str: {
            if (boxedBase(item)) return contains(c, unboxed(item));
            if (!item.isKind(ObjKind::Str))
                raise(types().TypeError,
                      std::string("'in <string>' requires string as left operand, not ") + typeName(*this, item));
            return c.as<StrObj>()->s.find(item.as<StrObj>()->s) != std::string::npos;
        }
        case ObjKind::Dict:
            if (c.as<DictObj>()->attrs.isObj()) [[unlikely]]
                break; // the subclass's __contains__, or dict's own
            return c.as<DictObj>()->find(item) != nullptr;
        case ObjKind::Bytes: {
            auto& s = c.as<BytesObj>()->s;
            if (item.isInt()) return s.find(char(item.asInt())) != std::string::npos;
            if (item.isKind(ObjKind::Bytes)) return s.find(item.as<BytesObj>()->s) != std::string::npos;
            raise(types().TypeError,
                  std::string("a bytes-like object is required, not '") + typeName(*this, item) + "'");
        }
        case ObjKind::Set:
        case ObjKind::FrozenSet:
            return c.as<SetObj>()->contains(item);
        case ObjKind::List:
            if (c.as<ListObj>()->attrs.isObj()) [[unlikely]]
                break;
            return listContains(*this, c.as<ListObj>(), item);
        case ObjKind::Tuple:
            for (auto& x : c.as<TupleObj>()->items)
                if (x.identical(item) || eq(x, item)) return true;
            return false;
        case ObjKind::Range: {
            auto* r = c.as<RangeObj>();
            if (!item.isInt() || r->big()) {
                if (isIntLike(item)) return rangeContainsInt(*this, r, item);
                break;
            }
            int64_t x = item.asInt();
            if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
            return (x - r->start) % r->step == 0;
        }
        default:
            break;
        }
        Value ct = lookupSpecial(c, "__contains__");
        if (!ct.isUndef()) return truthy(call(ct, &item, 1));
    }
    bool found = false;
    Value itv;
    try {
        itv = iter(c);
    } catch (PyError&) {
        raise(types().TypeError, std::string("argument of type '") + typeName(*this, c) + "' is not iterable");
    }
    for (;;) {
        Value v = next(itv);
        if (v.isUndef()) break;
        if (v.identical(item) || eq(v, item)) {
            found = true;
            break;
        }
    }
    return found;
}

int64_t Interpreter::toIndex(const Value& v, const char* what) {
    if (v.isInt()) return v.asInt();
    if (v.isBool()) return v.asBool();
    if (v.isKind(ObjKind::BigInt)) raise(types().OverflowError, "Python int too large to convert to C ssize_t");
    Value idx = lookupSpecial(v, "__index__");
    if (!idx.isUndef()) return toIndex(call(idx, nullptr, 0), what);
    if (const Value* base = boxedBase(v); base && isIntLike(*base)) return toIndex(*base, what);
    if (what) raise(types().TypeError, what);
    raise(types().TypeError, std::string("'") + typeName(*this, v) + "' object cannot be interpreted as an integer");
}

double Interpreter::toDouble(const Value& v) {
    if (v.isFloat()) return v.asFloat();
    if (v.isInt()) return double(v.asInt());
    if (v.isBool()) return v.asBool();
    if (v.isKind(ObjKind::BigInt)) return bigToDouble(v);
    Value f = lookupSpecial(v, "__float__");
    if (!f.isUndef()) return toDouble(call(f, nullptr, 0));
    Value idx = lookupSpecial(v, "__index__");
    if (!idx.isUndef()) return toDouble(call(idx, nullptr, 0));
    if (const Value* base = boxedBase(v); base && !base->isKind(ObjKind::Str)) return toDouble(*base);
    raise(types().TypeError, std::string("must be real number, not ") + typeName(*this, v));
}

} // namespace graphlens::lang

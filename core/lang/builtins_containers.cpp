// list, tuple, dict, set, int and float methods.
#include <algorithm>
#include <cmath>
#include <mutex>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {
ListObj* L(const CallArgs& a) {
    return a[0].as<ListObj>();
}
DictObj* D(const CallArgs& a) {
    return a[0].as<DictObj>();
}
SetObj* St(const CallArgs& a) {
    return a[0].as<SetObj>();
}

void argc(const CallArgs& a, const char* name, size_t mn, size_t mx) {
    size_t n = a.n - 1;
    if (n >= mn && n <= mx) return;
    if (mn == mx && mn == 0)
        raise(types().TypeError, std::string(name) + "() takes no arguments (" + std::to_string(n) + " given)");
    if (mn == mx && mn == 1)
        raise(types().TypeError, std::string(name) + "() takes exactly one argument (" + std::to_string(n) + " given)");
    if (n < mn)
        raise(types().TypeError,
              std::string(name) + " expected at least " + std::to_string(mn) + " argument" + (mn == 1 ? "" : "s") +
                  ", got " + std::to_string(n));
    raise(types().TypeError,
          std::string(name) + " expected at most " + std::to_string(mx) + " argument" + (mx == 1 ? "" : "s") +
              ", got " + std::to_string(n));
}

Value dictView(Interpreter& in, const Value& d, int which) {
    (void)in;
    std::vector<Value> out;
    d.as<DictObj>()->forEach([&](const Value& k, const Value& v) {
        if (which == 0) out.push_back(k);
        else if (which == 1) out.push_back(v);
        else out.push_back(newTuple({ k, v }));
    });
    return newList(std::move(out));
}

// dict views are materialised as lists wrapped in a light "view" type that prints like CPython.
ClassObj* viewType(int which) {
    static ClassObj* t[3] = { nullptr, nullptr, nullptr };
    // Made once for the process; scripts on other threads may ask for it at the same time.
    static std::once_flag made[3];
    std::call_once(made[which], [which] {
        static const char* names[] = { "dict_keys", "dict_values", "dict_items" };
        auto* c = new ClassObj(names[which]);
        c->rc = int64_t(1) << 40;
        c->cls = types().type;
        c->builtin = true;
        c->bases.push_back(types().object);
        c->mro = { c, types().object };
        t[which] = c;
        auto items = [which](const Value& self) {
            auto* nd = self.as<NativeObj>()->dict.as<DictObj>();
            Value* src = nd->findStr("dict");
            nd->setStr("items", dictView(*currentInterpreter(), *src, which));
            return nd->findStr("items");
        };
        addMethod(c, "__iter__", [items](Interpreter& in, CallArgs& a) -> Value { return in.iter(*items(a[0])); });
        addMethod(c, "__len__",
                  [items](Interpreter& in, CallArgs& a) -> Value { return Value::integer(in.len(*items(a[0]))); });
        addMethod(c, "__contains__", [items](Interpreter& in, CallArgs& a) -> Value {
            return Value::boolean(in.contains(*items(a[0]), a[1]));
        });
        addMethod(c, "__reversed__", [items](Interpreter& in, CallArgs& a) -> Value {
            std::vector<Value> v = in.toVector(*items(a[0]));
            std::reverse(v.begin(), v.end());
            return in.iter(newList(std::move(v)));
        });
        addMethod(c, "__repr__", [items, which](Interpreter& in, CallArgs& a) -> Value {
            static const char* names2[] = { "dict_keys", "dict_values", "dict_items" };
            return newStr(std::string(names2[which]) + "(" + in.repr(*items(a[0])) + ")");
        });
        static const std::pair<const char*, BinOpKind> setOps[] = {
            { "__and__", BinOpKind::BitAnd }, { "__or__", BinOpKind::BitOr },    { "__sub__", BinOpKind::Sub },
            { "__xor__", BinOpKind::BitXor }, { "__rand__", BinOpKind::BitAnd }, { "__ror__", BinOpKind::BitOr },
            { "__rsub__", BinOpKind::Sub },   { "__rxor__", BinOpKind::BitXor }
        };
        for (auto& [nm, op] : setOps) {
            BinOpKind o = op;
            bool reflected = nm[2] == 'r';
            addMethod(c, nm, [items, o, reflected](Interpreter& in, CallArgs& a) -> Value {
                Value sa = newSet(), sb = newSet();
                in.forEach(*items(a[0]), [&](const Value& v) { sa.as<SetObj>()->add(v); });
                Value other = a[1];
                if (other.isKind(ObjKind::Native)) other = *items(other);
                in.forEach(other, [&](const Value& v) { sb.as<SetObj>()->add(v); });
                return reflected ? in.binaryOp(o, sb, sa) : in.binaryOp(o, sa, sb);
            });
        }
        addMethod(c, "__eq__", [items](Interpreter& in, CallArgs& a) -> Value {
            Value other = a[1];
            if (other.isKind(ObjKind::Native)) {
                Value* o = items(other);
                if (o) other = *o;
            }
            Value sa = newSet(), sb = newSet();
            in.forEach(*items(a[0]), [&](const Value& v) { sa.as<SetObj>()->add(v); });
            in.forEach(other, [&](const Value& v) { sb.as<SetObj>()->add(v); });
            return Value::boolean(in.eq(sa, sb));
        });
        makeImmortal(c);
    });
    return t[which];
}

Value makeView(Interpreter& in, const Value& d, int which) {
    auto* n = new NativeObj(viewType(which), nullptr);
    Value v = Value::adopt(n);
    n->dict = newDict();
    n->dict.as<DictObj>()->setStr("dict", d);
    (void)in;
    return v;
}

} // namespace

void initContainerMethods() {
    auto& T = types();
    // list
    addMethod(T.list, "append", [](Interpreter&, CallArgs& a) -> Value {
        argc(a, "list.append", 1, 1);
        auto* l = L(a);
        l->push(a[1]);
        return Value::none();
    });
    addMethod(T.list, "extend", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "list.extend", 1, 1);
        std::vector<Value> items = in.toVector(a[1]);
        auto* l = L(a);
        l->reserveMore(items.size());
        l->items.insert(l->items.end(), items.begin(), items.end());
        return Value::none();
    });
    addMethod(T.list, "insert", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "insert", 2, 2);
        auto* l = L(a);
        int64_t n = int64_t(l->items.size()), i = in.toIndex(a[1]);
        if (i < 0) i = std::max<int64_t>(0, i + n);
        if (i > n) i = n;
        l->reserveMore(1);
        l->items.insert(l->items.begin() + i, a[2]);
        return Value::none();
    });
    addMethod(T.list, "pop", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "pop", 0, 1);
        auto* l = L(a);
        if (l->items.empty()) raise(types().IndexError, "pop from empty list");
        int64_t n = int64_t(l->items.size());
        int64_t i = a.n > 1 ? in.toIndex(a[1]) : n - 1;
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(types().IndexError, "pop index out of range");
        Value v = l->items[size_t(i)];
        l->items.erase(l->items.begin() + i);
        return v;
    });
    addMethod(T.list, "remove", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "list.remove", 1, 1);
        auto* l = L(a);
        for (size_t i = 0; i < l->items.size(); ++i) {
            Value x = l->items[i];
            if (x.identical(a[1]) || in.eq(x, a[1])) {
                l->items.erase(l->items.begin() + long(i));
                return Value::none();
            }
        }
        raise(types().ValueError, "list.remove(x): x not in list");
    });
    addMethod(T.list, "index", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "index", 1, 3);
        auto* l = L(a);
        int64_t n = int64_t(l->items.size());
        int64_t st = a.n > 2 ? in.toIndex(a[2]) : 0, en = a.n > 3 ? in.toIndex(a[3]) : n;
        if (st < 0) st = std::max<int64_t>(0, st + n);
        if (en < 0) en = std::max<int64_t>(0, en + n);
        for (int64_t i = st; i < std::min(en, int64_t(l->items.size())); ++i) {
            Value x = l->items[size_t(i)];
            if (x.identical(a[1]) || in.eq(x, a[1])) return Value::integer(i);
        }
        raise(types().ValueError, in.repr(a[1]) + " is not in list");
    });
    addMethod(T.list, "count", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "count", 1, 1);
        int64_t c = 0;
        auto items = L(a)->items;
        for (auto& x : items)
            if (x.identical(a[1]) || in.eq(x, a[1])) ++c;
        return Value::integer(c);
    });
    addMethod(T.list, "clear", [](Interpreter&, CallArgs& a) -> Value {
        L(a)->items.clear();
        return Value::none();
    });
    addMethod(T.list, "copy", [](Interpreter&, CallArgs& a) -> Value { return newList(L(a)->items); });
    addMethod(T.list, "reverse", [](Interpreter&, CallArgs& a) -> Value {
        std::reverse(L(a)->items.begin(), L(a)->items.end());
        return Value::none();
    });
    addMethod(T.list, "sort", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n > 1) raise(types().TypeError, "sort() takes no positional arguments");
        const Value* k = a.kwarg("key");
        const Value* r = a.kwarg("reverse");
        Value key = k ? *k : Value::none();
        bool rev = r ? in.truthy(*r) : false;
        Value sorted = in.call(in.builtins()->findStr("sorted") ? *in.builtins()->findStr("sorted") : Value::none(),
                               &a[0], 1, nullptr);
        // re-sort with key/reverse through the builtin
        std::vector<std::pair<std::string, Value>> kw;
        if (!key.isNone()) kw.emplace_back("key", key);
        if (rev) kw.emplace_back("reverse", Value::boolean(true));
        if (!kw.empty()) sorted = in.call(*in.builtins()->findStr("sorted"), &a[0], 1, &kw);
        L(a)->items = sorted.as<ListObj>()->items;
        return Value::none();
    });
    addMethod(T.list, "__len__",
              [](Interpreter&, CallArgs& a) -> Value { return Value::integer(int64_t(L(a)->items.size())); });
    // The builtin behaviour itself: a subclass's override may call these (super().__getitem__(i)).
    addMethod(T.list, "__getitem__", [](Interpreter& in, CallArgs& a) -> Value { return seqGetItem(in, a[0], a[1]); });
    addMethod(T.list, "__setitem__", [](Interpreter& in, CallArgs& a) -> Value {
        listSetItem(in, L(a), a[1], a[2]);
        return Value::none();
    });
    addMethod(T.list, "__contains__",
              [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(listContains(in, L(a), a[1])); });
    addMethod(T.list, "__iter__", [](Interpreter& in, CallArgs& a) -> Value { return builtinIter(in, a[0]); });
    // tuple
    addMethod(T.tuple, "index", [](Interpreter& in, CallArgs& a) -> Value {
        auto& items = a[0].as<TupleObj>()->items;
        int64_t n = int64_t(items.size());
        int64_t st = a.n > 2 ? in.toIndex(a[2]) : 0, en = a.n > 3 ? in.toIndex(a[3]) : n;
        if (st < 0) st = std::max<int64_t>(0, st + n);
        if (en < 0) en = std::max<int64_t>(0, en + n);
        for (int64_t i = st; i < std::min(en, n); ++i)
            if (items[size_t(i)].identical(a[1]) || in.eq(items[size_t(i)], a[1])) return Value::integer(i);
        raise(types().ValueError, "tuple.index(x): x not in tuple");
    });
    addMethod(T.tuple, "count", [](Interpreter& in, CallArgs& a) -> Value {
        int64_t c = 0;
        for (auto& x : a[0].as<TupleObj>()->items)
            if (x.identical(a[1]) || in.eq(x, a[1])) ++c;
        return Value::integer(c);
    });
    addMethod(T.tuple, "__len__", [](Interpreter&, CallArgs& a) -> Value {
        return Value::integer(int64_t(a[0].as<TupleObj>()->items.size()));
    });
    addMethod(T.tuple, "__getitem__", [](Interpreter& in, CallArgs& a) -> Value { return in.getItem(a[0], a[1]); });
    // dict
    addMethod(T.dict, "get", [](Interpreter&, CallArgs& a) -> Value {
        argc(a, "get", 1, 2);
        if (Value* v = D(a)->find(a[1])) return *v;
        return a.n > 2 ? a[2] : Value::none();
    });
    addMethod(T.dict, "keys", [](Interpreter& in, CallArgs& a) -> Value { return makeView(in, a[0], 0); });
    addMethod(T.dict, "values", [](Interpreter& in, CallArgs& a) -> Value { return makeView(in, a[0], 1); });
    addMethod(T.dict, "items", [](Interpreter& in, CallArgs& a) -> Value { return makeView(in, a[0], 2); });
    addMethod(T.dict, "pop", [](Interpreter& in, CallArgs& a) -> Value {
        argc(a, "pop", 1, 2);
        if (Value* v = D(a)->find(a[1])) {
            Value r = *v;
            D(a)->erase(a[1]);
            return r;
        }
        if (a.n > 2) return a[2];
        raiseValue(in.call(Value::object(types().KeyError), &a[1], 1));
    });
    addMethod(T.dict, "popitem", [](Interpreter&, CallArgs& a) -> Value {
        auto* d = D(a);
        for (size_t i = d->entries.size(); i-- > 0;) {
            if (d->entries[i].key.isUndef()) continue;
            Value k = d->entries[i].key, v = d->entries[i].value;
            d->erase(k);
            return newTuple({ k, v });
        }
        raise(types().KeyError, "popitem(): dictionary is empty");
    });
    addMethod(T.dict, "setdefault", [](Interpreter&, CallArgs& a) -> Value {
        if (Value* v = D(a)->find(a[1])) return *v;
        Value dv = a.n > 2 ? a[2] : Value::none();
        D(a)->set(a[1], dv);
        return dv;
    });
    addMethod(T.dict, "update", [](Interpreter& in, CallArgs& a) -> Value {
        auto* d = D(a);
        if (a.n > 1) {
            Value keys;
            if (a[1].isKind(ObjKind::Dict)) {
                Value src = a[1];
                src.as<DictObj>()->forEach([&](const Value& k, const Value& v) { d->set(k, v); });
            } else if (in.getAttrOpt(a[1], "keys", keys)) {
                // any mapping: its keys() and items (collections.abc.Mapping, UserDict, ChainMap)
                Value src = a[1];
                for (const Value& k : in.toVector(in.call(keys, nullptr, 0))) d->set(k, in.getItem(src, k));
            } else {
                in.forEach(a[1], [&](const Value& item) {
                    auto kv = in.toVector(item);
                    if (kv.size() != 2)
                        raise(types().ValueError,
                              "dictionary update sequence element #0 has length " + std::to_string(kv.size()) +
                                  "; 2 is required");
                    d->set(kv[0], kv[1]);
                });
            }
        }
        if (a.kw)
            for (auto& [k, v] : *a.kw) d->set(newStr(k), v);
        return Value::none();
    });
    addMethod(T.dict, "clear", [](Interpreter&, CallArgs& a) -> Value {
        D(a)->clear();
        return Value::none();
    });
    addMethod(T.dict, "copy", [](Interpreter&, CallArgs& a) -> Value {
        Value r = newDict();
        D(a)->forEach([&](const Value& k, const Value& v) { r.as<DictObj>()->set(k, v); });
        return r;
    });
    T.dict->d()->setStr("fromkeys",
                        Value::adopt(new WrapperObj(ObjKind::ClassMethod,
                                                    newBuiltin("fromkeys", [](Interpreter& in, CallArgs& a) -> Value {
                                                        // on a subclass: an instance of it, filled through its
                                                        // __setitem__
                                                        bool plain = a[0].identical(Value::object(types().dict));
                                                        Value r = plain ? newDict() : in.call(a[0], nullptr, 0);
                                                        Value dv = a.n > 2 ? a[2] : Value::none();
                                                        in.forEach(a[1], [&](const Value& k) {
                                                            if (plain) r.as<DictObj>()->set(k, dv);
                                                            else in.setItem(r, k, dv);
                                                        });
                                                        return r;
                                                    }))));
    addMethod(T.dict, "__len__", [](Interpreter&, CallArgs& a) -> Value { return Value::integer(D(a)->size()); });
    addMethod(T.dict, "__getitem__",
              [](Interpreter& in, CallArgs& a) -> Value { return dictGetItemOrMissing(in, a[0], a[1]); });
    addMethod(T.dict, "__setitem__", [](Interpreter&, CallArgs& a) -> Value {
        D(a)->set(a[1], a[2]);
        return Value::none();
    });
    addMethod(T.dict, "__contains__",
              [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(D(a)->find(a[1]) != nullptr); });
    addMethod(T.dict, "__iter__", [](Interpreter& in, CallArgs& a) -> Value { return builtinIter(in, a[0]); });
    // set
    for (ClassObj* c : { T.set, T.frozenset }) {
        bool frozen = c == T.frozenset;
        auto binop = [frozen](BinOpKind op) {
            return [op, frozen](Interpreter& in, CallArgs& a) -> Value {
                Value acc = a[0];
                if (a.n == 1) {
                    Value r = newSet(frozen);
                    St(a)->forEach([&](const Value& k) { r.as<SetObj>()->add(k); });
                    return r;
                }
                for (size_t i = 1; i < a.n; ++i) {
                    Value other = a[i];
                    if (!other.isKind(ObjKind::Set) && !other.isKind(ObjKind::FrozenSet)) {
                        Value s = newSet();
                        in.forEach(other, [&](const Value& k) { s.as<SetObj>()->add(k); });
                        other = s;
                    }
                    acc = in.binaryOp(op, acc, other);
                }
                return acc;
            };
        };
        addMethod(c, "union", binop(BinOpKind::BitOr));
        addMethod(c, "intersection", binop(BinOpKind::BitAnd));
        addMethod(c, "difference", binop(BinOpKind::Sub));
        addMethod(c, "symmetric_difference", binop(BinOpKind::BitXor));
        addMethod(c, "issubset", [](Interpreter& in, CallArgs& a) -> Value {
            Value s = newSet();
            in.forEach(a[1], [&](const Value& k) { s.as<SetObj>()->add(k); });
            return in.compare(CmpOpKind::LtE, a[0], s);
        });
        addMethod(c, "issuperset", [](Interpreter& in, CallArgs& a) -> Value {
            Value s = newSet();
            in.forEach(a[1], [&](const Value& k) { s.as<SetObj>()->add(k); });
            return in.compare(CmpOpKind::GtE, a[0], s);
        });
        addMethod(c, "isdisjoint", [](Interpreter& in, CallArgs& a) -> Value {
            bool dis = true;
            in.forEach(a[1], [&](const Value& k) {
                if (St(a)->contains(k)) dis = false;
            });
            return Value::boolean(dis);
        });
        addMethod(c, "copy", [frozen](Interpreter&, CallArgs& a) -> Value {
            Value r = newSet(frozen);
            St(a)->forEach([&](const Value& k) { r.as<SetObj>()->add(k); });
            return r;
        });
        addMethod(c, "__len__", [](Interpreter&, CallArgs& a) -> Value { return Value::integer(St(a)->size()); });
        addMethod(c, "__contains__",
                  [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(St(a)->contains(a[1])); });
    }
    addMethod(T.set, "add", [](Interpreter&, CallArgs& a) -> Value {
        argc(a, "set.add", 1, 1);
        St(a)->add(a[1]);
        return Value::none();
    });
    addMethod(T.set, "remove", [](Interpreter& in, CallArgs& a) -> Value {
        if (!St(a)->discard(a[1])) raiseValue(in.call(Value::object(types().KeyError), &a[1], 1));
        return Value::none();
    });
    addMethod(T.set, "discard", [](Interpreter&, CallArgs& a) -> Value {
        St(a)->discard(a[1]);
        return Value::none();
    });
    addMethod(T.set, "pop", [](Interpreter&, CallArgs& a) -> Value {
        auto* s = St(a);
        for (auto& e : s->table)
            if (!e.key.isUndef() && !e.dummy) {
                Value k = e.key;
                s->discard(k);
                return k;
            }
        raise(types().KeyError, "pop from an empty set");
    });
    addMethod(T.set, "clear", [](Interpreter&, CallArgs& a) -> Value {
        St(a)->clear();
        return Value::none();
    });
    addMethod(T.set, "update", [](Interpreter& in, CallArgs& a) -> Value {
        for (size_t i = 1; i < a.n; ++i) in.forEach(a[i], [&](const Value& k) { St(a)->add(k); });
        return Value::none();
    });
    auto inplace = [](BinOpKind op) {
        return [op](Interpreter& in, CallArgs& a) -> Value {
            for (size_t i = 1; i < a.n; ++i) {
                Value s = newSet();
                in.forEach(a[i], [&](const Value& k) { s.as<SetObj>()->add(k); });
                in.binaryOp(op, a[0], s, true);
            }
            return Value::none();
        };
    };
    addMethod(T.set, "intersection_update", inplace(BinOpKind::BitAnd));
    addMethod(T.set, "difference_update", inplace(BinOpKind::Sub));
    addMethod(T.set, "symmetric_difference_update", inplace(BinOpKind::BitXor));
    // int / float
    addMethod(T.int_, "bit_length", [](Interpreter& in, CallArgs& a) -> Value {
        Value x = a[0];
        if (x.isKind(ObjKind::BigInt)) {
            std::string b = intToString(x, 2);
            return Value::integer(int64_t(b.size()) - (b[0] == '-' ? 1 : 0));
        }
        int64_t v = in.toIndex(x);
        uint64_t u = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
        return Value::integer(u ? 64 - __builtin_clzll(u) : 0);
    });
    addMethod(T.int_, "to_bytes", [](Interpreter& in, CallArgs& a) -> Value {
        int64_t len = a.n > 1 ? in.toIndex(a[1]) : 1;
        std::string order = a.n > 2 ? in.str(a[2]) : "big";
        int64_t v = in.toIndex(a[0]);
        std::string out(size_t(len), '\0');
        for (int64_t i = 0; i < len; ++i)
            out[size_t(order == "big" ? len - 1 - i : i)] = char((uint64_t(v) >> (8 * i)) & 0xFF);
        return Value::adopt(new BytesObj(out));
    });
    {
        static const std::pair<const char*, BinOpKind> ops[] = {
            { "add", BinOpKind::Add },     { "sub", BinOpKind::Sub },           { "mul", BinOpKind::Mult },
            { "truediv", BinOpKind::Div }, { "floordiv", BinOpKind::FloorDiv }, { "mod", BinOpKind::Mod },
            { "pow", BinOpKind::Pow },     { "lshift", BinOpKind::LShift },     { "rshift", BinOpKind::RShift },
            { "and", BinOpKind::BitAnd },  { "or", BinOpKind::BitOr },          { "xor", BinOpKind::BitXor }
        };
        for (ClassObj* c : { T.int_, T.float_, T.bool_ }) {
            for (auto& [nm, op] : ops) {
                BinOpKind o = op;
                addMethod(c, std::string("__") + nm + "__", [o](Interpreter& in, CallArgs& a) -> Value {
                    if (!isIntLike(a[1]) && !a[1].isFloat()) return types().NotImplemented;
                    return in.binaryOp(o, a[0], a[1]);
                });
                addMethod(c, std::string("__r") + nm + "__", [o](Interpreter& in, CallArgs& a) -> Value {
                    if (!isIntLike(a[1]) && !a[1].isFloat()) return types().NotImplemented;
                    return in.binaryOp(o, a[1], a[0]);
                });
            }
            static const std::pair<const char*, CmpOpKind> cmps[] = {
                { "__lt__", CmpOpKind::Lt },  { "__le__", CmpOpKind::LtE }, { "__gt__", CmpOpKind::Gt },
                { "__ge__", CmpOpKind::GtE }, { "__eq__", CmpOpKind::Eq },  { "__ne__", CmpOpKind::NotEq }
            };
            for (auto& [nm, op] : cmps) {
                CmpOpKind o = op;
                addMethod(c, nm, [o](Interpreter& in, CallArgs& a) -> Value {
                    if (!isIntLike(a[1]) && !a[1].isFloat()) return types().NotImplemented;
                    return in.compare(o, a[0], a[1]);
                });
            }
            addMethod(c, "__neg__",
                      [](Interpreter& in, CallArgs& a) -> Value { return in.unaryOp(UnaryOpKind::USub, a[0]); });
            addMethod(c, "__pos__",
                      [](Interpreter& in, CallArgs& a) -> Value { return in.unaryOp(UnaryOpKind::UAdd, a[0]); });
            addMethod(c, "__abs__", [](Interpreter& in, CallArgs& a) -> Value {
                return in.call(*in.builtins()->findStr("abs"), &a[0], 1);
            });
            addMethod(c, "__bool__",
                      [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(in.truthy(a[0])); });
            addMethod(c, "__int__", [](Interpreter& in, CallArgs& a) -> Value {
                return in.call(Value::object(types().int_), &a[0], 1);
            });
            addMethod(c, "__float__",
                      [](Interpreter& in, CallArgs& a) -> Value { return Value::flt(in.toDouble(a[0])); });
            addMethod(c, "__hash__",
                      [](Interpreter& in, CallArgs& a) -> Value { return Value::integer(in.hash(a[0])); });
            addMethod(c, "__round__", [](Interpreter& in, CallArgs& a) -> Value {
                return in.call(*in.builtins()->findStr("round"), a.args, a.n, a.kw);
            });
        }
    }
    addMethod(T.int_, "__index__", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    addMethod(T.int_, "conjugate", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    addMethod(T.float_, "is_integer", [](Interpreter&, CallArgs& a) -> Value {
        double d = a[0].asFloat();
        return Value::boolean(std::isfinite(d) && d == std::floor(d));
    });
    addMethod(T.float_, "hex", [](Interpreter&, CallArgs& a) -> Value {
        char b[64];
        std::snprintf(b, sizeof b, "%a", a[0].asFloat());
        return newStr(b);
    });
    addMethod(T.float_, "as_integer_ratio", [](Interpreter& in, CallArgs& a) -> Value {
        double d = a[0].asFloat();
        if (std::isinf(d)) raise(types().OverflowError, "cannot convert Infinity to integer ratio");
        if (std::isnan(d)) raise(types().ValueError, "cannot convert NaN to integer ratio");
        int e;
        double m = std::frexp(d, &e);
        for (int i = 0; i < 300 && m != std::floor(m); ++i) {
            m *= 2;
            --e;
        }
        Value num = bigFromDouble(m), den = Value::integer(1);
        if (e > 0) num = in.binaryOp(BinOpKind::LShift, num, Value::integer(e));
        else den = in.binaryOp(BinOpKind::LShift, den, Value::integer(-e));
        return newTuple({ num, den });
    });
    T.int_->d()->setStr(
        "from_bytes",
        Value::adopt(new WrapperObj(
            ObjKind::ClassMethod, newBuiltin("from_bytes", [](Interpreter& in, CallArgs& a) -> Value {
                std::string b = a[1].isKind(ObjKind::Bytes) ? a[1].as<BytesObj>()->s : std::string();
                std::string order = a.n > 2 ? in.str(a[2]) : "big";
                Value r = Value::integer(0);
                for (size_t i = 0; i < b.size(); ++i) {
                    unsigned char c = static_cast<unsigned char>(order == "big" ? b[i] : b[b.size() - 1 - i]);
                    r = in.binaryOp(BinOpKind::Add, in.binaryOp(BinOpKind::Mult, r, Value::integer(256)),
                                    Value::integer(c));
                }
                return r;
            }))));
}

} // namespace graphlens::lang

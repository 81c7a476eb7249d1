// Builtin functions and builtin type constructors.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"

namespace graphlens::lang {

ClassObj* newBuiltinClass(const std::string& name) {
    auto* c = new ClassObj(name);
    c->rc = int64_t(1) << 40;
    c->cls = types().type;
    c->builtin = true;
    c->bases.push_back(types().object);
    c->mro = { c, types().object };
    return c;
}

Value newBuiltin(const std::string& name, NativeFn fn, bool method) {
    return Value::adopt(new BuiltinObj(name, std::move(fn), method));
}
void addMethod(ClassObj* c, const std::string& name, NativeFn fn) {
    Value m = newBuiltin(name, std::move(fn), true);
    if (c->builtin) m.as<BuiltinObj>()->owner = c; // native classes check their own receivers
    c->d()->setStr(name, m);
}

namespace {

void arity(const CallArgs& a, const char* name, size_t mn, size_t mx) {
    if (a.n >= mn && a.n <= mx) return;
    if (mn == mx) {
        if (mn == 1)
            raise(types().TypeError,
                  std::string(name) + "() takes exactly one argument (" + std::to_string(a.n) + " given)");
        raise(types().TypeError,
              std::string(name) + " expected " + std::to_string(mn) + " arguments, got " + std::to_string(a.n));
    }
    if (a.n < mn)
        raise(types().TypeError,
              std::string(name) + " expected at least " + std::to_string(mn) + " argument" + (mn == 1 ? "" : "s") +
                  ", got " + std::to_string(a.n));
    raise(types().TypeError,
          std::string(name) + " expected at most " + std::to_string(mx) + " argument" + (mx == 1 ? "" : "s") +
              ", got " + std::to_string(a.n));
}
void noKw(const CallArgs& a, const char* name) {
    if (a.hasKw()) raise(types().TypeError, std::string(name) + "() takes no keyword arguments");
}

Value kwOr(const CallArgs& a, const char* k, Value dflt) {
    if (const Value* v = a.kwarg(k)) return *v;
    return dflt;
}

Value minmax(Interpreter& in, CallArgs& a, bool isMax) {
    const char* name = isMax ? "max" : "min";
    Value key = kwOr(a, "key", Value::none());
    const Value* dflt = a.kwarg("default");
    if (a.n == 0) raise(types().TypeError, std::string(name) + " expected at least 1 argument, got 0");
    std::vector<Value> items;
    if (a.n == 1) items = in.toVector(a[0]);
    else {
        if (dflt)
            raise(types().TypeError,
                  std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
        items.assign(a.args, a.args + a.n);
    }
    if (items.empty()) {
        if (dflt) return *dflt;
        raise(types().ValueError, std::string(name) + "() arg is an empty sequence");
    }
    Value best = items[0];
    Value bestKey = key.isNone() ? best : in.call(key, &best, 1);
    for (size_t i = 1; i < items.size(); ++i) {
        Value k = key.isNone() ? items[i] : in.call(key, &items[i], 1);
        bool better = in.truthy(in.compare(isMax ? CmpOpKind::Gt : CmpOpKind::Lt, k, bestKey));
        if (better) {
            best = items[i];
            bestKey = k;
        }
    }
    return best;
}

double roundHalfEven(double x) {
    return std::nearbyint(x);
}

Value builtinRound(Interpreter& in, CallArgs& a) {
    if (a.n < 1 || a.n > 2) raise(types().TypeError, "round() takes at most 2 arguments");
    Value x = a[0];
    Value nd = a.n > 1 ? a[1] : kwOr(a, "ndigits", Value::none());
    if (isIntLike(x)) {
        if (nd.isNone()) return x.isBool() ? Value::integer(x.asBool()) : x;
        int64_t n = in.toIndex(nd);
        if (n >= 0) return x;
        // round to 10^-n with half-even
        Value p = in.binaryOp(BinOpKind::Pow, Value::integer(10), Value::integer(-n));
        Value q = in.binaryOp(BinOpKind::FloorDiv, x, p);
        Value r = in.binaryOp(BinOpKind::Mod, x, p);
        Value twice = in.binaryOp(BinOpKind::Mult, r, Value::integer(2));
        bool up =
            in.lessThan(p, twice) || (in.eq(twice, p) && in.truthy(in.binaryOp(BinOpKind::Mod, q, Value::integer(2))));
        if (up) q = in.binaryOp(BinOpKind::Add, q, Value::integer(1));
        return in.binaryOp(BinOpKind::Mult, q, p);
    }
    if (!x.isFloat()) {
        Value r = in.lookupSpecial(x, "__round__");
        if (!r.isUndef()) return nd.isNone() ? in.call(r, nullptr, 0) : in.call(r, &nd, 1);
        raise(types().TypeError, std::string("type ") + typeName(in, x) + " doesn't define __round__ method");
    }
    double d = x.asFloat();
    if (nd.isNone()) {
        if (std::isnan(d)) raise(types().ValueError, "cannot convert float NaN to integer");
        if (std::isinf(d)) raise(types().OverflowError, "cannot convert float infinity to integer");
        return bigFromDouble(roundHalfEven(d));
    }
    int64_t n = in.toIndex(nd);
    if (!std::isfinite(d) || d == 0) return x;
    if (n > 308) return x;
    if (n < -308) return Value::flt(std::copysign(0.0, d));
    if (n >= 0) {
        char buf[400];
        std::snprintf(buf, sizeof buf, "%.*f", int(n), d);
        return Value::flt(std::strtod(buf, nullptr));
    }
    double p = std::pow(10.0, double(-n));
    double y = roundHalfEven(d / p) * p;
    return Value::flt(y);
}

Value builtinPrint(Interpreter& in, CallArgs& a) {
    std::string sep = " ", end = "\n";
    Value file = Value::none();
    if (a.kw) {
        for (auto& [k, v] : *a.kw) {
            if (k == "sep") {
                if (!v.isNone()) {
                    if (!v.isKind(ObjKind::Str))
                        raise(types().TypeError, std::string("sep must be None or a string, not ") + typeName(in, v));
                    sep = v.as<StrObj>()->s;
                }
            } else if (k == "end") {
                if (!v.isNone()) {
                    if (!v.isKind(ObjKind::Str))
                        raise(types().TypeError, std::string("end must be None or a string, not ") + typeName(in, v));
                    end = v.as<StrObj>()->s;
                }
            } else if (k == "file") file = v;
            else if (k == "flush") {
            } else raise(types().TypeError, "'" + k + "' is an invalid keyword argument for print()");
        }
    }
    auto& I = InterpreterAccess::impl(in);
    if (file.isNone() && !I.sysStdout.isUndef()) {
        // sys.stdout replaced by the script (contextlib.redirect_stdout): print writes to it
        if (Value* sys = in.modules()->findStr("sys"); sys && sys->isKind(ObjKind::Module))
            if (Value* so = sys->as<ModuleObj>()->d()->findStr("stdout")) file = *so;
    }
    const bool toOut = file.isNone() || file.identical(I.sysStdout);
    if (toOut || file.identical(I.sysStderr)) {
        std::string out;
        for (size_t i = 0; i < a.n; ++i) {
            if (i) out += sep;
            if (a[i].isKind(ObjKind::Str)) out += a[i].as<StrObj>()->s;
            else out += in.str(a[i]);
        }
        out += end;
        in.write(!toOut, out);
        return Value::none();
    }
    // a file object gets each str(), separator and the end in its own write(), as in CPython
    for (size_t i = 0; i < a.n; ++i) {
        if (i) in.callMethod(file, "write", { newStr(sep) });
        in.callMethod(file, "write", { a[i].isKind(ObjKind::Str) ? a[i] : newStr(in.str(a[i])) });
    }
    in.callMethod(file, "write", { newStr(end) });
    return Value::none();
}

Value builtinSorted(Interpreter& in, std::vector<Value> items, const Value& key, bool reverse) {
    if (key.isNone()) {
        if (reverse)
            std::stable_sort(items.begin(), items.end(),
                             [&](const Value& x, const Value& y) { return in.lessThan(y, x); });
        else
            std::stable_sort(items.begin(), items.end(),
                             [&](const Value& x, const Value& y) { return in.lessThan(x, y); });
        return newList(std::move(items));
    }
    std::vector<std::pair<Value, size_t>> keyed;
    keyed.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) keyed.emplace_back(in.call(key, &items[i], 1), i);
    if (reverse)
        std::stable_sort(keyed.begin(), keyed.end(),
                         [&](const auto& x, const auto& y) { return in.lessThan(y.first, x.first); });
    else
        std::stable_sort(keyed.begin(), keyed.end(),
                         [&](const auto& x, const auto& y) { return in.lessThan(x.first, y.first); });
    std::vector<Value> out;
    out.reserve(items.size());
    for (auto& kv : keyed) out.push_back(items[kv.second]);
    return newList(std::move(out));
}

Value makeIter(std::function<Value(Interpreter&)> fn, Value hold = Value()) {
    return Value::adopt(new IterObj(std::move(fn), std::move(hold)));
}

Value zeroArgSuper(Interpreter& in) {
    Frame* f = in.currentFrame();
    if (!f || !f->scope || !f->func) raise(types().RuntimeError, "super(): no arguments");
    const ScopeInfo& sc = *f->scope;
    Value cls;
    for (size_t i = 0; i < sc.freevars.size(); ++i)
        if (sc.freevars[i] == "__class__") cls = f->cells[sc.cellvars.size() + i].as<CellObj>()->value;
    if (!cls.isKind(ObjKind::Class)) raise(types().RuntimeError, "super(): __class__ cell not found");
    if (f->func->npos == 0 && !f->func->hasVarargs) raise(types().RuntimeError, "super(): no arguments");
    Value self = f->locals[0];
    if (self.isUndef()) {
        for (size_t i = 0; i < sc.cellvars.size(); ++i)
            if (!sc.cellParamSlots.empty() && sc.cellParamSlots[i] == 0) self = f->cells[i].as<CellObj>()->value;
    }
    if (self.isUndef()) raise(types().RuntimeError, "super(): arg[0] deleted");
    return Value::adopt(new SuperObj(cls.as<ClassObj>(), self));
}

} // namespace

void initBuiltins(Interpreter& interp, DictObj* b) {
    auto& T = types();
    auto def = [&](const char* name, NativeFn fn) { b->setStr(name, newBuiltin(name, std::move(fn))); };
    auto& ctors = InterpreterAccess::impl(interp).ctors;

    // types
    const std::pair<const char*, ClassObj*> typeNames[] = {
        { "object", T.object },
        { "type", T.type },
        { "int", T.int_ },
        { "bool", T.bool_ },
        { "float", T.float_ },
        { "complex", T.complex_ },
        { "str", T.str },
        { "bytes", T.bytes },
        { "list", T.list },
        { "tuple", T.tuple },
        { "dict", T.dict },
        { "set", T.set },
        { "frozenset", T.frozenset },
        { "range", T.range },
        { "slice", T.slice },
        { "property", T.property },
        { "staticmethod", T.staticmethod },
        { "classmethod", T.classmethod },
        { "super", T.super },
    };
    for (auto& [n, c] : typeNames) b->setStr(n, Value::object(c));
    for (ClassObj* e : T.allExceptions) b->setStr(e->name, Value::object(e));
    b->setStr("EnvironmentError", Value::object(T.EnvironmentError));
    b->setStr("IOError", Value::object(T.EnvironmentError));
    b->setStr("bytearray", Value::object(T.bytearray));
    b->setStr("NotImplemented", T.NotImplemented);
    b->setStr("Ellipsis", T.Ellipsis);
    b->setStr("__name__", newStr("builtins"));

    ctors[T.object] = [](Interpreter&, CallArgs& a) -> Value {
        if (a.n) raise(types().TypeError, "object() takes no arguments");
        return Value::adopt(new InstanceObj(types().object));
    };
    ctors[T.type] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 1) return Value::object(in.typeOf(a[0]));
        if (a.n != 3) raise(types().TypeError, "type() takes 1 or 3 arguments");
        return typeCall3(in, a);
    };
    ctors[T.complex_] = callComplex;
    ctors[T.int_] = [](Interpreter& in, CallArgs& a) -> Value {
        Value baseV = a.n > 1 ? a[1] : kwOr(a, "base", Value());
        if (a.n == 0) return Value::integer(0);
        const Value& x = a[0];
        if (!baseV.isUndef()) {
            if (!x.isKind(ObjKind::Str)) raise(types().TypeError, "int() can't convert non-string with explicit base");
            int64_t base = in.toIndex(baseV);
            if (base != 0 && (base < 2 || base > 36))
                raise(types().ValueError, "int() base must be >= 2 and <= 36, or 0");
            return intFromString(in, x.as<StrObj>()->s, int(base));
        }
        if (x.isInt() || x.isKind(ObjKind::BigInt)) return x;
        if (x.isBool()) return Value::integer(x.asBool());
        if (x.isFloat()) return bigFromDouble(x.asFloat());
        if (x.isKind(ObjKind::Str)) return intFromString(in, x.as<StrObj>()->s, 10);
        if (x.isKind(ObjKind::Bytes)) return intFromString(in, x.as<BytesObj>()->s, 10);
        for (const char* m : { "__int__", "__index__", "__trunc__" }) {
            Value f = in.lookupSpecial(x, m);
            if (!f.isUndef()) return in.call(f, nullptr, 0);
        }
        raise(types().TypeError,
              std::string("int() argument must be a string, a bytes-like object or a real number, not '") +
                  typeName(in, x) + "'");
    };
    ctors[T.bool_] = [](Interpreter& in, CallArgs& a) -> Value {
        return Value::boolean(a.n ? in.truthy(a[0]) : false);
    };
    ctors[T.float_] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 0) return Value::flt(0);
        const Value& x = a[0];
        if (x.isFloat()) return x;
        if (isIntLike(x)) return Value::flt(in.toDouble(x));
        if (x.isKind(ObjKind::Str)) return floatFromString(in, x.as<StrObj>()->s);
        Value f = in.lookupSpecial(x, "__float__");
        if (!f.isUndef()) return in.call(f, nullptr, 0);
        Value ix = in.lookupSpecial(x, "__index__");
        if (!ix.isUndef()) return Value::flt(in.toDouble(in.call(ix, nullptr, 0)));
        raise(types().TypeError,
              std::string("float() argument must be a string or a real number, not '") + typeName(in, x) + "'");
    };
    ctors[T.str] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 0) return newStr("");
        if (a.n >= 2 && a[0].isKind(ObjKind::Bytes)) return newStr(a[0].as<BytesObj>()->s);
        if (a[0].isKind(ObjKind::Str)) return a[0];
        return newStr(in.str(a[0]));
    };
    ctors[T.bytes] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 0) return Value::adopt(new BytesObj(""));
        if (a[0].isKind(ObjKind::Str)) return Value::adopt(new BytesObj(a[0].as<StrObj>()->s));
        if (a[0].isInt() || a[0].isBool() || a[0].isKind(ObjKind::BigInt)) {
            if (a[0].isKind(ObjKind::BigInt))
                raise(types().OverflowError, "cannot fit 'int' into an index-sized integer");
            int64_t n = in.toIndex(a[0]);
            if (n < 0) raise(types().ValueError, "negative count");
            memCheck(n + 40); // asked before the buffer is allocated (BytesObj charges it once made)
            return Value::adopt(new BytesObj(std::string(size_t(n), '\0')));
        }
        if (a.n == 1 && !a[0].isKind(ObjKind::Bytes)) { // pathlib's paths and other objects with __bytes__
            Value m = in.lookupSpecial(a[0], "__bytes__");
            if (!m.isUndef()) {
                Value r = in.call(m, {});
                if (!r.isKind(ObjKind::Bytes))
                    raise(types().TypeError,
                          std::string("__bytes__ returned non-bytes (type ") + typeName(in, r) + ")");
                return r;
            }
        }
        std::string s;
        in.forEach(a[0], [&](const Value& v) {
            int64_t x = in.toIndex(v);
            if (x < 0 || x > 255) raise(types().ValueError, "bytes must be in range(0, 256)");
            s += char(x);
        });
        return Value::adopt(new BytesObj(s));
    };
    ctors[T.bytearray] = bytearrayNew;
    ctors[T.list] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n > 1) raise(types().TypeError, "list expected at most 1 argument, got " + std::to_string(a.n));
        return a.n ? newList(in.toVector(a[0])) : newList();
    };
    ctors[T.tuple] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n && a[0].isKind(ObjKind::Tuple) && a[0].obj()->cls == types().tuple) return a[0]; // not a namedtuple
        return a.n ? newTuple(in.toVector(a[0])) : newTuple();
    };
    ctors[T.dict] = [](Interpreter& in, CallArgs& a) -> Value {
        Value d = newDict();
        auto* dd = d.as<DictObj>();
        if (a.n > 1) raise(types().TypeError, "dict expected at most 1 argument, got " + std::to_string(a.n));
        if (a.n == 1) {
            if (a[0].isKind(ObjKind::Dict))
                a[0].as<DictObj>()->forEach([&](const Value& k, const Value& v) { dd->set(k, v); });
            else {
                Value keys;
                if (a[0].isKind(ObjKind::Instance) && in.getAttrOpt(a[0], "keys", keys)) {
                    for (auto& k : in.toVector(in.call(keys, nullptr, 0))) dd->set(k, in.getItem(a[0], k));
                } else {
                    size_t idx = 0;
                    in.forEach(a[0], [&](const Value& item) {
                        std::vector<Value> kv;
                        try {
                            kv = in.toVector(item);
                        } catch (PyError&) {
                            raise(types().TypeError,
                                  "cannot convert dictionary update sequence element #" + std::to_string(idx) +
                                      " to a sequence");
                        }
                        if (kv.size() != 2)
                            raise(types().ValueError,
                                  "dictionary update sequence element #" + std::to_string(idx) + " has length " +
                                      std::to_string(kv.size()) + "; 2 is required");
                        dd->set(kv[0], kv[1]);
                        ++idx;
                    });
                }
            }
        }
        if (a.kw)
            for (auto& [k, v] : *a.kw) dd->set(newStr(k), v);
        return d;
    };
    auto setCtor = [](bool frozen) {
        return [frozen](Interpreter& in, CallArgs& a) -> Value {
            Value s = newSet(frozen);
            if (a.n) {
                if (frozen && a[0].isKind(ObjKind::FrozenSet)) return a[0];
                in.forEach(a[0], [&](const Value& v) { s.as<SetObj>()->add(v); });
            }
            return s;
        };
    };
    ctors[T.set] = setCtor(false);
    ctors[T.frozenset] = setCtor(true);
    ctors[T.range] = [](Interpreter& in, CallArgs& a) -> Value {
        noKw(a, "range");
        if (a.n == 0) raise(types().TypeError, "range expected at least 1 argument, got 0");
        if (a.n > 3) raise(types().TypeError, "range expected at most 3 arguments, got " + std::to_string(a.n));
        if (a.n == 1) return makeRange(in, Value::integer(0), a[0], Value::integer(1));
        return makeRange(in, a[0], a[1], a.n == 3 ? a[2] : Value::integer(1));
    };
    ctors[T.slice] = [](Interpreter&, CallArgs& a) -> Value {
        if (a.n == 1) return Value::adopt(new SliceObj(Value::none(), a[0], Value::none()));
        return Value::adopt(new SliceObj(a[0], a.n > 1 ? a[1] : Value::none(), a.n > 2 ? a[2] : Value::none()));
    };
    ctors[T.property] = [](Interpreter&, CallArgs& a) -> Value {
        auto* p = new PropertyObj();
        p->fget = a.n > 0 ? a[0] : kwOr(a, "fget", Value::none());
        p->fset = a.n > 1 ? a[1] : kwOr(a, "fset", Value::none());
        p->fdel = a.n > 2 ? a[2] : kwOr(a, "fdel", Value::none());
        p->doc = a.n > 3 ? a[3] : kwOr(a, "doc", Value::none());
        return Value::adopt(p);
    };
    ctors[T.staticmethod] = [](Interpreter&, CallArgs& a) -> Value {
        arity(a, "staticmethod", 1, 1);
        return Value::adopt(new WrapperObj(ObjKind::StaticMethod, a[0]));
    };
    ctors[T.classmethod] = [](Interpreter&, CallArgs& a) -> Value {
        arity(a, "classmethod", 1, 1);
        return Value::adopt(new WrapperObj(ObjKind::ClassMethod, a[0]));
    };
    ctors[T.super] = [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 0) return zeroArgSuper(in);
        if (!a[0].isKind(ObjKind::Class)) raise(types().TypeError, "super() argument 1 must be a type");
        if (a.n == 1) raise(types().NotImplementedError, "unbound super objects are not supported");
        return Value::adopt(new SuperObj(a[0].as<ClassObj>(), a[1]));
    };

    def("print", builtinPrint);
    def("len", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "len", 1, 1);
        return Value::integer(in.len(a[0]));
    });
    def("repr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "repr", 1, 1);
        return newStr(in.repr(a[0]));
    });
    def("ascii", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "ascii", 1, 1);
        return newStr(asciiRepr(in.repr(a[0])));
    });
    def("abs", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "abs", 1, 1);
        const Value& x = a[0];
        if (x.isInt()) return x.asInt() < 0 ? in.unaryOp(UnaryOpKind::USub, x) : x;
        if (x.isBool()) return Value::integer(x.asBool());
        if (x.isFloat()) return Value::flt(std::fabs(x.asFloat()));
        if (x.isKind(ObjKind::BigInt)) return x.as<BigIntObj>()->neg ? bigNeg(x) : x;
        Value f = in.lookupSpecial(x, "__abs__");
        if (!f.isUndef()) return in.call(f, nullptr, 0);
        raise(types().TypeError, std::string("bad operand type for abs(): '") + typeName(in, x) + "'");
    });
    def("min", [](Interpreter& in, CallArgs& a) { return minmax(in, a, false); });
    def("max", [](Interpreter& in, CallArgs& a) { return minmax(in, a, true); });
    def("sum", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n < 1 || a.n > 2)
            raise(types().TypeError, "sum() takes at most 2 arguments (" + std::to_string(a.n) + " given)");
        Value acc = a.n > 1 ? a[1] : kwOr(a, "start", Value::integer(0));
        if (acc.isKind(ObjKind::Str)) raise(types().TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
        in.forEach(a[0], [&](const Value& v) {
            if (acc.isInt() && v.isInt()) {
                int64_t z;
                if (!__builtin_add_overflow(acc.asInt(), v.asInt(), &z)) {
                    acc = Value::integer(z);
                    return;
                }
            } else if (acc.isFloat() && v.isFloat()) {
                acc = Value::flt(acc.asFloat() + v.asFloat());
                return;
            }
            acc = in.binaryOp(BinOpKind::Add, acc, v);
        });
        return acc;
    });
    def("round", builtinRound);
    def("divmod", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "divmod", 2, 2);
        if (isComplex(a[0]) || isComplex(a[1]))
            raise(types().TypeError,
                  std::string("unsupported operand type(s) for divmod(): '") + typeName(in, a[0]) + "' and '" +
                      typeName(in, a[1]) + "'");
        return newTuple({ in.binaryOp(BinOpKind::FloorDiv, a[0], a[1]), in.binaryOp(BinOpKind::Mod, a[0], a[1]) });
    });
    def("pow", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 3) {
            if (!isIntLike(a[0]) || !isIntLike(a[1]) || !isIntLike(a[2]))
                raise(types().TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
            Value m = a[2], base = in.binaryOp(BinOpKind::Mod, a[0], m), e = a[1], r = Value::integer(1);
            if (in.lessThan(e, Value::integer(0)))
                raise(types().ValueError, "base is not invertible for the given modulus");
            while (in.truthy(e)) {
                if (in.truthy(in.binaryOp(BinOpKind::BitAnd, e, Value::integer(1))))
                    r = in.binaryOp(BinOpKind::Mod, in.binaryOp(BinOpKind::Mult, r, base), m);
                e = in.binaryOp(BinOpKind::RShift, e, Value::integer(1));
                base = in.binaryOp(BinOpKind::Mod, in.binaryOp(BinOpKind::Mult, base, base), m);
            }
            return in.binaryOp(BinOpKind::Mod, r, m);
        }
        arity(a, "pow", 2, 3);
        return in.binaryOp(BinOpKind::Pow, a[0], a[1]);
    });
    def("isinstance", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "isinstance", 2, 2);
        std::function<bool(const Value&)> check = [&](const Value& c) -> bool {
            if (c.isKind(ObjKind::Tuple)) {
                for (auto& x : c.as<TupleObj>()->items)
                    if (check(x)) return true;
                return false;
            }
            // __instancecheck__ of type(c): a metaclass's (ABCMeta), or of a non-class (generic aliases)
            if (c.isKind(ObjKind::Class)) {
                ClassObj* k = c.as<ClassObj>();
                if (in.typeOf(a[0]) == k) return true;
                if (k->metaHold.isObj())
                    if (Value* ic = k->cls->lookup("__instancecheck__"); ic && ic->isKind(ObjKind::Func)) {
                        Value args[2] = { c, a[0] };
                        return in.truthy(in.call(*ic, args, 2));
                    }
                return in.isInstance(a[0], k);
            }
            Value ic = in.lookupSpecial(c, "__instancecheck__");
            if (ic.isUndef())
                raise(types().TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
            return in.truthy(in.call(ic, &a[0], 1));
        };
        return Value::boolean(check(a[1]));
    });
    def("issubclass", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "issubclass", 2, 2);
        std::function<bool(const Value&)> check = [&](const Value& c) -> bool {
            if (c.isKind(ObjKind::Tuple)) {
                for (auto& x : c.as<TupleObj>()->items)
                    if (check(x)) return true;
                return false;
            }
            Value sc;
            if (c.isKind(ObjKind::Class)) {
                ClassObj* k = c.as<ClassObj>();
                if (k->metaHold.isObj())
                    if (Value* f = k->cls->lookup("__subclasscheck__"); f && f->isKind(ObjKind::Func)) {
                        Value args[2] = { c, a[0] };
                        return in.truthy(in.call(*f, args, 2));
                    }
            } else {
                sc = in.lookupSpecial(c, "__subclasscheck__");
                if (sc.isUndef())
                    raise(types().TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
                return in.truthy(in.call(sc, &a[0], 1));
            }
            if (!a[0].isKind(ObjKind::Class)) raise(types().TypeError, "issubclass() arg 1 must be a class");
            return a[0].as<ClassObj>()->isSubclassOf(c.as<ClassObj>());
        };
        return Value::boolean(check(a[1]));
    });
    def("id", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "id", 1, 1);
        if (a[0].isObj()) return Value::integer(int64_t(reinterpret_cast<uintptr_t>(a[0].obj())));
        return Value::integer(in.hash(a[0]) * 16 + 0x7f0000000000);
    });
    def("hash", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "hash", 1, 1);
        return Value::integer(in.hash(a[0]));
    });
    def("callable", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "callable", 1, 1);
        const Value& v = a[0];
        if (!v.isObj()) return Value::boolean(false);
        switch (v.obj()->kind) {
        case ObjKind::Func:
        case ObjKind::Builtin:
        case ObjKind::BoundMethod:
        case ObjKind::Class:
            return Value::boolean(true);
        default:
            return Value::boolean(!in.lookupSpecial(v, "__call__").isUndef());
        }
    });
    def("iter", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "iter", 1, 2);
        return in.iter(a[0]);
    });
    def("next", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "next", 1, 2);
        const Value& it = a[0];
        if (!it.isKind(ObjKind::Iter) && in.lookupSpecial(it, "__next__").isUndef())
            raise(types().TypeError, std::string("'") + typeName(in, it) + "' object is not an iterator");
        if (!it.isKind(ObjKind::Iter)) {
            try {
                return in.callMethod(it, "__next__", nullptr, 0);
            } catch (PyError& e) {
                if (a.n > 1 && in.isInstance(e.exc, types().StopIteration)) return a[1];
                throw;
            }
        }
        Value v = in.next(it);
        if (v.isUndef()) {
            if (a.n > 1) return a[1];
            raiseValue(in.call(Value::object(types().StopIteration), nullptr, 0));
        }
        return v;
    });
    def("chr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "chr", 1, 1);
        int64_t cp = in.toIndex(a[0]);
        if (cp < 0 || cp > 0x10FFFF) raise(types().ValueError, "chr() arg not in range(0x110000)");
        std::string s;
        appendUtf8(s, static_cast<uint32_t>(cp));
        return newStr(std::move(s));
    });
    def("ord", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "ord", 1, 1);
        if (a[0].isKind(ObjKind::Bytes)) return Value::integer(static_cast<unsigned char>(a[0].as<BytesObj>()->s[0]));
        if (!a[0].isKind(ObjKind::Str))
            raise(types().TypeError,
                  std::string("ord() expected string of length 1, but ") + typeName(in, a[0]) + " found");
        auto* s = a[0].as<StrObj>();
        if (s->length() != 1)
            raise(types().TypeError,
                  "ord() expected a character, but string of length " + std::to_string(s->length()) + " found");
        const std::string& t = s->s;
        unsigned char c = static_cast<unsigned char>(t[0]);
        int64_t cp = c < 0x80 ? c : (c >> 5) == 6 ? (c & 0x1F) : (c >> 4) == 14 ? (c & 0x0F) : (c & 0x07);
        for (size_t i = 1; i < t.size(); ++i) cp = (cp << 6) | (static_cast<unsigned char>(t[i]) & 0x3F);
        return Value::integer(cp);
    });
    auto radix = [&](const char* name, int base, const char* prefix) {
        std::string pfx = prefix;
        def(name, [base, pfx](Interpreter& in, CallArgs& a) -> Value {
            arity(a, "bin", 1, 1);
            Value x = a[0];
            if (!isIntLike(x)) x = Value::integer(in.toIndex(x));
            if (x.isBool()) x = Value::integer(x.asBool());
            std::string s = intToString(x, base);
            if (s[0] == '-') return newStr("-" + pfx + s.substr(1));
            return newStr(pfx + s);
        });
    };
    radix("hex", 16, "0x");
    radix("oct", 8, "0o");
    radix("bin", 2, "0b");
    def("format", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "format", 1, 2);
        return newStr(in.format(a[0], a.n > 1 ? a[1].as<StrObj>()->s : ""));
    });
    def("getattr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "getattr", 2, 3);
        if (!a[1].isKind(ObjKind::Str))
            raise(types().TypeError, "attribute name must be string, not '" + std::string(typeName(in, a[1])) + "'");
        if (a.n == 3) {
            Value out;
            if (in.getAttrOpt(a[0], a[1].as<StrObj>()->s, out)) return out;
            return a[2];
        }
        return in.getAttr(a[0], a[1].as<StrObj>()->s);
    });
    def("setattr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "setattr", 3, 3);
        in.setAttr(a[0], in.str(a[1]), a[2]);
        return Value::none();
    });
    def("delattr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "delattr", 2, 2);
        in.delAttr(a[0], in.str(a[1]));
        return Value::none();
    });
    def("hasattr", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "hasattr", 2, 2);
        Value out;
        return Value::boolean(in.getAttrOpt(a[0], in.str(a[1]), out));
    });
    def("vars", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n == 0) return Value::object(in.globals());
        return in.getAttr(a[0], "__dict__");
    });
    def("any", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "any", 1, 1);
        Value it = in.iter(a[0]);
        for (Value v = in.next(it); !v.isUndef(); v = in.next(it))
            if (in.truthy(v)) return Value::boolean(true);
        return Value::boolean(false);
    });
    def("all", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "all", 1, 1);
        Value it = in.iter(a[0]);
        for (Value v = in.next(it); !v.isUndef(); v = in.next(it))
            if (!in.truthy(v)) return Value::boolean(false);
        return Value::boolean(true);
    });
    def("sorted", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 1) raise(types().TypeError, "sorted expected 1 argument, got " + std::to_string(a.n));
        return builtinSorted(in, in.toVector(a[0]), kwOr(a, "key", Value::none()),
                             in.truthy(kwOr(a, "reverse", Value::boolean(false))));
    });
    def("reversed", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "reversed", 1, 1);
        const Value& s = a[0];
        if (s.isKind(ObjKind::Instance) || s.isKind(ObjKind::Native) ||
            (s.isKind(ObjKind::Class) && s.as<ClassObj>()->metaHold.isObj())) {
            Value r = in.lookupSpecial(s, "__reversed__");
            if (!r.isUndef()) return in.call(r, nullptr, 0);
        }
        if (s.isKind(ObjKind::Range)) return rangeIter(in, s, true);
        if (s.isKind(ObjKind::Dict) || s.isKind(ObjKind::List) || s.isKind(ObjKind::Tuple) || s.isKind(ObjKind::Str) ||
            s.isKind(ObjKind::Instance)) {
            if (s.isKind(ObjKind::List)) {
                auto i = std::make_shared<int64_t>(int64_t(s.as<ListObj>()->items.size()) - 1);
                Value hold = s;
                return withClass(makeIter(
                                     [hold, i](Interpreter&) -> Value {
                                         auto& items = hold.as<ListObj>()->items;
                                         if (*i < 0 || *i >= int64_t(items.size())) return Value();
                                         return items[size_t((*i)--)];
                                     },
                                     s),
                                 "list_reverseiterator");
            }
            std::vector<Value> v = in.toVector(s);
            std::reverse(v.begin(), v.end());
            return withClass(in.iterRaw(newList(std::move(v))),
                             s.isKind(ObjKind::Tuple) || s.isKind(ObjKind::Str) ? "reversed"
                                                                                : "dict_reversekeyiterator");
        }
        raise(types().TypeError, std::string("'") + typeName(in, s) + "' object is not reversible");
    });
    def("enumerate", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n < 1) raise(types().TypeError, "enumerate() missing required argument 'iterable'");
        Value it = in.iter(a[0]);
        Value startV = a.n > 1 ? a[1] : kwOr(a, "start", Value::integer(0));
        auto i = std::make_shared<int64_t>(in.toIndex(startV));
        return withClass(makeIter(
                             [it, i](Interpreter& inn) -> Value {
                                 Value v = inn.next(it);
                                 if (v.isUndef()) return v;
                                 return newTuple({ Value::integer((*i)++), v });
                             },
                             it),
                         "enumerate");
    });
    def("zip", [](Interpreter& in, CallArgs& a) -> Value {
        auto its = std::make_shared<std::vector<Value>>();
        for (size_t i = 0; i < a.n; ++i) {
            try {
                its->push_back(in.iter(a[i]));
            } catch (PyError& e) {
                if (in.isInstance(e.exc, types().TypeError))
                    raise(types().TypeError, "'" + std::string(typeName(in, a[i])) + "' object is not iterable");
                throw;
            }
        }
        bool strict = in.truthy(kwOr(a, "strict", Value::boolean(false)));
        return withClass(makeIter([its, strict](Interpreter& inn) -> Value {
                             if (its->empty()) return Value();
                             std::vector<Value> row;
                             for (size_t k = 0; k < its->size(); ++k) {
                                 Value v = inn.next((*its)[k]);
                                 if (v.isUndef()) {
                                     if (strict && k > 0)
                                         raise(types().ValueError,
                                               "zip() argument " + std::to_string(k + 1) +
                                                   " is shorter than argument 1");
                                     return Value();
                                 }
                                 row.push_back(v);
                             }
                             return newTuple(std::move(row));
                         }),
                         "zip");
    });
    def("map", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n < 2) raise(types().TypeError, "map() must have at least two arguments.");
        Value fn = a[0];
        auto its = std::make_shared<std::vector<Value>>();
        for (size_t i = 1; i < a.n; ++i) its->push_back(in.iter(a[i]));
        return withClass(makeIter([fn, its](Interpreter& inn) -> Value {
                             std::vector<Value> args;
                             for (auto& it : *its) {
                                 Value v = inn.next(it);
                                 if (v.isUndef()) return Value();
                                 args.push_back(v);
                             }
                             return inn.call(fn, args.data(), args.size());
                         }),
                         "map");
    });
    def("filter", [](Interpreter& in, CallArgs& a) -> Value {
        arity(a, "filter", 2, 2);
        Value fn = a[0];
        Value it = in.iter(a[1]);
        return withClass(makeIter(
                             [fn, it](Interpreter& inn) -> Value {
                                 for (;;) {
                                     Value v = inn.next(it);
                                     if (v.isUndef()) return v;
                                     bool keep = fn.isNone() ? inn.truthy(v) : inn.truthy(inn.call(fn, &v, 1));
                                     if (keep) return v;
                                 }
                             },
                             it),
                         "filter");
    });
    def("dir", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<Value> names;
        if (a.n == 0) {
            in.globals()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
        } else if (a[0].isKind(ObjKind::Instance)) {
            a[0].as<InstanceObj>()->d()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
            for (auto* c : in.typeOf(a[0])->mro)
                c->d()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
        } else if (a[0].isKind(ObjKind::Module)) {
            a[0].as<ModuleObj>()->d()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
        } else if (a[0].isKind(ObjKind::Class)) {
            // a class: its own attributes and its bases', not its metaclass's
            for (auto* c : a[0].as<ClassObj>()->mro)
                c->d()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
        } else {
            for (auto* c : in.typeOf(a[0])->mro)
                c->d()->forEach([&](const Value& k, const Value&) { names.push_back(k); });
        }
        Value s = newSet();
        for (auto& n : names) s.as<SetObj>()->add(n);
        return builtinSorted(in, in.toVector(s), Value::none(), false);
    });
    // the calling code's module dict (a builtin runs in its caller's frame), as CPython's
    def("globals", [](Interpreter& in, CallArgs&) -> Value {
        const Frame* f = in.currentFrame();
        return Value::object(f && f->globals ? f->globals : in.globals());
    });
    // open() is io.open (core/lang/python/stdlib/io.py): files only where the host allows
    def("open", [](Interpreter& in, CallArgs& a) -> Value {
        Value fn = in.getAttr(in.importModule("io"), "open");
        return in.call(fn, a.args, a.n, a.kw);
    });
    // deliberately absent: eval, exec, compile, input, breakpoint, __import__
}

// object / BaseException methods
void initTypeMethods() {
    auto& T = types();
    addMethod(T.object, "__init__", [](Interpreter&, CallArgs&) -> Value { return Value::none(); });
    addMethod(T.object, "__new__", [](Interpreter&, CallArgs& a) -> Value {
        if (a.n < 1 || !a[0].isKind(ObjKind::Class))
            raise(types().TypeError, "object.__new__(X): X is not a type object");
        ClassObj* c = a[0].as<ClassObj>();
        // a subclass of a builtin type has that type's layout: its __new__ makes it
        for (ClassObj* m : c->mro)
            if (m == types().int_ || m == types().float_ || m == types().str || m == types().dict || m == types().list)
                raise(types().TypeError, "object.__new__(" + c->name + ") is not safe, use " + c->name + ".__new__()");
        if (c->isException) {
            auto* e = new ExcObj(c);
            Value v = Value::adopt(e);
            e->args = newTuple(std::vector<Value>(a.args + 1, a.args + a.n));
            return v;
        }
        return Value::adopt(new InstanceObj(c));
    });
    addMethod(T.object, "__repr__", [](Interpreter& in, CallArgs& a) -> Value {
        char b[32];
        std::snprintf(b, sizeof b, "%p", static_cast<void*>(a[0].obj()));
        ClassObj* t = in.typeOf(a[0]);
        return newStr(std::string(t->builtin ? "<" : "<__main__.") + t->name + " object at " + b + ">");
    });
    // int.__repr__(x), float.__repr__(x), ...: the built-in types' own reprs (object's would
    // print "<int object at ...>"), as json and reprlib call them to skip subclass overrides.
    for (ClassObj* c : { T.int_, T.bool_, T.float_, T.str, T.bytes, T.list, T.tuple, T.dict, T.set, T.frozenset })
        if (!c->d()->findStr("__repr__"))
            addMethod(c, "__repr__", [](Interpreter& in, CallArgs& a) -> Value {
                // a dict or list subclass's super().__repr__(): the builtin's text, not the override's
                if (subclassAttrs(a[0])) return newStr(in.repr(plainBuiltinCopy(a[0])));
                return newStr(in.repr(a[0]));
            });
    addMethod(T.object, "__str__", [](Interpreter& in, CallArgs& a) -> Value {
        ClassObj* t = in.typeOf(a[0]);
        if (Value* r = t->lookup("__repr__"); r && !r->isKind(ObjKind::Builtin)) return in.call(*r, &a[0], 1);
        return newStr(in.repr(a[0]));
    });
    addMethod(T.object, "__eq__", [](Interpreter&, CallArgs& a) -> Value {
        return a[0].identical(a[1]) ? Value::boolean(true) : types().NotImplemented;
    });
    addMethod(T.object, "__ne__",
              [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(!in.eq(a[0], a[1])); });
    addMethod(T.object, "__hash__", [](Interpreter&, CallArgs& a) -> Value {
        uintptr_t p = reinterpret_cast<uintptr_t>(a[0].obj());
        return Value::integer(int64_t((p >> 4) | (p << 60)));
    });
    addMethod(T.object, "__setattr__", [](Interpreter&, CallArgs& a) -> Value {
        if (a.n != 3) raise(types().TypeError, "expected 2 arguments, got " + std::to_string(a.n ? a.n - 1 : 0));
        if (a[0].isKind(ObjKind::Instance)) a[0].as<InstanceObj>()->d()->set(a[1], a[2]);
        if (DictObj* own = subclassAttrs(a[0])) own->set(a[1], a[2]);
        // type.__setattr__ (a metaclass's super().__setattr__): the class's own dict
        if (a[0].isKind(ObjKind::Class)) {
            auto* c = a[0].as<ClassObj>();
            if (c->builtin) raise(types().TypeError, "cannot set attribute of immutable type '" + c->name + "'");
            if (!a[1].isKind(ObjKind::Str)) raise(types().TypeError, "attribute name must be string");
            setClassAttr(c, a[1].as<StrObj>()->s, a[2]);
        }
        return Value::none();
    });
    addMethod(T.object, "__delattr__", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2) raise(types().TypeError, "expected 1 argument, got " + std::to_string(a.n ? a.n - 1 : 0));
        DictObj* d = a[0].isKind(ObjKind::Instance) ? a[0].as<InstanceObj>()->d()
            : a[0].isKind(ObjKind::Class)           ? a[0].as<ClassObj>()->d()
                                                    : subclassAttrs(a[0]);
        if (!d || !d->erase(a[1]))
            raise(types().AttributeError,
                  "'" + in.typeOf(a[0])->name + "' object has no attribute '" + in.str(a[1]) + "'");
        return Value::none();
    });
    addMethod(T.object, "__getattribute__",
              [](Interpreter& in, CallArgs& a) -> Value { return in.getAttr(a[0], in.str(a[1])); });
    addMethod(T.object, "__format__", [](Interpreter& in, CallArgs& a) -> Value {
        // an int/float/str subclass: its value formatted (str() of it for an empty spec)
        if (const Value* base = boxedBase(a[0]); base && !in.str(a[1]).empty())
            return newStr(formatSpec(in, *base, in.str(a[1])));
        return newStr(formatSpec(in, newStr(in.str(a[0])), in.str(a[1])));
    });
    addMethod(T.BaseException, "__init__", [](Interpreter&, CallArgs& a) -> Value {
        static_cast<ExcObj*>(a[0].obj())->args = newTuple(std::vector<Value>(a.args + 1, a.args + a.n));
        return Value::none();
    });
    addMethod(T.BaseException, "__str__", [](Interpreter& in, CallArgs& a) -> Value {
        auto& args = static_cast<ExcObj*>(a[0].obj())->args.as<TupleObj>()->items;
        if (args.empty()) return newStr("");
        if (args.size() == 1) return newStr(in.str(args[0]));
        return newStr(in.repr(static_cast<ExcObj*>(a[0].obj())->args));
    });
    addMethod(T.BaseException, "with_traceback", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
}

} // namespace graphlens::lang

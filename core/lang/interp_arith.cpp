// Arithmetic, comparison and equality.
#include <cmath>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {

const char* dunder(BinOpKind op, int which) { // 0 normal, 1 reflected, 2 inplace
    static const char* const n[][3] = {
        { "__add__", "__radd__", "__iadd__" },
        { "__sub__", "__rsub__", "__isub__" },
        { "__mul__", "__rmul__", "__imul__" },
        { "__matmul__", "__rmatmul__", "__imatmul__" },
        { "__truediv__", "__rtruediv__", "__itruediv__" },
        { "__mod__", "__rmod__", "__imod__" },
        { "__pow__", "__rpow__", "__ipow__" },
        { "__lshift__", "__rlshift__", "__ilshift__" },
        { "__rshift__", "__rrshift__", "__irshift__" },
        { "__or__", "__ror__", "__ior__" },
        { "__xor__", "__rxor__", "__ixor__" },
        { "__and__", "__rand__", "__iand__" },
        { "__floordiv__", "__rfloordiv__", "__ifloordiv__" },
    };
    return n[int(op)][which];
}

int64_t floorDiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
int64_t floorMod(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

double floatMod(double a, double b) {
    double m = std::fmod(a, b);
    if (m != 0) {
        if ((b < 0) != (m < 0)) m += b;
    } else {
        m = std::copysign(0.0, b);
    }
    return m;
}

bool isNumber(const Value& v) {
    return v.isInt() || v.isBool() || v.isFloat() || v.isKind(ObjKind::BigInt);
}

Value intOp(Interpreter& in, BinOpKind op, int64_t a, int64_t b, const Value& va, const Value& vb) {
    int64_t z;
    switch (op) {
    case BinOpKind::Add:
        if (!__builtin_add_overflow(a, b, &z)) return Value::integer(z);
        break;
    case BinOpKind::Sub:
        if (!__builtin_sub_overflow(a, b, &z)) return Value::integer(z);
        break;
    case BinOpKind::Mult:
        if (!__builtin_mul_overflow(a, b, &z)) return Value::integer(z);
        break;
    case BinOpKind::Div:
        if (b == 0) raise(types().ZeroDivisionError, "division by zero");
        return Value::flt(double(a) / double(b));
    case BinOpKind::FloorDiv:
        if (b == 0) raise(types().ZeroDivisionError, "integer division or modulo by zero");
        if (a == INT64_MIN && b == -1) break;
        return Value::integer(floorDiv(a, b));
    case BinOpKind::Mod:
        if (b == 0) raise(types().ZeroDivisionError, "integer modulo by zero");
        if (b == -1) return Value::integer(0);
        return Value::integer(floorMod(a, b));
    case BinOpKind::Pow:
        if (b < 0) {
            if (a == 0) raise(types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
            return Value::flt(std::pow(double(a), double(b)));
        }
        {
            int64_t result = 1, base = a, e = b;
            bool ovf = false;
            while (e > 0) {
                if (e & 1) {
                    if (__builtin_mul_overflow(result, base, &result)) {
                        ovf = true;
                        break;
                    }
                }
                e >>= 1;
                if (e && __builtin_mul_overflow(base, base, &base)) {
                    ovf = true;
                    break;
                }
            }
            if (!ovf) return Value::integer(result);
        }
        break;
    case BinOpKind::LShift:
        if (b < 0) raise(types().ValueError, "negative shift count");
        if (a == 0) return Value::integer(0);
        if (b < 63) {
            int64_t r = a << b;
            if ((r >> b) == a) return Value::integer(r);
        }
        break;
    case BinOpKind::RShift:
        if (b < 0) raise(types().ValueError, "negative shift count");
        return Value::integer(b >= 63 ? (a < 0 ? -1 : 0) : (a >> b));
    case BinOpKind::BitAnd:
        return Value::integer(a & b);
    case BinOpKind::BitOr:
        return Value::integer(a | b);
    case BinOpKind::BitXor:
        return Value::integer(a ^ b);
    case BinOpKind::MatMult:
        return Value();
    }
    return bigBinary(in, op, va, vb);
}

Value floatOp(BinOpKind op, double a, double b) {
    switch (op) {
    case BinOpKind::Add:
        return Value::flt(a + b);
    case BinOpKind::Sub:
        return Value::flt(a - b);
    case BinOpKind::Mult:
        return Value::flt(a * b);
    case BinOpKind::Div:
        if (b == 0) raise(types().ZeroDivisionError, "float division by zero");
        return Value::flt(a / b);
    case BinOpKind::FloorDiv:
        if (b == 0) raise(types().ZeroDivisionError, "float floor division by zero");
        {
            double m = std::fmod(a, b);
            double div = (a - m) / b;
            if (m != 0 && ((b < 0) != (m < 0))) div -= 1.0;
            double fl;
            if (div != 0) {
                fl = std::floor(div);
                if (div - fl > 0.5) fl += 1.0;
            } else {
                fl = std::copysign(0.0, a / b);
            }
            return Value::flt(fl);
        }
    case BinOpKind::Mod:
        if (b == 0) raise(types().ZeroDivisionError, "float modulo");
        return Value::flt(floatMod(a, b));
    case BinOpKind::Pow: {
        if (a == 0 && b < 0) raise(types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
        if (a < 0 && b != std::floor(b)) raise(types().ValueError, "math domain error: complex result not supported");
        double r = std::pow(a, b);
        if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
            raise(types().OverflowError, "(34, 'Numerical result out of range')");
        return Value::flt(r);
    }
    default:
        return Value();
    }
}

Value seqRepeat(Interpreter& in, const Value& seq, const Value& count) {
    int64_t n = in.toIndex(count);
    if (n < 0) n = 0;
    if (seq.isKind(ObjKind::Str) || seq.isKind(ObjKind::Bytes)) {
        const std::string& s = seq.isKind(ObjKind::Str) ? seq.as<StrObj>()->s : seq.as<BytesObj>()->s;
        if (detail::tl_mem && double(s.size()) * double(n) > double(detail::tl_mem->limit)) memExceeded();
        std::string out;
        out.reserve(s.size() * size_t(n));
        for (int64_t i = 0; i < n; ++i) out += s;
        if (seq.isKind(ObjKind::Bytes))
            return Value::adopt(new BytesObj(std::move(out), seq.as<BytesObj>()->isArray()));
        return newStr(std::move(out));
    }
    const std::vector<Value>& items = seq.isKind(ObjKind::List) ? seq.as<ListObj>()->items : seq.as<TupleObj>()->items;
    if (detail::tl_mem && double(items.size()) * double(n) * 16 > double(detail::tl_mem->limit)) memExceeded();
    std::vector<Value> out;
    out.reserve(items.size() * size_t(n));
    for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
    return seq.isKind(ObjKind::List) ? newList(std::move(out)) : newTuple(std::move(out));
}

bool isSeq(const Value& v) {
    return v.isKind(ObjKind::Str) || v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple) || v.isKind(ObjKind::Bytes);
}

Value builtinBinary(Interpreter& in, BinOpKind op, const Value& a, const Value& b, bool inplace) {
    // numbers
    if (isNumber(a) && isNumber(b)) {
        if (a.isFloat() || b.isFloat()) return floatOp(op, in.toDouble(a), in.toDouble(b));
        if (a.isKind(ObjKind::BigInt) || b.isKind(ObjKind::BigInt)) {
            if (op == BinOpKind::Div) {
                if (!in.truthy(b)) raise(types().ZeroDivisionError, "division by zero");
                return Value::flt(in.toDouble(a) / in.toDouble(b));
            }
            return bigBinary(in, op, a, b);
        }
        int64_t x = a.isBool() ? a.asBool() : a.asInt(), y = b.isBool() ? b.asBool() : b.asInt();
        if (a.isBool() && b.isBool() && (op == BinOpKind::BitAnd || op == BinOpKind::BitOr || op == BinOpKind::BitXor))
            return Value::boolean(op == BinOpKind::BitAnd ? (x & y) : op == BinOpKind::BitOr ? (x | y) : (x ^ y));
        return intOp(in, op, x, y, a.isBool() ? Value::integer(x) : a, b.isBool() ? Value::integer(y) : b);
    }
    if (!a.isObj() && !b.isObj()) return Value();
    ObjKind ka = a.isObj() ? a.obj()->kind : ObjKind::Singleton;
    ObjKind kb = b.isObj() ? b.obj()->kind : ObjKind::Singleton;
    switch (op) {
    case BinOpKind::Add:
        if (ka == ObjKind::Str && kb == ObjKind::Str) return newStr(a.as<StrObj>()->s + b.as<StrObj>()->s);
        if (ka == ObjKind::List && kb == ObjKind::List) {
            if (inplace) {
                auto* l = a.as<ListObj>();
                auto src = b.as<ListObj>()->items;
                l->reserveMore(src.size());
                l->items.insert(l->items.end(), src.begin(), src.end());
                return a;
            }
            auto& x = a.as<ListObj>()->items;
            auto& o = b.as<ListObj>()->items;
            memCheck(int64_t(x.size() + o.size()) * int64_t(sizeof(Value)));
            std::vector<Value> v;
            v.reserve(x.size() + o.size());
            v.insert(v.end(), x.begin(), x.end());
            v.insert(v.end(), o.begin(), o.end());
            return newList(std::move(v));
        }
        if (ka == ObjKind::List && inplace) {
            auto items = in.toVector(b);
            auto* l = a.as<ListObj>();
            l->reserveMore(items.size());
            l->items.insert(l->items.end(), items.begin(), items.end());
            return a;
        }
        if (ka == ObjKind::Tuple && kb == ObjKind::Tuple) {
            auto& x = a.as<TupleObj>()->items;
            auto& o = b.as<TupleObj>()->items;
            memCheck(int64_t(x.size() + o.size()) * int64_t(sizeof(Value)));
            std::vector<Value> v;
            v.reserve(x.size() + o.size());
            v.insert(v.end(), x.begin(), x.end());
            v.insert(v.end(), o.begin(), o.end());
            return newTuple(std::move(v));
        }
        if (ka == ObjKind::Bytes && kb == ObjKind::Bytes) {
            auto* x = a.as<BytesObj>();
            if (inplace && x->isArray()) {
                x->s += b.as<BytesObj>()->s;
                x->account();
                return a;
            }
            return Value::adopt(new BytesObj(x->s + b.as<BytesObj>()->s, x->isArray()));
        }
        break;
    case BinOpKind::Mult:
        if (isSeq(a) && isIntLike(b)) return seqRepeat(in, a, b);
        if (isSeq(b) && isIntLike(a)) return seqRepeat(in, b, a);
        break;
    case BinOpKind::Mod:
        if (ka == ObjKind::Str) return newStr(percentFormat(in, a.as<StrObj>()->s, b));
        break;
    case BinOpKind::BitOr:
    case BinOpKind::BitAnd:
    case BinOpKind::Sub:
    case BinOpKind::BitXor:
        if ((ka == ObjKind::Set || ka == ObjKind::FrozenSet) && (kb == ObjKind::Set || kb == ObjKind::FrozenSet)) {
            auto* sa = a.as<SetObj>();
            auto* sb = b.as<SetObj>();
            Value r = newSet(ka == ObjKind::FrozenSet);
            auto* sr = r.as<SetObj>();
            if (op == BinOpKind::BitOr) {
                sa->forEach([&](const Value& k) { sr->add(k); });
                sb->forEach([&](const Value& k) { sr->add(k); });
            } else if (op == BinOpKind::BitAnd) {
                if (sa->size() > sb->size()) std::swap(sa, sb);
                sa->forEach([&](const Value& k) {
                    if (sb->contains(k)) sr->add(k);
                });
            } else if (op == BinOpKind::Sub)
                sa->forEach([&](const Value& k) {
                    if (!sb->contains(k)) sr->add(k);
                });
            else {
                sa->forEach([&](const Value& k) {
                    if (!sb->contains(k)) sr->add(k);
                });
                sb->forEach([&](const Value& k) {
                    if (!sa->contains(k)) sr->add(k);
                });
            }
            if (inplace && ka == ObjKind::Set) {
                sa = a.as<SetObj>();
                sa->clear();
                sr->forEach([&](const Value& k) { sa->add(k); });
                return a;
            }
            return r;
        }
        if (op == BinOpKind::BitOr && ka == ObjKind::Dict && kb == ObjKind::Dict) {
            Value r = a;
            if (!inplace) {
                r = newDict();
                a.as<DictObj>()->forEach([&](const Value& k, const Value& v) { r.as<DictObj>()->set(k, v); });
            }
            b.as<DictObj>()->forEach([&](const Value& k, const Value& v) { r.as<DictObj>()->set(k, v); });
            return r;
        }
        break;
    default:
        break;
    }
    return Value();
}

} // namespace

Value Interpreter::binaryOp(BinOpKind op, const Value& a, const Value& b, bool inplace) {
    // a dict or list subclass's own operators come before the builtin ones (Counter's +, |)
    const bool subclassed = subclassAttrs(a) || subclassAttrs(b);
    Value r;
    if (!subclassed) [[likely]] {
        r = builtinBinary(*this, op, a, b, inplace);
        if (!r.isUndef()) return r;
    }
    ClassObj* ta = typeOf(a);
    ClassObj* tb = typeOf(b);
    if (inplace && !ta->builtin) {
        if (Value* f = ta->lookup(dunder(op, 2))) {
            Value args[2] = { a, b };
            r = call(*f, args, 2);
            if (!r.identical(types().NotImplemented)) return r;
        }
    }
    if (op == BinOpKind::BitOr && (a.isKind(ObjKind::Class) || b.isKind(ObjKind::Class))) {
        r = typeUnion(*this, a, b);
        if (!r.isUndef()) return r;
    }
    bool tryReflectedFirst = ta != tb && tb->isSubclassOf(ta) && !tb->builtin;
    auto tryNormal = [&]() -> bool {
        if (ta->builtin && !a.isKind(ObjKind::Native)) return false;
        if (Value* f = ta->lookup(dunder(op, 0))) {
            Value args[2] = { a, b };
            r = call(*f, args, 2);
            return !r.identical(types().NotImplemented);
        }
        return false;
    };
    auto tryReflected = [&]() -> bool {
        if (ta == tb) return false;
        if (tb->builtin && !b.isKind(ObjKind::Native)) return false;
        if (Value* f = tb->lookup(dunder(op, 1))) {
            Value args[2] = { b, a };
            r = call(*f, args, 2);
            return !r.identical(types().NotImplemented);
        }
        return false;
    };
    if (tryReflectedFirst) {
        if (tryReflected() || tryNormal()) return r;
    } else if (tryNormal() || tryReflected()) {
        return r;
    }
    if (subclassed) {
        r = builtinBinary(*this, op, a, b, inplace);
        if (!r.isUndef()) return r;
    }
    // an int/float/str subclass without the operator of its own: its value's (an int, not the subclass)
    if (boxedBase(a) || boxedBase(b)) return binaryOp(op, unboxed(a), unboxed(b), inplace);
    const char* sym = binOpSymbol(op);
    std::string symS = inplace ? std::string(sym) + "=" : std::string(sym);
    if (op == BinOpKind::Add && a.isKind(ObjKind::Str))
        raise(types().TypeError, std::string("can only concatenate str (not \"") + tb->name + "\") to str");
    if (op == BinOpKind::Add && a.isKind(ObjKind::List))
        raise(types().TypeError, std::string("can only concatenate list (not \"") + tb->name + "\") to list");
    if (op == BinOpKind::Add && a.isKind(ObjKind::Tuple))
        raise(types().TypeError, std::string("can only concatenate tuple (not \"") + tb->name + "\") to tuple");
    if (op == BinOpKind::Mult && (isSeq(a) || isSeq(b)))
        raise(types().TypeError,
              std::string("can't multiply sequence by non-int of type '") + (isSeq(a) ? tb : ta)->name + "'");
    if (op == BinOpKind::Pow)
        raise(types().TypeError,
              "unsupported operand type(s) for " + symS + " or pow(): '" + ta->name + "' and '" + tb->name + "'");
    raise(types().TypeError, "unsupported operand type(s) for " + symS + ": '" + ta->name + "' and '" + tb->name + "'");
}

Value Interpreter::unaryOp(UnaryOpKind op, const Value& a) {
    switch (op) {
    case UnaryOpKind::Not:
        return Value::boolean(!truthy(a));
    case UnaryOpKind::USub:
        if (a.isInt()) return a.asInt() == INT64_MIN ? bigNeg(a) : Value::integer(-a.asInt());
        if (a.isBool()) return Value::integer(-int64_t(a.asBool()));
        if (a.isFloat()) return Value::flt(-a.asFloat());
        if (a.isKind(ObjKind::BigInt)) return bigNeg(a);
        break;
    case UnaryOpKind::UAdd:
        if (a.isInt() || a.isFloat() || a.isKind(ObjKind::BigInt)) return a;
        if (a.isBool()) return Value::integer(a.asBool());
        break;
    case UnaryOpKind::Invert:
        if (a.isInt()) return Value::integer(~a.asInt());
        if (a.isBool()) return Value::integer(~int64_t(a.asBool()));
        if (a.isKind(ObjKind::BigInt)) return binaryOp(BinOpKind::Sub, bigNeg(a), Value::integer(1));
        break;
    }
    static const char* const names[] = { "__invert__", "__not__", "__pos__", "__neg__" };
    Value f = lookupSpecial(a, names[int(op)]);
    if (!f.isUndef() && (!typeOf(a)->builtin || a.isKind(ObjKind::Native))) return call(f, nullptr, 0);
    if (const Value* base = boxedBase(a)) return unaryOp(op, *base);
    static const char* const syms[] = { "~", "not", "unary +", "unary -" };
    raise(types().TypeError, std::string("bad operand type for ") + syms[int(op)] + ": '" + typeOf(a)->name + "'");
}

namespace {

// -2: not comparable natively
int nativeCompare(Interpreter& in, const Value& a, const Value& b, bool& done) {
    done = true;
    if (isNumber(a) && isNumber(b)) {
        if (a.isFloat() || b.isFloat()) {
            if (a.isKind(ObjKind::BigInt) || b.isKind(ObjKind::BigInt)) {
                auto td = [&](const Value& v) {
                    if (v.isKind(ObjKind::BigInt)) {
                        try {
                            return bigToDouble(v);
                        } catch (PyError&) {
                            return v.as<BigIntObj>()->neg ? -1.7976931348623157e308 : 1.7976931348623157e308;
                        }
                    }
                    return in.toDouble(v);
                };
                double x = td(a), y = td(b);
                return x < y ? -1 : x > y ? 1 : 0;
            }
            double x = a.isFloat() ? a.asFloat() : 0, y = b.isFloat() ? b.asFloat() : 0;
            if (!a.isFloat()) {
                int64_t ia = a.isBool() ? a.asBool() : a.asInt();
                if (std::isnan(y)) return 2;
                long double d = (long double)ia - (long double)y;
                return d < 0 ? -1 : d > 0 ? 1 : 0;
            }
            if (!b.isFloat()) {
                int64_t ib = b.isBool() ? b.asBool() : b.asInt();
                if (std::isnan(x)) return 2;
                long double d = (long double)x - (long double)ib;
                return d < 0 ? -1 : d > 0 ? 1 : 0;
            }
            if (std::isnan(x) || std::isnan(y)) return 2; // unordered
            return x < y ? -1 : x > y ? 1 : 0;
        }
        return bigCompare(a.isBool() ? Value::integer(a.asBool()) : a, b.isBool() ? Value::integer(b.asBool()) : b);
    }
    if (a.isKind(ObjKind::Str) && b.isKind(ObjKind::Str)) {
        int c = a.as<StrObj>()->s.compare(b.as<StrObj>()->s);
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    if (a.isKind(ObjKind::Bytes) && b.isKind(ObjKind::Bytes)) {
        int c = a.as<BytesObj>()->s.compare(b.as<BytesObj>()->s);
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    done = false;
    return 0;
}

bool seqLike(const Value& a, const Value& b) {
    return (a.isKind(ObjKind::List) && b.isKind(ObjKind::List)) ||
        (a.isKind(ObjKind::Tuple) && b.isKind(ObjKind::Tuple));
}

} // namespace

bool Interpreter::eq(const Value& a, const Value& b) {
    bool done;
    int c = nativeCompare(*this, a, b, done);
    if (done) return c == 0;
    if (a.tag() != Tag::Obj && b.tag() != Tag::Obj) return a.tag() == b.tag();
    // a dict or list subclass's own __eq__ before the builtin comparison
    for (int side = 0; side < 2; ++side) {
        const Value& x = side ? b : a;
        if (!subclassAttrs(x) || !x.obj()->cls->hasCustomEq) continue;
        if (Value f = subclassSpecial(*this, x, "__eq__"); !f.isUndef()) {
            Value r = call(f, side ? &a : &b, 1);
            if (!r.identical(types().NotImplemented)) return truthy(r);
        }
    }
    if (seqLike(a, b)) {
        const auto& x = a.isKind(ObjKind::List) ? a.as<ListObj>()->items : a.as<TupleObj>()->items;
        const auto& y = b.isKind(ObjKind::List) ? b.as<ListObj>()->items : b.as<TupleObj>()->items;
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!x[i].identical(y[i]) && !eq(x[i], y[i])) return false;
        return true;
    }
    if (a.isKind(ObjKind::Dict) && b.isKind(ObjKind::Dict)) {
        auto* x = a.as<DictObj>();
        auto* y = b.as<DictObj>();
        if (x->size() != y->size()) return false;
        bool same = true;
        x->forEach([&](const Value& k, const Value& v) {
            if (!same) return;
            Value* o = y->find(k);
            if (!o || !(o->identical(v) || eq(*o, v))) same = false;
        });
        return same;
    }
    auto isSet = [](const Value& v) { return v.isKind(ObjKind::Set) || v.isKind(ObjKind::FrozenSet); };
    if (isSet(a) && isSet(b)) {
        auto* x = a.as<SetObj>();
        auto* y = b.as<SetObj>();
        if (x->size() != y->size()) return false;
        bool same = true;
        x->forEach([&](const Value& k) {
            if (same && !y->contains(k)) same = false;
        });
        return same;
    }
    if (a.isKind(ObjKind::Range) && b.isKind(ObjKind::Range)) {
        return rangeEq(*this, a.as<RangeObj>(), b.as<RangeObj>());
    }
    ClassObj* ta = typeOf(a);
    ClassObj* tb = typeOf(b);
    if (isComplex(a) || isComplex(b)) { // complex's own __eq__ is a builtin one
        Value args[2] = { isComplex(a) ? a : b, isComplex(a) ? b : a };
        Value r = call(*types().complex_->lookup("__eq__"), args, 2);
        if (!r.identical(types().NotImplemented)) return truthy(r);
    }
    if (!ta->builtin || a.isKind(ObjKind::Native)) {
        if (Value* f = ta->lookup("__eq__"); f && !f->isKind(ObjKind::Builtin)) {
            Value args[2] = { a, b };
            Value r = call(*f, args, 2);
            if (!r.identical(types().NotImplemented)) return truthy(r);
        }
    }
    if (!tb->builtin || b.isKind(ObjKind::Native)) {
        if (Value* f = tb->lookup("__eq__"); f && !f->isKind(ObjKind::Builtin)) {
            Value args[2] = { b, a };
            Value r = call(*f, args, 2);
            if (!r.identical(types().NotImplemented)) return truthy(r);
        }
    }
    if (boxedBase(a) || boxedBase(b)) return eq(unboxed(a), unboxed(b));
    return a.identical(b);
}

static const char* cmpDunder(CmpOpKind op, bool reflected) {
    switch (op) {
    case CmpOpKind::Lt:
        return reflected ? "__gt__" : "__lt__";
    case CmpOpKind::LtE:
        return reflected ? "__ge__" : "__le__";
    case CmpOpKind::Gt:
        return reflected ? "__lt__" : "__gt__";
    case CmpOpKind::GtE:
        return reflected ? "__le__" : "__ge__";
    default:
        return "__eq__";
    }
}

static Value orderCompare(Interpreter& in, CmpOpKind op, const Value& a, const Value& b) {
    bool done;
    int c = nativeCompare(in, a, b, done);
    if (done) {
        if (c == 2) return Value::boolean(false);
        switch (op) {
        case CmpOpKind::Lt:
            return Value::boolean(c < 0);
        case CmpOpKind::LtE:
            return Value::boolean(c <= 0);
        case CmpOpKind::Gt:
            return Value::boolean(c > 0);
        default:
            return Value::boolean(c >= 0);
        }
    }
    if (seqLike(a, b)) {
        const auto& x = a.isKind(ObjKind::List) ? a.as<ListObj>()->items : a.as<TupleObj>()->items;
        const auto& y = b.isKind(ObjKind::List) ? b.as<ListObj>()->items : b.as<TupleObj>()->items;
        size_t n = std::min(x.size(), y.size());
        for (size_t i = 0; i < n; ++i) {
            if (x[i].identical(y[i]) || in.eq(x[i], y[i])) continue;
            return orderCompare(in, op, x[i], y[i]);
        }
        int64_t d = int64_t(x.size()) - int64_t(y.size());
        switch (op) {
        case CmpOpKind::Lt:
            return Value::boolean(d < 0);
        case CmpOpKind::LtE:
            return Value::boolean(d <= 0);
        case CmpOpKind::Gt:
            return Value::boolean(d > 0);
        default:
            return Value::boolean(d >= 0);
        }
    }
    auto isSet = [](const Value& v) { return v.isKind(ObjKind::Set) || v.isKind(ObjKind::FrozenSet); };
    if (isSet(a) && isSet(b)) {
        auto* x = a.as<SetObj>();
        auto* y = b.as<SetObj>();
        auto subset = [&](SetObj* p, SetObj* q) {
            bool ok = true;
            p->forEach([&](const Value& k) {
                if (ok && !q->contains(k)) ok = false;
            });
            return ok;
        };
        switch (op) {
        case CmpOpKind::Lt:
            return Value::boolean(x->size() < y->size() && subset(x, y));
        case CmpOpKind::LtE:
            return Value::boolean(subset(x, y));
        case CmpOpKind::Gt:
            return Value::boolean(x->size() > y->size() && subset(y, x));
        default:
            return Value::boolean(subset(y, x));
        }
    }
    ClassObj* ta = in.typeOf(a);
    ClassObj* tb = in.typeOf(b);
    if (!ta->builtin || a.isKind(ObjKind::Native)) {
        if (Value* f = ta->lookup(cmpDunder(op, false))) {
            Value args[2] = { a, b };
            Value r = in.call(*f, args, 2);
            if (!r.identical(types().NotImplemented)) return r;
        }
    }
    if (!tb->builtin || b.isKind(ObjKind::Native)) {
        if (Value* f = tb->lookup(cmpDunder(op, true))) {
            Value args[2] = { b, a };
            Value r = in.call(*f, args, 2);
            if (!r.identical(types().NotImplemented)) return r;
        }
    }
    if (boxedBase(a) || boxedBase(b)) return orderCompare(in, op, unboxed(a), unboxed(b));
    raise(types().TypeError,
          std::string("'") + cmpOpSymbol(op) + "' not supported between instances of '" + ta->name + "' and '" +
              tb->name + "'");
}

bool Interpreter::lessThan(const Value& a, const Value& b) {
    if (a.isInt() && b.isInt()) return a.asInt() < b.asInt();
    return truthy(orderCompare(*this, CmpOpKind::Lt, a, b));
}

Value Interpreter::compare(CmpOpKind op, const Value& a, const Value& b) {
    switch (op) {
    case CmpOpKind::Is:
        return Value::boolean(a.identical(b));
    case CmpOpKind::IsNot:
        return Value::boolean(!a.identical(b));
    case CmpOpKind::In:
        return Value::boolean(contains(b, a));
    case CmpOpKind::NotIn:
        return Value::boolean(!contains(b, a));
    case CmpOpKind::Eq:
    case CmpOpKind::NotEq: {
        ClassObj* ta = typeOf(a);
        if (!ta->builtin && (ta->lookup("__eq__") || ta->lookup("__ne__"))) {
            const char* nm = op == CmpOpKind::Eq ? "__eq__" : "__ne__";
            if (Value* f = ta->lookup(nm); f && !f->isKind(ObjKind::Builtin)) {
                Value args[2] = { a, b };
                Value r = call(*f, args, 2);
                if (!r.identical(types().NotImplemented)) return r;
            }
        }
        bool e = eq(a, b);
        return Value::boolean(op == CmpOpKind::Eq ? e : !e);
    }
    default:
        return orderCompare(*this, op, a, b);
    }
}

} // namespace graphlens::lang

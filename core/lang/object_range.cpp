// range objects: int64 fast path plus "big" ranges whose bounds or length leave int64 (kept as
// int/bigint Values, computed with bigBinary). CPython semantics: len() of a range longer than
// sys.maxsize raises OverflowError, while indexing, `in`, iteration and slicing still work.
#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {

Value intVal(Interpreter& in, const Value& v) {
    if (v.isInt() || v.isKind(ObjKind::BigInt)) return v;
    if (v.isBool()) return Value::integer(v.asBool());
    if (v.isFloat()) raise(types().TypeError, "'float' object cannot be interpreted as an integer");
    Value idx = in.lookupSpecial(v, "__index__");
    if (idx.isUndef())
        raise(types().TypeError, std::string("'") + typeName(in, v) + "' object cannot be interpreted as an integer");
    return intVal(in, in.call(idx, nullptr, 0));
}
Value add(Interpreter& in, const Value& a, const Value& b) {
    return bigBinary(in, BinOpKind::Add, a, b);
}
Value sub(Interpreter& in, const Value& a, const Value& b) {
    return bigBinary(in, BinOpKind::Sub, a, b);
}
Value mul(Interpreter& in, const Value& a, const Value& b) {
    return bigBinary(in, BinOpKind::Mult, a, b);
}
int cmp(const Value& a, const Value& b) {
    return bigCompare(a, b);
}
int sign(const Value& a) {
    return bigCompare(a, Value::integer(0));
}

} // namespace

Value rangeStart(const RangeObj* r) {
    return r->big() ? r->bstart : Value::integer(r->start);
}
Value rangeStop(const RangeObj* r) {
    return r->big() ? r->bstop : Value::integer(r->stop);
}
Value rangeStep(const RangeObj* r) {
    return r->big() ? r->bstep : Value::integer(r->step);
}

Value makeRange(Interpreter& in, const Value& startV, const Value& stopV, const Value& stepV) {
    Value a = intVal(in, startV), b = intVal(in, stopV), c = intVal(in, stepV);
    if (sign(c) == 0) raise(types().ValueError, "range() arg 3 must not be zero");
    if (a.isInt() && b.isInt() && c.isInt()) {
        if (rangeCount(a.asInt(), b.asInt(), c.asInt()) <= uint64_t(INT64_MAX))
            return Value::adopt(new RangeObj(a.asInt(), b.asInt(), c.asInt()));
    }
    return Value::adopt(new RangeObj(a, b, c));
}

Value rangeLenValue(Interpreter& in, const RangeObj* r) {
    if (!r->big()) return Value::integer(r->length());
    const Value one = Value::integer(1);
    if (sign(r->bstep) > 0 && cmp(r->bstart, r->bstop) < 0)
        return add(in, bigBinary(in, BinOpKind::FloorDiv, sub(in, sub(in, r->bstop, r->bstart), one), r->bstep), one);
    if (sign(r->bstep) < 0 && cmp(r->bstart, r->bstop) > 0)
        return add(in, bigBinary(in, BinOpKind::FloorDiv, sub(in, sub(in, r->bstart, r->bstop), one), bigNeg(r->bstep)),
                   one);
    return Value::integer(0);
}

int64_t rangeLen(Interpreter& in, const RangeObj* r) {
    Value n = rangeLenValue(in, r);
    if (!n.isInt()) raise(types().OverflowError, "Python int too large to convert to C ssize_t");
    return n.asInt();
}

bool rangeContainsInt(Interpreter& in, const RangeObj* r, const Value& item) {
    Value x = item.isBool() ? Value::integer(item.asBool()) : item;
    Value a = rangeStart(r), b = rangeStop(r), s = rangeStep(r);
    if (sign(s) > 0 ? (cmp(x, a) < 0 || cmp(x, b) >= 0) : (cmp(x, a) > 0 || cmp(x, b) <= 0)) return false;
    return sign(bigBinary(in, BinOpKind::Mod, sub(in, x, a), s)) == 0;
}

Value rangeIndex(Interpreter& in, const RangeObj* r, const Value& x) {
    Value xi = x.isBool() ? Value::integer(x.asBool()) : x;
    return bigBinary(in, BinOpKind::FloorDiv, sub(in, xi, rangeStart(r)), rangeStep(r));
}

bool rangeEq(Interpreter& in, const RangeObj* x, const RangeObj* y) {
    Value n = rangeLenValue(in, x);
    if (cmp(n, rangeLenValue(in, y)) != 0) return false;
    if (sign(n) == 0) return true;
    if (cmp(rangeStart(x), rangeStart(y)) != 0) return false;
    return cmp(n, Value::integer(1)) == 0 || cmp(rangeStep(x), rangeStep(y)) == 0;
}

std::string rangeRepr(const RangeObj* r) {
    std::string out = "range(" + bigToString(rangeStart(r), 10) + ", " + bigToString(rangeStop(r), 10);
    Value s = rangeStep(r);
    if (!(s.isInt() && s.asInt() == 1)) out += ", " + bigToString(s, 10);
    return out + ")";
}

Value rangeGetItem(Interpreter& in, const Value& rv, const Value& key) {
    auto* r = rv.as<RangeObj>();
    Value n = rangeLenValue(in, r);
    if (key.isKind(ObjKind::Slice)) { // CPython's _PySlice_GetLongIndices + compute_slice
        auto* sl = key.as<SliceObj>();
        Value step = sl->step.isNone() ? Value::integer(1) : intVal(in, sl->step);
        if (sign(step) == 0) raise(types().ValueError, "slice step cannot be zero");
        bool neg = sign(step) < 0;
        Value lower = neg ? Value::integer(-1) : Value::integer(0);
        Value upper = neg ? sub(in, n, Value::integer(1)) : n;
        auto clamp = [&](const Value& v, const Value& dflt) {
            if (v.isNone()) return dflt;
            Value i = intVal(in, v);
            if (sign(i) < 0) {
                i = add(in, i, n);
                if (cmp(i, lower) < 0) i = lower;
            } else if (cmp(i, upper) > 0) i = upper;
            return i;
        };
        Value a = clamp(sl->start, neg ? upper : lower), b = clamp(sl->stop, neg ? lower : upper);
        Value s0 = rangeStart(r), st = rangeStep(r);
        return makeRange(in, add(in, s0, mul(in, a, st)), add(in, s0, mul(in, b, st)), mul(in, st, step));
    }
    if (!isIntLike(key) && in.lookupSpecial(key, "__index__").isUndef())
        raise(types().TypeError, std::string("range indices must be integers or slices, not ") + typeName(in, key));
    Value i = intVal(in, key);
    if (sign(i) < 0) i = add(in, i, n);
    if (sign(i) < 0 || cmp(i, n) >= 0) raise(types().IndexError, "range object index out of range");
    if (!r->big()) return Value::integer(int64_t(uint64_t(r->start) + uint64_t(i.asInt()) * uint64_t(r->step)));
    return add(in, r->bstart, mul(in, i, r->bstep));
}

Value rangeIter(Interpreter& in, const Value& rv, bool reversed) {
    auto* r = rv.as<RangeObj>();
    if (!r->big()) { // length fits int64 (makeRange guarantees it), so do all elements
        auto i = std::make_shared<int64_t>(0);
        int64_t cnt = r->length(), s = reversed ? -r->step : r->step;
        int64_t a = reversed && cnt ? int64_t(uint64_t(r->start) + uint64_t(cnt - 1) * uint64_t(r->step)) : r->start;
        return withClass(Value::adopt(new IterObj(
                             [=](Interpreter& in2) -> Value {
                                 if (*i >= cnt) return Value();
                                 // Native consumers (sum, set, sorted, ...) run no statements: the
                                 // run's limits are checked every 64k items here.
                                 if ((*i & 0xFFFF) == 0xFFFF && in2.currentFrame()) in2.checkLimits();
                                 return Value::integer(int64_t(uint64_t(a) + uint64_t((*i)++) * uint64_t(s)));
                             },
                             rv)),
                         "range_iterator");
    }
    Value n = rangeLenValue(in, r);
    Value step = reversed ? bigNeg(r->bstep) : r->bstep;
    Value first =
        reversed && sign(n) > 0 ? add(in, r->bstart, mul(in, sub(in, n, Value::integer(1)), r->bstep)) : r->bstart;
    auto cur = std::make_shared<Value>(first);
    auto left = std::make_shared<Value>(n);
    return withClass(Value::adopt(new IterObj(
                         [cur, left, step, count = uint32_t(0)](Interpreter& in2) mutable -> Value {
                             if (sign(*left) <= 0) return Value();
                             if ((++count & 0xFFFF) == 0 && in2.currentFrame()) in2.checkLimits(); // as above
                             Value v = *cur;
                             *cur = add(in2, *cur, step);
                             *left = sub(in2, *left, Value::integer(1));
                             return v;
                         },
                         rv)),
                     "longrange_iterator");
}

} // namespace graphlens::lang

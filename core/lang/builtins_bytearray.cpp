// bytearray: a BytesObj whose class is types().bytearray (mutable, unhashable). Reading
// operations are shared with bytes (same ObjKind); this file adds construction, item and slice
// assignment/deletion, the mutating methods, and copies of the bytes methods that return
// bytearray where CPython does.
#include <algorithm>
#include <cctype>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

namespace {

char byteOf(Interpreter& in, const Value& v) {
    int64_t x = in.toIndex(v);
    if (x < 0 || x > 255) raise(types().ValueError, "byte must be in range(0, 256)");
    return char(x);
}

BytesObj* self(const CallArgs& a) {
    return a[0].as<BytesObj>();
}

std::string fromIterable(Interpreter& in, const Value& v) {
    if (v.isKind(ObjKind::Bytes)) return v.as<BytesObj>()->s;
    if (v.isKind(ObjKind::Str)) raise(types().TypeError, "cannot extend bytearray with str");
    std::string s;
    in.forEach(v, [&](const Value& x) { s += byteOf(in, x); });
    return s;
}

std::string encodeStr(const std::string& s, const std::string& encoding) {
    std::string e;
    for (char c : encoding) e += c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    if (e == "utf-8" || e == "utf8") return s;
    bool ascii = e == "ascii" || e == "us-ascii";
    if (!ascii && e != "latin-1" && e != "latin1" && e != "iso-8859-1")
        raise(types().LookupError, "unknown encoding: " + encoding);
    std::string out;
    for (size_t i = 0; i < s.size();) { // decode UTF-8 code points
        unsigned char c = static_cast<unsigned char>(s[i]);
        int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        uint32_t cp = n == 1 ? c : c & (0x3F >> (n - 1));
        for (int k = 1; k < n && i + size_t(k) < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3F);
        if (cp > (ascii ? 0x7Fu : 0xFFu))
            raise(types().UnicodeEncodeError,
                  std::string("'") + (ascii ? "ascii" : "latin-1") + "' codec can't encode character");
        out += char(cp);
        i += size_t(n);
    }
    return out;
}

Value toArray(const Value& v) { // bytes results of a bytes method -> bytearray
    if (v.isKind(ObjKind::Bytes))
        return v.as<BytesObj>()->isArray() ? v : Value::adopt(new BytesObj(v.as<BytesObj>()->s, true));
    if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
        bool isList = v.isKind(ObjKind::List);
        std::vector<Value> items = isList ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
        for (auto& x : items) x = toArray(x);
        return isList ? newList(std::move(items)) : newTuple(std::move(items));
    }
    return v;
}

} // namespace

Value bytearrayNew(Interpreter& in, CallArgs& a) {
    const Value* enc = a.n > 1 ? &a[1] : a.kwarg("encoding");
    if (a.n == 0) return Value::adopt(new BytesObj("", true));
    const Value& x = a[0];
    if (x.isKind(ObjKind::Str)) {
        if (!enc) raise(types().TypeError, "string argument without an encoding");
        return Value::adopt(new BytesObj(encodeStr(x.as<StrObj>()->s, in.str(*enc)), true));
    }
    if (enc) raise(types().TypeError, "encoding without a string argument");
    if (x.isInt() || x.isBool() || x.isKind(ObjKind::BigInt)) {
        int64_t n = in.toIndex(x);
        if (n < 0) raise(types().ValueError, "negative count");
        memCheck(n + 40); // asked before the buffer is allocated (BytesObj charges it once made)
        return Value::adopt(new BytesObj(std::string(size_t(n), '\0'), true));
    }
    if (x.isFloat()) raise(types().TypeError, "cannot convert 'float' object to bytearray");
    return Value::adopt(new BytesObj(fromIterable(in, x), true));
}

void bytearraySetItem(Interpreter& in, BytesObj* b, const Value& key, const Value& v) {
    auto& s = b->s;
    if (key.isKind(ObjKind::Slice)) {
        if (v.isInt() || v.isKind(ObjKind::Str) || v.isNone())
            raise(types().TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        std::string src = fromIterable(in, v);
        int64_t start, stop, step, n;
        sliceIndices(in, key.as<SliceObj>(), int64_t(s.size()), start, stop, step, n);
        if (step == 1) {
            if (stop < start) stop = start;
            s.replace(size_t(start), size_t(stop - start), src);
            b->account();
            return;
        }
        if (int64_t(src.size()) != n)
            raise(types().ValueError,
                  "attempt to assign bytes of size " + std::to_string(src.size()) + " to extended slice of size " +
                      std::to_string(n));
        for (int64_t k = 0; k < n; ++k) s[size_t(start + k * step)] = src[size_t(k)];
        return;
    }
    if (!isIntLike(key) && in.lookupSpecial(key, "__index__").isUndef())
        raise(types().TypeError, std::string("bytearray indices must be integers or slices, not ") + typeName(in, key));
    int64_t i = in.toIndex(key);
    if (i < 0) i += int64_t(s.size());
    if (i < 0 || i >= int64_t(s.size())) raise(types().IndexError, "bytearray index out of range");
    s[size_t(i)] = byteOf(in, v);
}

void bytearrayDelItem(Interpreter& in, BytesObj* b, const Value& key) {
    auto& s = b->s;
    if (key.isKind(ObjKind::Slice)) {
        int64_t start, stop, step, n;
        sliceIndices(in, key.as<SliceObj>(), int64_t(s.size()), start, stop, step, n);
        std::vector<bool> del(s.size(), false);
        for (int64_t k = 0; k < n; ++k) del[size_t(start + k * step)] = true;
        std::string keep;
        for (size_t k = 0; k < s.size(); ++k)
            if (!del[k]) keep += s[k];
        s.swap(keep);
        return;
    }
    if (!isIntLike(key) && in.lookupSpecial(key, "__index__").isUndef())
        raise(types().TypeError, std::string("bytearray indices must be integers or slices, not ") + typeName(in, key));
    int64_t i = in.toIndex(key);
    if (i < 0) i += int64_t(s.size());
    if (i < 0 || i >= int64_t(s.size())) raise(types().IndexError, "bytearray index out of range");
    s.erase(size_t(i), 1);
}

void initBytearrayMethods() {
    ClassObj* ba = types().bytearray;
    // the bytes methods, with bytes results turned into bytearray (str/int/bool results kept)
    std::vector<std::pair<Value, Value>> bytesMethods;
    types().bytes->d()->forEach([&](const Value& k, const Value& v) { bytesMethods.emplace_back(k, v); });
    for (auto& [k, fn] : bytesMethods) {
        const std::string& name = k.as<StrObj>()->s;
        bool keepsType = name == "decode" || name == "hex";
        ba->d()->set(k,
                     newBuiltin(
                         name,
                         [fn = fn, keepsType](Interpreter& in, CallArgs& a) -> Value {
                             Value r = in.call(fn, a.args, a.n, a.kw);
                             return keepsType ? r : toArray(r);
                         },
                         true));
    }
    addMethod(ba, "append", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2)
            raise(types().TypeError,
                  "bytearray.append() takes exactly one argument (" + std::to_string(a.n - 1) + " given)");
        self(a)->s += byteOf(in, a[1]);
        self(a)->account();
        return Value::none();
    });
    addMethod(ba, "extend", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2)
            raise(types().TypeError,
                  "bytearray.extend() takes exactly one argument (" + std::to_string(a.n - 1) + " given)");
        if (a[1].isInt()) raise(types().TypeError, "can't extend bytearray with int");
        std::string add = fromIterable(in, a[1]);
        self(a)->s += add;
        self(a)->account();
        return Value::none();
    });
    addMethod(ba, "pop", [](Interpreter& in, CallArgs& a) -> Value {
        auto& s = self(a)->s;
        if (s.empty()) raise(types().IndexError, "pop from empty bytearray");
        int64_t i = a.n > 1 ? in.toIndex(a[1]) : -1;
        if (i < 0) i += int64_t(s.size());
        if (i < 0 || i >= int64_t(s.size())) raise(types().IndexError, "pop index out of range");
        auto c = static_cast<unsigned char>(s[size_t(i)]);
        s.erase(size_t(i), 1);
        return Value::integer(c);
    });
    addMethod(ba, "insert", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 3) raise(types().TypeError, "insert expected 2 arguments, got " + std::to_string(a.n - 1));
        auto& s = self(a)->s;
        int64_t n = int64_t(s.size()), i = in.toIndex(a[1]);
        if (i < 0) i = std::max<int64_t>(0, i + n);
        i = std::min(i, n);
        s.insert(s.begin() + i, byteOf(in, a[2]));
        self(a)->account();
        return Value::none();
    });
    addMethod(ba, "remove", [](Interpreter& in, CallArgs& a) -> Value {
        auto& s = self(a)->s;
        size_t p = s.find(byteOf(in, a[1]));
        if (p == std::string::npos) raise(types().ValueError, "value not found in bytearray");
        s.erase(p, 1);
        return Value::none();
    });
    addMethod(ba, "clear", [](Interpreter&, CallArgs& a) -> Value {
        self(a)->s.clear();
        return Value::none();
    });
    addMethod(ba, "reverse", [](Interpreter&, CallArgs& a) -> Value {
        std::reverse(self(a)->s.begin(), self(a)->s.end());
        return Value::none();
    });
    addMethod(ba, "copy",
              [](Interpreter&, CallArgs& a) -> Value { return Value::adopt(new BytesObj(self(a)->s, true)); });
}

} // namespace graphlens::lang

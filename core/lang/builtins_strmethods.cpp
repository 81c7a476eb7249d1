// str and bytes methods.
#include <algorithm>
#include <climits>
#include <cstring>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"

namespace graphlens::lang {

namespace {

const std::string& S(const CallArgs& a) {
    return a[0].as<StrObj>()->s;
}

// mode: 'u' upper, 'l' lower, 'c' casefold, 's' swapcase, 't' title, 'C' capitalize
std::string caseMap(const std::string& s, char mode) {
    std::string out;
    out.reserve(s.size());
    bool prevCased = false;
    bool first = true;
    for (size_t i = 0; i < s.size();) {
        uint32_t c = nextCodePoint(s, i);
        bool isL = cpIsLower(c), isU = cpIsUpper(c);
        bool toUpper = false, toLower = false;
        switch (mode) {
        case 'u':
            toUpper = true;
            break;
        case 'l':
        case 'c':
            toLower = true;
            break;
        case 's':
            toUpper = isL;
            toLower = isU;
            break;
        case 't':
            toUpper = !prevCased;
            toLower = prevCased;
            break;
        case 'C':
            toUpper = first;
            toLower = !first;
            break;
        }
        if (toUpper && c == 0xDF) out += "SS";
        else if (mode == 'c' && c == 0xDF) out += "ss";
        else appendUtf8(out, toUpper ? cpUpper(c) : toLower ? cpLower(c) : c);
        prevCased = isL || isU;
        first = false;
    }
    return out;
}

std::string argStr(Interpreter& in, const Value& v, const char* meth) {
    if (!v.isKind(ObjKind::Str)) raise(types().TypeError, std::string(meth) + " arg must be None or str");
    (void)in;
    return v.as<StrObj>()->s;
}

bool isSpace(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::vector<Value> splitWs(const std::string& s, int64_t maxsplit) {
    std::vector<Value> out;
    size_t i = 0, n = s.size();
    while (i < n) {
        while (i < n && isSpace(static_cast<unsigned char>(s[i]))) ++i;
        if (i >= n) break;
        if (maxsplit >= 0 && int64_t(out.size()) >= maxsplit) {
            out.push_back(newStr(s.substr(i)));
            return out;
        }
        size_t j = i;
        while (j < n && !isSpace(static_cast<unsigned char>(s[j]))) ++j;
        out.push_back(newStr(s.substr(i, j - i)));
        i = j;
    }
    return out;
}

std::string strip(const std::string& s, const std::string* chars, bool left, bool right) {
    size_t b = 0, e = s.size();
    auto in = [&](char c) {
        return chars ? chars->find(c) != std::string::npos : isSpace(static_cast<unsigned char>(c));
    };
    if (left)
        while (b < e && in(s[b])) ++b;
    if (right)
        while (e > b && in(s[e - 1])) --e;
    return s.substr(b, e - b);
}

int64_t cpIndexOf(const std::string& s, size_t byteOff) {
    int64_t n = 0;
    for (size_t i = 0; i < byteOff && i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++n;
    return n;
}

void defS(const char* name, NativeFn fn) {
    addMethod(types().str, name, std::move(fn));
}

std::string formatMethod(Interpreter& in, const std::string& fmt, const CallArgs& a, size_t& autoIdx) {
    std::string out;
    for (size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c == '{') {
            if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
                out += '{';
                ++i;
                continue;
            }
            int depth = 1;
            size_t j = i + 1;
            while (j < fmt.size() && depth) {
                if (fmt[j] == '{') ++depth;
                else if (fmt[j] == '}') --depth;
                if (depth) ++j;
            }
            if (j >= fmt.size()) raise(types().ValueError, "Single '{' encountered in format string");
            std::string field = fmt.substr(i + 1, j - i - 1);
            i = j;
            std::string spec;
            char conv = 0;
            size_t colon = std::string::npos;
            int d2 = 0;
            for (size_t k = 0; k < field.size(); ++k) {
                if (field[k] == '[') ++d2;
                else if (field[k] == ']') --d2;
                else if (field[k] == ':' && d2 == 0) {
                    colon = k;
                    break;
                }
            }
            if (colon != std::string::npos) {
                spec = field.substr(colon + 1);
                field = field.substr(0, colon);
            }
            size_t bang = field.find('!');
            if (bang != std::string::npos) {
                conv = field[bang + 1];
                field = field.substr(0, bang);
            }
            // field name: first part then .attr / [key]
            size_t p = 0;
            while (p < field.size() && field[p] != '.' && field[p] != '[') ++p;
            std::string first = field.substr(0, p);
            Value v;
            if (first.empty()) {
                if (autoIdx + 1 >= a.n)
                    raise(types().IndexError,
                          "Replacement index " + std::to_string(autoIdx) + " out of range for positional args tuple");
                v = a[1 + autoIdx++];
            } else if (std::isdigit(static_cast<unsigned char>(first[0]))) {
                size_t idx = size_t(std::stoul(first));
                if (idx + 1 >= a.n)
                    raise(types().IndexError,
                          "Replacement index " + std::to_string(idx) + " out of range for positional args tuple");
                v = a[1 + idx];
            } else {
                const Value* kv = a.kwarg(first);
                if (!kv) raiseValue(in.call(Value::object(types().KeyError), { newStr(first) }));
                v = *kv;
            }
            while (p < field.size()) {
                if (field[p] == '.') {
                    size_t q = p + 1;
                    while (q < field.size() && field[q] != '.' && field[q] != '[') ++q;
                    v = in.getAttr(v, field.substr(p + 1, q - p - 1));
                    p = q;
                } else {
                    size_t q = field.find(']', p);
                    std::string key = field.substr(p + 1, q - p - 1);
                    bool digits = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) {
                        return std::isdigit(static_cast<unsigned char>(ch));
                    });
                    v = in.getItem(v, digits ? Value::integer(std::stoll(key)) : newStr(key));
                    p = q + 1;
                }
            }
            if (spec.find('{') != std::string::npos) spec = formatMethod(in, spec, a, autoIdx);
            if (conv == 'r' || conv == 'a') v = newStr(in.repr(v));
            else if (conv == 's') v = newStr(in.str(v));
            out += in.format(v, spec);
        } else if (c == '}') {
            if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            raise(types().ValueError, "Single '}' encountered in format string");
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

void initStrMethods() {
    defS("upper", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 'u')); });
    defS("lower", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 'l')); });
    defS("casefold", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 'c')); });
    defS("capitalize", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 'C')); });
    defS("title", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 't')); });
    defS("swapcase", [](Interpreter&, CallArgs& a) -> Value { return newStr(caseMap(S(a), 's')); });
    auto stripFn = [](bool l, bool r) {
        return [l, r](Interpreter& in, CallArgs& a) -> Value {
            if (a.n > 1 && !a[1].isNone()) {
                std::string ch = argStr(in, a[1], "strip");
                return newStr(strip(S(a), &ch, l, r));
            }
            return newStr(strip(S(a), nullptr, l, r));
        };
    };
    defS("strip", stripFn(true, true));
    defS("lstrip", stripFn(true, false));
    defS("rstrip", stripFn(false, true));
    defS("split", [](Interpreter& in, CallArgs& a) -> Value {
        Value sepV = a.n > 1 ? a[1] : (a.kwarg("sep") ? *a.kwarg("sep") : Value::none());
        Value msV = a.n > 2 ? a[2] : (a.kwarg("maxsplit") ? *a.kwarg("maxsplit") : Value::integer(-1));
        int64_t maxsplit = in.toIndex(msV);
        const std::string& s = S(a);
        if (sepV.isNone()) return newList(splitWs(s, maxsplit));
        std::string sep = argStr(in, sepV, "split");
        if (sep.empty()) raise(types().ValueError, "empty separator");
        std::vector<Value> out;
        size_t pos = 0;
        while (true) {
            if (maxsplit >= 0 && int64_t(out.size()) >= maxsplit) break;
            size_t f = s.find(sep, pos);
            if (f == std::string::npos) break;
            out.push_back(newStr(s.substr(pos, f - pos)));
            pos = f + sep.size();
        }
        out.push_back(newStr(s.substr(pos)));
        return newList(std::move(out));
    });
    defS("rsplit", [](Interpreter& in, CallArgs& a) -> Value {
        Value sepV = a.n > 1 ? a[1] : (a.kwarg("sep") ? *a.kwarg("sep") : Value::none());
        Value msV = a.n > 2 ? a[2] : (a.kwarg("maxsplit") ? *a.kwarg("maxsplit") : Value::integer(-1));
        int64_t maxsplit = in.toIndex(msV);
        const std::string& s = S(a);
        if (sepV.isNone()) {
            if (maxsplit < 0) return newList(splitWs(s, -1));
            std::vector<Value> out;
            int64_t e = int64_t(s.size());
            while (e > 0) {
                while (e > 0 && isSpace(static_cast<unsigned char>(s[size_t(e - 1)]))) --e;
                if (e == 0) break;
                if (int64_t(out.size()) >= maxsplit) {
                    int64_t b = 0;
                    while (b < e && isSpace(static_cast<unsigned char>(s[size_t(b)]))) ++b;
                    out.push_back(newStr(s.substr(size_t(b), size_t(e - b))));
                    e = 0;
                    break;
                }
                int64_t b = e;
                while (b > 0 && !isSpace(static_cast<unsigned char>(s[size_t(b - 1)]))) --b;
                out.push_back(newStr(s.substr(size_t(b), size_t(e - b))));
                e = b;
            }
            std::reverse(out.begin(), out.end());
            return newList(std::move(out));
        }
        std::string sep = argStr(in, sepV, "rsplit");
        if (sep.empty()) raise(types().ValueError, "empty separator");
        std::vector<Value> out;
        size_t end = s.size();
        while (maxsplit < 0 || int64_t(out.size()) < maxsplit) {
            if (end < sep.size()) break;
            size_t f = s.rfind(sep, end - sep.size());
            if (f == std::string::npos) break;
            out.push_back(newStr(s.substr(f + sep.size(), end - f - sep.size())));
            end = f;
        }
        out.push_back(newStr(s.substr(0, end)));
        std::reverse(out.begin(), out.end());
        return newList(std::move(out));
    });
    defS("splitlines", [](Interpreter& in, CallArgs& a) -> Value {
        bool keep = a.n > 1 ? in.truthy(a[1]) : (a.kwarg("keepends") ? in.truthy(*a.kwarg("keepends")) : false);
        const std::string& s = S(a);
        std::vector<Value> out;
        size_t i = 0;
        while (i < s.size()) {
            size_t j = i;
            while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
            size_t e = j;
            if (j < s.size()) {
                if (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') j += 2;
                else ++j;
            }
            out.push_back(newStr(s.substr(i, (keep ? j : e) - i)));
            i = j;
        }
        return newList(std::move(out));
    });
    defS("join", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2)
            raise(types().TypeError, "str.join() takes exactly one argument (" + std::to_string(a.n - 1) + " given)");
        const std::string& sep = S(a);
        std::string out;
        size_t idx = 0;
        in.forEach(a[1], [&](const Value& item) {
            Value v = unboxed(item); // a str subclass instance joins as its text
            if (!v.isKind(ObjKind::Str))
                raise(types().TypeError,
                      "sequence item " + std::to_string(idx) + ": expected str instance, " + typeName(in, v) +
                          " found");
            if (idx) out += sep;
            out += v.as<StrObj>()->s;
            ++idx;
        });
        return newStr(std::move(out));
    });
    defS("replace", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n < 3) raise(types().TypeError, "replace expected at least 2 arguments, got " + std::to_string(a.n - 1));
        std::string s = S(a), from = argStr(in, a[1], "replace"), to = argStr(in, a[2], "replace");
        int64_t count = a.n > 3 ? in.toIndex(a[3]) : -1;
        std::string out;
        if (from.empty()) {
            int64_t k = 0;
            for (size_t i = 0; i <= s.size(); ++i) {
                if (count < 0 || k < count) {
                    out += to;
                    ++k;
                }
                if (i < s.size()) out += s[i];
            }
            return newStr(out);
        }
        size_t pos = 0;
        int64_t k = 0;
        while (count < 0 || k < count) {
            size_t f = s.find(from, pos);
            if (f == std::string::npos) break;
            out += s.substr(pos, f - pos) + to;
            pos = f + from.size();
            ++k;
        }
        out += s.substr(pos);
        return newStr(std::move(out));
    });
    auto findFn = [](bool rev, bool raiseMissing) {
        return [rev, raiseMissing](Interpreter& in, CallArgs& a) -> Value {
            const std::string& s = S(a);
            if (a.n < 2) raise(types().TypeError, "find() takes at least 1 argument (0 given)");
            if (!a[1].isKind(ObjKind::Str))
                raise(types().TypeError, std::string("must be str, not ") + typeName(in, a[1]));
            std::string sub = a[1].as<StrObj>()->s;
            int64_t len = a[0].as<StrObj>()->length();
            int64_t st = a.n > 2 && !a[2].isNone() ? in.toIndex(a[2]) : 0;
            int64_t en = a.n > 3 && !a[3].isNone() ? in.toIndex(a[3]) : len;
            if (st < 0) st = std::max<int64_t>(0, st + len);
            if (en < 0) en = std::max<int64_t>(0, en + len);
            en = std::min(en, len);
            int64_t r = -1;
            bool ascii = a[0].as<StrObj>()->isAscii();
            if (ascii && st <= en) {
                std::string_view view(s.data() + st, size_t(en - st));
                size_t f = rev ? view.rfind(sub) : view.find(sub);
                if (f != std::string_view::npos) r = int64_t(f) + st;
            } else if (st <= en) {
                size_t f = rev ? s.rfind(sub) : s.find(sub);
                if (f != std::string::npos) r = cpIndexOf(s, f);
                if (r >= 0 && (r < st || r + int64_t(sub.size()) > en)) r = -1;
            }
            if (r < 0 && raiseMissing) raise(types().ValueError, "substring not found");
            return Value::integer(r);
        };
    };
    defS("find", findFn(false, false));
    defS("rfind", findFn(true, false));
    defS("index", findFn(false, true));
    defS("rindex", findFn(true, true));
    defS("count", [](Interpreter& in, CallArgs& a) -> Value {
        std::string s = S(a);
        if (a.n > 2) {
            int64_t len = int64_t(s.size());
            int64_t st = a[2].isNone() ? 0 : in.toIndex(a[2]);
            int64_t en = a.n > 3 && !a[3].isNone() ? in.toIndex(a[3]) : len;
            if (st < 0) st = std::max<int64_t>(0, st + len);
            if (en < 0) en = std::max<int64_t>(0, en + len);
            en = std::min(en, len);
            s = st <= en ? s.substr(size_t(std::min(st, len)), size_t(en - st)) : std::string();
        }
        std::string sub = argStr(in, a[1], "count");
        if (sub.empty()) return Value::integer(a[0].as<StrObj>()->length() + 1);
        int64_t n = 0;
        for (size_t p = s.find(sub); p != std::string::npos; p = s.find(sub, p + sub.size())) ++n;
        return Value::integer(n);
    });
    auto affix = [](bool start) {
        return [start](Interpreter& in, CallArgs& a) -> Value {
            std::string s = S(a);
            if (a.n > 2 && a[0].as<StrObj>()->isAscii()) {
                int64_t len = int64_t(s.size());
                int64_t st = a[2].isNone() ? 0 : in.toIndex(a[2]);
                int64_t en = a.n > 3 && !a[3].isNone() ? in.toIndex(a[3]) : len;
                if (st < 0) st = std::max<int64_t>(0, st + len);
                if (en < 0) en = std::max<int64_t>(0, en + len);
                en = std::min(en, len);
                if (st > len) return Value::boolean(false);
                s = st <= en ? s.substr(size_t(st), size_t(en - st)) : std::string();
            }
            auto test = [&](const Value& pv) {
                if (!pv.isKind(ObjKind::Str))
                    raise(types().TypeError,
                          std::string(start ? "startswith" : "endswith") +
                              " first arg must be str or a tuple of str, not " + typeName(in, pv));
                const std::string& p = pv.as<StrObj>()->s;
                if (p.size() > s.size()) return false;
                return start ? s.compare(0, p.size(), p) == 0 : s.compare(s.size() - p.size(), p.size(), p) == 0;
            };
            if (a[1].isKind(ObjKind::Tuple)) {
                for (auto& p : a[1].as<TupleObj>()->items)
                    if (test(p)) return Value::boolean(true);
                return Value::boolean(false);
            }
            return Value::boolean(test(a[1]));
        };
    };
    defS("startswith", affix(true));
    defS("endswith", affix(false));
    auto pred = [](int (*f)(int), bool emptyVal) {
        return [f, emptyVal](Interpreter&, CallArgs& a) -> Value {
            const std::string& s = S(a);
            if (s.empty()) return Value::boolean(emptyVal);
            for (unsigned char c : s)
                if (c >= 0x80 || !f(c)) return Value::boolean(false);
            return Value::boolean(true);
        };
    };
    defS("isdigit", pred([](int c) { return std::isdigit(c); }, false));
    defS("isdecimal", pred([](int c) { return std::isdigit(c); }, false));
    defS("isnumeric", pred([](int c) { return std::isdigit(c); }, false));
    defS("isalpha", pred([](int c) { return std::isalpha(c); }, false));
    defS("isalnum", pred([](int c) { return std::isalnum(c); }, false));
    defS("isspace", pred([](int c) { return std::isspace(c); }, false));
    defS("isidentifier", [](Interpreter&, CallArgs& a) -> Value {
        const std::string& s = S(a);
        if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return Value::boolean(false);
        for (unsigned char c : s)
            if (!(std::isalnum(c) || c == '_' || c >= 0x80)) return Value::boolean(false);
        return Value::boolean(true);
    });
    defS("isascii", [](Interpreter&, CallArgs& a) -> Value { return Value::boolean(a[0].as<StrObj>()->isAscii()); });
    defS("istitle", [](Interpreter&, CallArgs& a) -> Value {
        bool prevCased = false, any = false;
        for (unsigned char c : S(a)) {
            if (std::isupper(c)) {
                if (prevCased) return Value::boolean(false);
                prevCased = true;
                any = true;
            } else if (std::islower(c)) {
                if (!prevCased) return Value::boolean(false);
                prevCased = true;
                any = true;
            } else prevCased = false;
        }
        return Value::boolean(any);
    });
    defS("isupper", [](Interpreter&, CallArgs& a) -> Value {
        bool any = false;
        for (unsigned char c : S(a)) {
            if (std::islower(c)) return Value::boolean(false);
            if (std::isupper(c)) any = true;
        }
        return Value::boolean(any);
    });
    defS("islower", [](Interpreter&, CallArgs& a) -> Value {
        bool any = false;
        for (unsigned char c : S(a)) {
            if (std::isupper(c)) return Value::boolean(false);
            if (std::islower(c)) any = true;
        }
        return Value::boolean(any);
    });
    auto justify = [](char how) {
        return [how](Interpreter& in, CallArgs& a) -> Value {
            const std::string& s = S(a);
            int64_t w = in.toIndex(a[1]);
            std::string fill = a.n > 2 ? a[2].as<StrObj>()->s : " ";
            int64_t len = a[0].as<StrObj>()->length();
            if (w <= len) return a[0];
            int64_t n = w - len;
            memCheck(n * int64_t(fill.size()) + int64_t(s.size())); // asked before the padding is built
            auto rep = [&](int64_t k) {
                std::string r;
                for (int64_t i = 0; i < k; ++i) r += fill;
                return r;
            };
            if (how == '<') return newStr(s + rep(n));
            if (how == '>') return newStr(rep(n) + s);
            int64_t left = n / 2 + (n & w & 1);
            return newStr(rep(left) + s + rep(n - left));
        };
    };
    defS("ljust", justify('<'));
    defS("rjust", justify('>'));
    defS("center", justify('^'));
    // str.translate(table): table[ord(c)] is a str, a code point, None (delete) or missing (keep)
    defS("translate", [](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2)
            raise(types().TypeError,
                  "str.translate() takes exactly one argument (" + std::to_string(a.n - 1) + " given)");
        const std::string& s = S(a);
        const Value& table = a[1];
        std::string out;
        out.reserve(s.size());
        for (size_t i = 0; i < s.size();) {
            uint32_t c = nextCodePoint(s, i);
            Value mapped;
            try {
                mapped = in.getItem(table, Value::integer(c));
            } catch (PyError& e) {
                if (!in.isInstance(e.exc, types().LookupError)) throw;
                appendUtf8(out, c);
                continue;
            }
            if (mapped.isNone()) continue;
            if (mapped.isKind(ObjKind::Str)) {
                out += mapped.as<StrObj>()->s;
            } else if (mapped.isInt()) {
                int64_t v = mapped.asInt();
                if (v < 0 || v > 0x10FFFF) raise(types().ValueError, "character mapping must be in range(0x110000)");
                appendUtf8(out, uint32_t(v));
            } else {
                raise(types().TypeError, "character mapping must return integer, None or str");
            }
        }
        return newStr(std::move(out));
    });
    types().str->d()->setStr(
        "maketrans",
        Value::adopt(new WrapperObj(
            ObjKind::StaticMethod, newBuiltin("maketrans", [](Interpreter& in, CallArgs& a) -> Value {
                Value table = newDict();
                DictObj* d = table.as<DictObj>();
                if (a.n == 1) {
                    if (!a[0].isKind(ObjKind::Dict))
                        raise(types().TypeError, "if you give only one argument to maketrans it must be a dict");
                    a[0].as<DictObj>()->forEach([&](const Value& k, const Value& v) {
                        if (k.isKind(ObjKind::Str)) {
                            const std::string& ks = k.as<StrObj>()->s;
                            size_t j = 0;
                            uint32_t c = ks.empty() ? 0 : nextCodePoint(ks, j);
                            if (ks.empty() || j != ks.size())
                                raise(types().ValueError, "string keys in translate table must be of length 1");
                            d->set(Value::integer(c), v);
                        } else if (k.isInt()) {
                            d->set(k, v);
                        } else {
                            raise(types().TypeError, "keys in translate table must be strings or integers");
                        }
                    });
                    return table;
                }
                if (a.n < 1 || a.n > 3)
                    raise(types().TypeError, "maketrans expected at most 3 arguments, got " + std::to_string(a.n));
                for (size_t k = 0; k < a.n; ++k)
                    if (!a[k].isKind(ObjKind::Str))
                        raise(types().TypeError,
                              "maketrans() argument " + std::to_string(k + 1) + " must be str, not " +
                                  typeName(in, a[k]));
                const std::string &x = a[0].as<StrObj>()->s, &y = a[1].as<StrObj>()->s;
                std::vector<uint32_t> xs, ys;
                for (size_t j = 0; j < x.size();) xs.push_back(nextCodePoint(x, j));
                for (size_t j = 0; j < y.size();) ys.push_back(nextCodePoint(y, j));
                if (xs.size() != ys.size())
                    raise(types().ValueError, "the first two maketrans arguments must have equal length");
                for (size_t j = 0; j < xs.size(); ++j) d->set(Value::integer(xs[j]), Value::integer(ys[j]));
                if (a.n == 3) {
                    const std::string& z = a[2].as<StrObj>()->s;
                    for (size_t j = 0; j < z.size();) d->set(Value::integer(nextCodePoint(z, j)), Value::none());
                }
                return table;
            }))));
    defS("zfill", [](Interpreter& in, CallArgs& a) -> Value {
        std::string s = S(a);
        int64_t w = in.toIndex(a[1]);
        int64_t len = a[0].as<StrObj>()->length();
        if (w <= len) return a[0];
        memCheck(w); // asked before the zeros are built
        size_t at = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
        s.insert(at, std::string(size_t(w - len), '0'));
        return newStr(s);
    });
    defS("format", [](Interpreter& in, CallArgs& a) -> Value {
        size_t ai = 0;
        return newStr(formatMethod(in, S(a), a, ai));
    });
    defS("format_map", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<std::pair<std::string, Value>> kw;
        a[1].as<DictObj>()->forEach([&](const Value& k, const Value& v) { kw.emplace_back(in.str(k), v); });
        CallArgs b{ a.args, 1, &kw };
        size_t ai = 0;
        return newStr(formatMethod(in, S(a), b, ai));
    });
    defS("partition", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string& s = S(a);
        std::string sep = argStr(in, a[1], "partition");
        size_t f = s.find(sep);
        if (f == std::string::npos) return newTuple({ a[0], newStr(""), newStr("") });
        return newTuple({ newStr(s.substr(0, f)), newStr(sep), newStr(s.substr(f + sep.size())) });
    });
    defS("rpartition", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string& s = S(a);
        std::string sep = argStr(in, a[1], "rpartition");
        size_t f = s.rfind(sep);
        if (f == std::string::npos) return newTuple({ newStr(""), newStr(""), a[0] });
        return newTuple({ newStr(s.substr(0, f)), newStr(sep), newStr(s.substr(f + sep.size())) });
    });
    defS("removeprefix", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string& s = S(a);
        std::string p = argStr(in, a[1], "removeprefix");
        if (s.compare(0, p.size(), p) == 0) return newStr(s.substr(p.size()));
        return a[0];
    });
    defS("removesuffix", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string& s = S(a);
        std::string p = argStr(in, a[1], "removesuffix");
        if (!p.empty() && s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0)
            return newStr(s.substr(0, s.size() - p.size()));
        return a[0];
    });
    defS("encode", [](Interpreter&, CallArgs& a) -> Value { return Value::adopt(new BytesObj(S(a))); });
    defS("expandtabs", [](Interpreter& in, CallArgs& a) -> Value {
        int64_t ts = a.n > 1 ? in.toIndex(a[1]) : 8;
        // CPython takes the tab size as a C int.
        if (ts > INT32_MAX || ts < INT32_MIN) raise(types().OverflowError, "Python int too large to convert to C int");
        std::string out;
        int64_t col = 0;
        for (char c : S(a)) {
            if (c == '\t') {
                int64_t n = ts ? ts - col % ts : 0;
                memCheck(int64_t(out.size()) + n); // asked before the spaces are added
                out += std::string(size_t(n), ' ');
                col += n;
            } else if (c == '\n' || c == '\r') {
                out += c;
                col = 0;
            } else {
                out += c;
                ++col;
            }
        }
        return newStr(out);
    });
    defS("__len__", [](Interpreter& in, CallArgs& a) -> Value { return Value::integer(in.len(a[0])); });
    defS("__contains__", [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(in.contains(a[0], a[1])); });
    defS("__getitem__", [](Interpreter& in, CallArgs& a) -> Value { return in.getItem(a[0], a[1]); });
    defS("__add__", [](Interpreter& in, CallArgs& a) -> Value { return in.binaryOp(BinOpKind::Add, a[0], a[1]); });
    defS("__mul__", [](Interpreter& in, CallArgs& a) -> Value { return in.binaryOp(BinOpKind::Mult, a[0], a[1]); });
    defS("__mod__", [](Interpreter& in, CallArgs& a) -> Value { return in.binaryOp(BinOpKind::Mod, a[0], a[1]); });
    // bytes methods mirror str: convert bytes arguments to str, call the str method, convert back
    for (const char* nm :
         { "strip",      "lstrip",   "rstrip",    "upper",      "lower",  "split", "rsplit", "join",       "replace",
           "startswith", "endswith", "find",      "rfind",      "index",  "count", "title",  "capitalize", "isdigit",
           "isalpha",    "isspace",  "partition", "splitlines", "center", "ljust", "rjust" }) {
        Value* strFn = types().str->d()->findStr(nm);
        if (!strFn) continue;
        Value fn = *strFn;
        addMethod(types().bytes, nm, [fn](Interpreter& in, CallArgs& a) -> Value {
            std::function<Value(const Value&)> toStr = [&](const Value& v) -> Value {
                if (v.isKind(ObjKind::Bytes)) return newStr(v.as<BytesObj>()->s);
                if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
                    std::vector<Value> items;
                    for (auto& x : in.toVector(v)) items.push_back(toStr(x));
                    return v.isKind(ObjKind::List) ? newList(std::move(items)) : newTuple(std::move(items));
                }
                return v;
            };
            std::function<Value(const Value&)> toBytes = [&](const Value& v) -> Value {
                if (v.isKind(ObjKind::Str)) return Value::adopt(new BytesObj(v.as<StrObj>()->s));
                if (v.isKind(ObjKind::List) || v.isKind(ObjKind::Tuple)) {
                    std::vector<Value> items;
                    for (auto& x : in.toVector(v)) items.push_back(toBytes(x));
                    return v.isKind(ObjKind::List) ? newList(std::move(items)) : newTuple(std::move(items));
                }
                return v;
            };
            std::vector<Value> args;
            for (size_t i = 0; i < a.n; ++i) args.push_back(toStr(a[i]));
            return toBytes(in.call(fn, args.data(), args.size(), a.kw));
        });
    }
    addMethod(types().bytes, "decode", [](Interpreter& in, CallArgs& a) -> Value {
        // decode(encoding='utf-8', errors='strict'): the bytes are checked, not taken as they are.
        Value encoding = a.n > 1 ? a[1] : Value();
        std::string errors = a.n > 2 ? in.str(a[2]) : "strict";
        if (const Value* e = a.kwarg("encoding")) encoding = *e;
        if (const Value* e = a.kwarg("errors")) errors = in.str(*e);
        return decodeBytes(in, a[0].as<BytesObj>()->s, encoding, errors);
    });
    addMethod(types().bytes, "hex", [](Interpreter&, CallArgs& a) -> Value {
        std::string out;
        char b[4];
        for (unsigned char c : a[0].as<BytesObj>()->s) {
            std::snprintf(b, sizeof b, "%02x", c);
            out += b;
        }
        return newStr(out);
    });
}

} // namespace graphlens::lang

// repr/str, the format-spec mini-language, %-formatting and str methods.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_set>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"
#include "core/lang/named_tuple.h"

namespace graphlens::lang {

namespace {

std::vector<size_t> cpOffsets(const std::string& s) {
    std::vector<size_t> off;
    for (size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) off.push_back(i);
    off.push_back(s.size());
    return off;
}

struct ReprGuard {
    static std::unordered_set<const Object*>& active() {
        static thread_local std::unordered_set<const Object*> s;
        return s;
    }
    static int& depth() {
        static thread_local int d = 0;
        return d;
    }
    const Object* o;
    bool recursive;
    explicit ReprGuard(const Object* ob)
        : o(ob)
        , recursive(!active().insert(ob).second) {
        Interpreter* in = currentInterpreter();
        if (++depth() > (in ? in->limits().recursionLimit : 1000)) {
            --depth();
            if (!recursive) active().erase(o);
            raise(types().RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
        }
    }
    ~ReprGuard() {
        --depth();
        if (!recursive) active().erase(o);
    }
};

} // namespace

std::string asciiRepr(const std::string& r) {
    std::string out;
    for (size_t i = 0; i < r.size();) {
        unsigned char c = static_cast<unsigned char>(r[i]);
        if (c < 0x80) {
            out += char(c);
            ++i;
            continue;
        }
        uint32_t cp = nextCodePoint(r, i);
        char b[16];
        if (cp < 0x100) std::snprintf(b, sizeof b, "\\x%02x", cp);
        else if (cp < 0x10000) std::snprintf(b, sizeof b, "\\u%04x", cp);
        else std::snprintf(b, sizeof b, "\\U%08x", cp);
        out += b;
    }
    return out;
}

std::string intToString(const Value& v, int base) {
    if (v.isKind(ObjKind::BigInt)) return bigToString(v, base);
    int64_t x = v.isBool() ? v.asBool() : v.asInt();
    if (base == 10) return std::to_string(x);
    bool neg = x < 0;
    uint64_t u = neg ? uint64_t(0) - uint64_t(x) : uint64_t(x);
    std::string d;
    do {
        d += "0123456789abcdef"[u % uint64_t(base)];
        u /= uint64_t(base);
    } while (u);
    std::reverse(d.begin(), d.end());
    return (neg ? "-" : "") + d;
}

std::string Interpreter::repr(const Value& v) {
    switch (v.tag()) {
    case Tag::Undef:
        return "<undefined>";
    case Tag::None:
        return "None";
    case Tag::Bool:
        return v.asBool() ? "True" : "False";
    case Tag::Int:
        return std::to_string(v.asInt());
    case Tag::Float:
        return floatRepr(v.asFloat());
    case Tag::Obj:
        break;
    }
    Object* o = v.obj();
    if (subclassAttrs(v)) [[unlikely]]
        if (Value f = subclassSpecial(*this, v, "__repr__"); !f.isUndef()) {
            Value r = call(f, nullptr, 0);
            if (!r.isKind(ObjKind::Str))
                raise(types().TypeError, std::string("__repr__ returned non-string (type ") + typeName(*this, r) + ")");
            return r.as<StrObj>()->s;
        }
    switch (o->kind) {
    case ObjKind::Str:
        return strRepr(static_cast<StrObj*>(o)->s);
    case ObjKind::BigInt:
        return bigToString(v, 10);
    case ObjKind::Bytes: {
        std::string out = bytesRepr(static_cast<BytesObj*>(o)->s);
        if (static_cast<BytesObj*>(o)->isArray()) return "bytearray(" + out + ")";
        return out;
    }
    case ObjKind::List:
    case ObjKind::Tuple: {
        ReprGuard g(o);
        bool isList = o->kind == ObjKind::List;
        if (g.recursive) return isList ? "[...]" : "(...)";
        std::vector<Value> items = isList ? static_cast<ListObj*>(o)->items : static_cast<TupleObj*>(o)->items;
        if (ClassObj* nt = isList ? nullptr : namedTupleClass(v)) {
            std::vector<std::string> fields = namedTupleFields(nt);
            const Value* seqName = nt->d()->findStr("_structseq_name"); // sys.int_info and the like
            std::string out = (seqName && seqName->isKind(ObjKind::Str) ? seqName->as<StrObj>()->s : nt->name) + "(";
            for (size_t i = 0; i < items.size(); ++i)
                out += (i ? ", " : "") + (i < fields.size() ? fields[i] : "") + "=" + repr(items[i]);
            return out + ")";
        }
        std::string out = isList ? "[" : "(";
        for (size_t i = 0; i < items.size(); ++i) {
            if (i) out += ", ";
            out += repr(items[i]);
        }
        if (!isList && items.size() == 1) out += ",";
        out += isList ? "]" : ")";
        return out;
    }
    case ObjKind::Dict: {
        ReprGuard g(o);
        if (g.recursive) return "{...}";
        std::string out = "{";
        bool first = true;
        std::vector<std::pair<Value, Value>> kv;
        static_cast<DictObj*>(o)->forEach([&](const Value& k, const Value& val) { kv.emplace_back(k, val); });
        for (auto& [k, val] : kv) {
            if (!first) out += ", ";
            first = false;
            out += repr(k) + ": " + repr(val);
        }
        return out + "}";
    }
    case ObjKind::Set:
    case ObjKind::FrozenSet: {
        auto* s = static_cast<SetObj*>(o);
        bool frozen = o->kind == ObjKind::FrozenSet;
        if (s->size() == 0) return frozen ? "frozenset()" : "set()";
        ReprGuard g(o);
        if (g.recursive) return "{...}";
        std::string out = frozen ? "frozenset({" : "{";
        bool first = true;
        std::vector<Value> keys;
        s->forEach([&](const Value& k) { keys.push_back(k); });
        for (auto& k : keys) {
            if (!first) out += ", ";
            first = false;
            out += repr(k);
        }
        return out + (frozen ? "})" : "}");
    }
    case ObjKind::Range:
        return rangeRepr(static_cast<RangeObj*>(o));
    case ObjKind::Slice: {
        auto* s = static_cast<SliceObj*>(o);
        return "slice(" + repr(s->start) + ", " + repr(s->stop) + ", " + repr(s->step) + ")";
    }
    case ObjKind::Func: {
        char b[32];
        std::snprintf(b, sizeof b, "%p", static_cast<void*>(o));
        return "<function " + static_cast<FuncObj*>(o)->qualname + " at " + b + ">";
    }
    case ObjKind::Builtin:
        return "<built-in function " + static_cast<BuiltinObj*>(o)->name + ">";
    case ObjKind::BoundMethod: {
        auto* m = static_cast<BoundMethodObj*>(o);
        std::string fname = m->func.isKind(ObjKind::Func) ? m->func.as<FuncObj>()->qualname
            : m->func.isKind(ObjKind::Builtin)            ? m->func.as<BuiltinObj>()->name
                                                          : "?";
        return "<bound method " + fname + " of " + repr(m->self) + ">";
    }
    case ObjKind::Class: {
        auto* c = static_cast<ClassObj*>(o);
        if (c->metaHold.isObj())
            if (Value* r = c->cls->lookup("__repr__"); r && !r->isKind(ObjKind::Builtin)) {
                Value s = call(*r, &v, 1);
                if (!s.isKind(ObjKind::Str))
                    raise(types().TypeError,
                          std::string("__repr__ returned non-string (type ") + typeName(*this, s) + ")");
                return s.as<StrObj>()->s;
            }
        if (c->builtin) return "<class '" + c->name + "'>";
        Value* q = c->d()->findStr("__qualname__");
        Value* m = c->d()->findStr("__module__");
        const std::string mod = m && m->isKind(ObjKind::Str) ? m->as<StrObj>()->s : "__main__";
        return "<class '" + (mod == "builtins" ? std::string() : mod + ".") +
            (q && q->isKind(ObjKind::Str) ? q->as<StrObj>()->s : c->name) + "'>";
    }
    case ObjKind::Module:
        return "<module '" + static_cast<ModuleObj*>(o)->name + "' (built-in)>";
    case ObjKind::Singleton:
        return static_cast<SingletonObj*>(o)->name;
    case ObjKind::Instance:
    case ObjKind::Native: {
        ClassObj* t = typeOf(v);
        // object's own __repr__ is this very function; a native class's builtin one is called
        if (Value* r = t->lookup("__repr__");
            r && (!r->isKind(ObjKind::Builtin) || r != types().object->d()->findStr("__repr__"))) {
            Value s = call(*r, &v, 1);
            if (!s.isKind(ObjKind::Str))
                raise(types().TypeError, std::string("__repr__ returned non-string (type ") + typeName(*this, s) + ")");
            return s.as<StrObj>()->s;
        }
        if (t->isException) {
            auto* e = static_cast<ExcObj*>(o);
            auto& args = e->args.as<TupleObj>()->items;
            if (args.size() == 1) return t->name + "(" + repr(args[0]) + ")";
            return t->name + repr(e->args);
        }
        char b[32];
        std::snprintf(b, sizeof b, "%p", static_cast<void*>(o));
        if (t->builtin) return "<" + t->name + " object at " + b + ">";
        return "<__main__." + t->name + " object at " + b + ">";
    }
    case ObjKind::Property:
        return "<property object>";
    case ObjKind::Iter:
        return "<" + o->cls->name + " object>";
    case ObjKind::Generator:
        return genRepr(v);
    case ObjKind::Super:
        return "<super object>";
    default:
        return "<object>";
    }
}

std::string Interpreter::str(const Value& v) {
    if (v.isKind(ObjKind::Str)) return v.as<StrObj>()->s;
    if (v.isKind(ObjKind::Instance) || v.isKind(ObjKind::Native) || subclassAttrs(v) ||
        (v.isKind(ObjKind::Class) && v.as<ClassObj>()->metaHold.isObj())) {
        ClassObj* t = typeOf(v);
        if (Value* s = t->lookup("__str__"); s && !s->isKind(ObjKind::Builtin)) {
            Value r = call(*s, &v, 1);
            if (!r.isKind(ObjKind::Str))
                raise(types().TypeError, std::string("__str__ returned non-string (type ") + typeName(*this, r) + ")");
            return r.as<StrObj>()->s;
        }
        if (t->isException) return exceptionStr(*this, v).as<StrObj>()->s;
        if (const Value* base = boxedBase(v); base && base->isKind(ObjKind::Str)) return base->as<StrObj>()->s;
    }
    return repr(v);
}

// ---------------------------------------------------------------------------------------------
// Format spec mini-language

namespace {
struct Spec {
    char fill = ' ';
    std::string fillStr = " ";
    char align = 0;
    char sign = '-';
    bool alt = false, zero = false;
    int64_t width = -1;
    char grouping = 0;
    int precision = -1;
    char type = 0;
};

Spec parseSpec(const std::string& s) {
    Spec sp;
    size_t i = 0;
    auto isAlign = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
    // fill may be a multibyte char
    size_t cl = 1;
    if (!s.empty()) {
        unsigned char c0 = static_cast<unsigned char>(s[0]);
        cl = c0 < 0x80 ? 1 : (c0 >> 5) == 6 ? 2 : (c0 >> 4) == 14 ? 3 : 4;
    }
    if (s.size() > cl && isAlign(s[cl])) {
        sp.fillStr = s.substr(0, cl);
        sp.fill = s[0];
        sp.align = s[cl];
        i = cl + 1;
    } else if (!s.empty() && isAlign(s[0])) {
        sp.align = s[0];
        i = 1;
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
    if (i < s.size() && s[i] == '#') {
        sp.alt = true;
        ++i;
    }
    if (i < s.size() && s[i] == '0') {
        sp.zero = true;
        ++i;
    }
    // Digits are read as CPython reads them into a Py_ssize_t: a number past it is an error, never
    // a wrapped-around width.
    auto number = [&](int64_t& out) {
        out = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
            const int digit = s[i] - '0';
            if (out > (INT64_MAX - digit) / 10) raise(types().ValueError, "Too many decimal digits in format string");
            out = out * 10 + digit;
            ++i;
        }
    };
    int64_t w = -1;
    if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) number(w);
    sp.width = w;
    if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
    if (i < s.size() && s[i] == '.') {
        ++i;
        const size_t first = i;
        int64_t p = 0;
        number(p);
        if (i == first) raise(types().ValueError, "Format specifier missing precision");
        if (p > INT32_MAX) raise(types().ValueError, "precision too big");
        sp.precision = int(p);
    }
    if (i < s.size()) sp.type = s[i++];
    if (i < s.size()) raise(types().ValueError, "Invalid format specifier '" + s + "'");
    return sp;
}

int64_t cpCount(const std::string& s) {
    int64_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

std::string pad(const std::string& body, const Spec& sp, char defAlign, const std::string& signPrefix = "") {
    int64_t len = cpCount(body) + cpCount(signPrefix);
    char align = sp.align ? sp.align : defAlign;
    if (sp.width < 0 || len >= sp.width) return signPrefix + body;
    int64_t n = sp.width - len;
    memCheck(n * int64_t(sp.fillStr.size()) + int64_t(body.size())); // asked before the padding is built
    auto rep = [&](int64_t k) {
        std::string r;
        for (int64_t i = 0; i < k; ++i) r += sp.fillStr;
        return r;
    };
    switch (align) {
    case '<':
        return signPrefix + body + rep(n);
    case '^':
        return rep(n / 2) + signPrefix + body + rep(n - n / 2);
    case '=':
        return signPrefix + rep(n) + body;
    default:
        return rep(n) + signPrefix + body;
    }
}

std::string group(const std::string& digits, char sep, int every = 3) {
    std::string out;
    int cnt = 0;
    for (size_t i = digits.size(); i-- > 0;) {
        out += digits[i];
        if (++cnt % every == 0 && i > 0) out += sep;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::string formatFloatBody(double d, const Spec& sp, char type, int prec) {
    char buf[512];
    std::string body;
    if (std::isinf(d)) return (type >= 'A' && type <= 'Z') ? "INF" : "inf";
    if (std::isnan(d)) return (type >= 'A' && type <= 'Z') ? "NAN" : "nan";
    switch (type) {
    case 'f':
    case 'F':
        std::snprintf(buf, sizeof buf, "%.*f", prec, d);
        body = buf;
        break;
    case 'e':
    case 'E':
        std::snprintf(buf, sizeof buf, type == 'e' ? "%.*e" : "%.*E", prec, d);
        body = buf;
        break;
    case '%':
        std::snprintf(buf, sizeof buf, "%.*f", prec, d * 100);
        body = std::string(buf) + "%";
        break;
    case 'g':
    case 'G': {
        if (prec == 0) prec = 1;
        std::snprintf(buf, sizeof buf, sp.alt ? (type == 'g' ? "%#.*g" : "%#.*G") : (type == 'g' ? "%.*g" : "%.*G"),
                      prec, d);
        body = buf;
        break;
    }
    }
    if (sp.alt && body.find('.') == std::string::npos && (type == 'f' || type == 'F')) body += ".";
    return body;
}
} // namespace

std::string formatSpec(Interpreter& in, const Value& v, const std::string& specStr);

// CPython's format_complex_internal: both parts formatted as floats with the spec's type and
// precision, the imaginary one always signed; no type means repr's style with parentheses.
std::string formatComplex(Interpreter& in, std::complex<double> z, const Spec& sp) {
    if (sp.zero) raise(types().ValueError, "Zero padding is not allowed in complex format specifier");
    if (sp.align == '=') raise(types().ValueError, "'=' alignment flag is not allowed in complex format specifier");
    if (sp.type && !std::strchr("eEfFgGn", sp.type))
        raise(types().ValueError, std::string("Unknown format code '") + sp.type + "' for object of type 'complex'");
    const bool skipReal = sp.type == 0 && z.real() == 0.0 && !std::signbit(z.real());
    const bool parens = sp.type == 0 && !skipReal;
    auto part = [&](double d, char sign) {
        std::string s;
        if (sp.type == 0 && sp.precision < 0) {
            s = floatRepr(std::fabs(d));
            if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
        } else {
            s = formatFloatBody(std::fabs(d), sp, sp.type ? sp.type : 'g', sp.precision < 0 ? 6 : sp.precision);
        }
        const bool neg = std::signbit(d) && !std::isnan(d);
        return (neg ? "-" : sign == '+' ? "+" : sign == ' ' ? " " : "") + s;
    };
    std::string body = skipReal ? part(z.imag(), sp.sign) + "j" : part(z.real(), sp.sign) + part(z.imag(), '+') + "j";
    if (parens) body = "(" + body + ")";
    (void)in;
    return pad(body, sp, '>');
}

std::string formatSpec(Interpreter& in, const Value& v, const std::string& specStr) {
    if (specStr.empty()) return in.str(v);
    Spec sp = parseSpec(specStr);
    if (isComplex(v)) return formatComplex(in, complexValue(v), sp);
    if (v.isKind(ObjKind::Str)) {
        if (sp.type && sp.type != 's')
            raise(types().ValueError, std::string("Unknown format code '") + sp.type + "' for object of type 'str'");
        if (sp.sign != '-') raise(types().ValueError, "Sign not allowed in string format specifier");
        if (sp.align == '=') raise(types().ValueError, "'=' alignment not allowed in string format specifier");
        std::string s = v.as<StrObj>()->s;
        if (sp.precision >= 0) {
            auto off = cpOffsets(s);
            if (int64_t(off.size()) - 1 > sp.precision) s = s.substr(0, off[size_t(sp.precision)]);
        }
        return pad(s, sp, '<');
    }
    bool isInt = isIntLike(v);
    if (isInt && sp.type && std::strchr("eEfFgG%", sp.type)) {
        return formatSpec(in, Value::flt(in.toDouble(v)), specStr);
    }
    if (isInt) {
        if (sp.precision >= 0) raise(types().ValueError, "Precision not allowed in integer format specifier");
        Value iv = v.isBool() ? Value::integer(v.asBool()) : v;
        bool neg = in.lessThan(iv, Value::integer(0));
        Value absv = neg ? in.unaryOp(UnaryOpKind::USub, iv) : iv;
        std::string digits, prefix;
        switch (sp.type) {
        case 0:
        case 'd':
        case 'n':
            digits = intToString(absv, 10);
            break;
        case 'x':
            digits = intToString(absv, 16);
            prefix = sp.alt ? "0x" : "";
            break;
        case 'X':
            digits = intToString(absv, 16);
            for (auto& c : digits) c = char(std::toupper(c));
            prefix = sp.alt ? "0X" : "";
            break;
        case 'o':
            digits = intToString(absv, 8);
            prefix = sp.alt ? "0o" : "";
            break;
        case 'b':
            digits = intToString(absv, 2);
            prefix = sp.alt ? "0b" : "";
            break;
        case 'c': {
            std::string s;
            appendUtf8(s, static_cast<uint32_t>(absv.asInt()));
            return pad(s, sp, '<');
        }
        default:
            raise(types().ValueError,
                  std::string("Unknown format code '") + sp.type + "' for object of type '" + typeName(in, v) + "'");
        }
        if (sp.grouping)
            digits = group(digits, sp.grouping,
                           (sp.type == 'x' || sp.type == 'X' || sp.type == 'o' || sp.type == 'b') ? 4 : 3);
        std::string sign = neg ? "-" : (sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "");
        if (sp.zero && !sp.align) {
            Spec z = sp;
            z.fillStr = "0";
            z.align = '=';
            return pad(digits, z, '>', sign + prefix);
        }
        return pad(digits, sp, '>', sign + prefix);
    }
    if (v.isFloat()) {
        double d = v.asFloat();
        bool neg = std::signbit(d) && !std::isnan(d);
        double a = std::fabs(d);
        std::string body;
        char type = sp.type;
        if (type == 0) {
            if (sp.precision < 0) {
                body = floatRepr(a);
            } else {
                body = formatFloatBody(a, sp, 'g', sp.precision);
                if (body.find_first_of(".e") == std::string::npos && std::isfinite(a)) body += ".0";
                if (body.find('e') != std::string::npos && body.find('.') == std::string::npos) {
                    // keep like CPython: 1e+16 stays as is
                }
            }
        } else if (std::strchr("eEfFgG%", type)) {
            body = formatFloatBody(a, sp, type, sp.precision < 0 ? 6 : sp.precision);
        } else {
            raise(types().ValueError, std::string("Unknown format code '") + type + "' for object of type 'float'");
        }
        if (sp.grouping) {
            size_t dot = body.find_first_of(".e%");
            std::string ip = body.substr(0, dot), rest = dot == std::string::npos ? "" : body.substr(dot);
            body = group(ip, sp.grouping) + rest;
        }
        std::string sign = neg ? "-" : (sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "");
        if (sp.zero && !sp.align) {
            Spec z = sp;
            z.fillStr = "0";
            z.align = '=';
            return pad(body, z, '>', sign);
        }
        return pad(body, sp, '>', sign);
    }
    if (v.isNone() || v.isObj()) {
        if (!sp.type && sp.sign == '-' && !sp.alt && !sp.zero && sp.precision < 0 && !sp.grouping)
            return pad(in.str(v), sp, '<');
    }
    raise(types().TypeError, std::string("unsupported format string passed to ") + typeName(in, v) + ".__format__");
}

std::string Interpreter::format(const Value& v, const std::string& spec) {
    if (v.isKind(ObjKind::Instance) || v.isKind(ObjKind::Native)) {
        if (Value* f = typeOf(v)->lookup("__format__"); f && !f->isKind(ObjKind::Builtin)) {
            Value a[2] = { v, newStr(spec) };
            Value r = call(*f, a, 2);
            return str(r);
        }
        if (spec.empty()) return str(v);
        if (const Value* base = boxedBase(v)) return formatSpec(*this, *base, spec);
    }
    return formatSpec(*this, v, spec);
}

std::string percentFormat(Interpreter& in, const std::string& fmt, const Value& argsV) {
    std::vector<Value> args;
    bool isTuple = argsV.isKind(ObjKind::Tuple);
    if (isTuple) args = argsV.as<TupleObj>()->items;
    else args.push_back(argsV);
    DictObj* mapping = argsV.isKind(ObjKind::Dict) ? argsV.as<DictObj>() : nullptr;
    size_t ai = 0;
    std::string out;
    for (size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c != '%') {
            out += c;
            continue;
        }
        if (++i >= fmt.size()) raise(types().ValueError, "incomplete format");
        if (fmt[i] == '%') {
            out += '%';
            continue;
        }
        Value arg;
        bool haveArg = false;
        if (fmt[i] == '(' && mapping) {
            size_t e = fmt.find(')', i);
            std::string key = fmt.substr(i + 1, e - i - 1);
            Value* v = mapping->findStr(key);
            if (!v) raiseValue(in.call(Value::object(types().KeyError), { newStr(key) }));
            arg = *v;
            haveArg = true;
            i = e + 1;
        }
        std::string flags;
        while (i < fmt.size() && std::strchr("-+ #0", fmt[i])) flags += fmt[i++];
        std::string width, prec;
        if (i < fmt.size() && fmt[i] == '*') {
            width = std::to_string(in.toIndex(args[ai++]));
            ++i;
        }
        while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) width += fmt[i++];
        bool hasPrec = false;
        if (i < fmt.size() && fmt[i] == '.') {
            hasPrec = true;
            ++i;
            while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) prec += fmt[i++];
        }
        if (i >= fmt.size()) raise(types().ValueError, "incomplete format");
        char conv = fmt[i];
        if (!haveArg) {
            if (ai >= args.size()) raise(types().TypeError, "not enough arguments for format string");
            arg = args[ai++];
        }
        std::string spec;
        char align = flags.find('-') != std::string::npos ? '<' : '>';
        std::string sgn = flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
        bool zero = flags.find('0') != std::string::npos && align == '>';
        std::string piece;
        switch (conv) {
        case 's':
            piece = in.str(arg);
            if (hasPrec) piece = piece.substr(0, size_t(std::atoi(prec.c_str())));
            break;
        case 'r':
        case 'a':
            piece = in.repr(arg);
            break;
        case 'd':
        case 'i':
        case 'u':
            if (!isIntLike(arg) && !arg.isFloat()) {
                // As CPython's int(): __int__, else __index__ (numpy scalars have both).
                Value toInt = in.lookupSpecial(arg, "__int__");
                if (toInt.isUndef()) toInt = in.lookupSpecial(arg, "__index__");
                if (toInt.isUndef())
                    raise(types().TypeError,
                          std::string("%") + conv + " format: a real number is required, not " + typeName(in, arg));
                arg = in.call(toInt, nullptr, 0);
            }
            if (arg.isFloat()) arg = Value::integer(int64_t(arg.asFloat()));
            piece = formatSpec(in, arg, sgn + (zero ? "0" : "") + (align == '>' ? width : std::string()) + "d");
            if (align == '>') width.clear();
            break;
        case 'x':
        case 'X':
        case 'o':
            if (!isIntLike(arg)) {
                const Value index = in.lookupSpecial(arg, "__index__");
                if (index.isUndef())
                    raise(types().TypeError,
                          std::string("%") + conv + " format: an integer is required, not " + typeName(in, arg));
                arg = in.call(index, nullptr, 0);
            }
            piece = formatSpec(
                in, arg, sgn + (flags.find('#') != std::string::npos ? "#" : "") + (zero ? "0" : "") + width + conv);
            width.clear();
            break;
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
            // toDouble takes what float() takes (__float__, __index__) and names the type otherwise.
            piece = formatSpec(in, Value::flt(in.toDouble(arg)),
                               sgn + (zero ? "0" : "") + width + "." + (hasPrec ? (prec.empty() ? "0" : prec) : "6") +
                                   conv);
            width.clear();
            break;
        case 'c':
            piece = arg.isKind(ObjKind::Str) ? arg.as<StrObj>()->s : formatSpec(in, arg, "c");
            break;
        default:
            raise(types().ValueError, std::string("unsupported format character '") + conv + "'");
        }
        if (!width.empty()) {
            int w = std::atoi(width.c_str());
            int64_t len = cpCount(piece);
            if (len < w)
                piece = align == '<' ? piece + std::string(size_t(w - len), ' ')
                                     : std::string(size_t(w - len), ' ') + piece;
        }
        out += piece;
    }
    if (ai < args.size() && !mapping) raise(types().TypeError, "not all arguments converted during string formatting");
    return out;
}

Value strGetItem(Interpreter& in, StrObj* so, const Value& key) {
    const std::string& s = so->s;
    bool ascii = so->isAscii();
    if (key.isKind(ObjKind::Slice)) {
        int64_t len = so->length();
        int64_t a, b, st, n;
        sliceIndices(in, key.as<SliceObj>(), len, a, b, st, n);
        std::string out;
        if (ascii) {
            if (st == 1) return newStr(s.substr(size_t(a), size_t(n)));
            for (int64_t k = 0; k < n; ++k) out += s[size_t(a + k * st)];
        } else {
            auto off = cpOffsets(s);
            for (int64_t k = 0; k < n; ++k) {
                size_t i = size_t(a + k * st);
                out += s.substr(off[i], off[i + 1] - off[i]);
            }
        }
        return newStr(std::move(out));
    }
    if (!isIntLike(key))
        raise(types().TypeError, std::string("string indices must be integers, not '") + typeName(in, key) + "'");
    int64_t len = so->length();
    int64_t i = in.toIndex(key);
    if (i < 0) i += len;
    if (i < 0 || i >= len) raise(types().IndexError, "string index out of range");
    if (ascii) return newStr(std::string(1, s[size_t(i)]));
    auto off = cpOffsets(s);
    return newStr(s.substr(off[size_t(i)], off[size_t(i) + 1] - off[size_t(i)]));
}

Value intFromString(Interpreter& in, std::string_view sv, int base) {
    std::string s(sv);
    size_t b = s.find_first_not_of(" \t\n\r\f\v");
    size_t e = s.find_last_not_of(" \t\n\r\f\v");
    auto fail = [&]() -> Value {
        raise(types().ValueError, "invalid literal for int() with base " + std::to_string(base) + ": " + strRepr(sv));
    };
    if (b == std::string::npos) return fail();
    std::string t = s.substr(b, e - b + 1);
    bool neg = false;
    size_t i = 0;
    if (t[0] == '+' || t[0] == '-') {
        neg = t[0] == '-';
        i = 1;
    }
    int bs = base;
    if (i + 1 < t.size() && t[i] == '0' && (base == 0 || base == 16 || base == 8 || base == 2)) {
        char p = char(std::tolower(t[i + 1]));
        if ((p == 'x' && (bs == 0 || bs == 16)) || (p == 'o' && (bs == 0 || bs == 8)) ||
            (p == 'b' && (bs == 0 || bs == 2))) {
            bs = p == 'x' ? 16 : p == 'o' ? 8 : 2;
            i += 2;
            if (i < t.size() && t[i] == '_') ++i;
        }
    }
    if (bs == 0) bs = 10;
    // CPython's int max str digits: the digits read (before an invalid character) of a base that
    // is not a power of two are counted before they are converted.
    int64_t limit = (bs & (bs - 1)) ? in.limits().intMaxStrDigits : 0;
    auto checkLimit = [&](size_t n) {
        if (limit > 0 && int64_t(n) > limit) raise(types().ValueError, intDigitsLimitMessage(limit, n));
    };
    std::string digits;
    for (; i < t.size(); ++i) {
        char c = t[i];
        if (c == '_') {
            if (digits.empty() || i + 1 >= t.size() || t[i + 1] == '_') return fail();
            continue;
        }
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
            : std::isalpha(static_cast<unsigned char>(c))   ? std::tolower(c) - 'a' + 10
                                                            : 99;
        if (d >= bs) {
            checkLimit(digits.size());
            return fail();
        }
        digits += c;
    }
    if (digits.empty()) return fail();
    checkLimit(digits.size());
    return bigFromString(digits, bs, neg);
}

Value floatFromString(Interpreter& in, std::string_view sv) {
    (void)in;
    std::string s(sv);
    size_t b = s.find_first_not_of(" \t\n\r\f\v");
    size_t e = s.find_last_not_of(" \t\n\r\f\v");
    auto fail = [&]() -> Value { raise(types().ValueError, "could not convert string to float: " + strRepr(sv)); };
    if (b == std::string::npos) return fail();
    std::string t = s.substr(b, e - b + 1);
    std::string low;
    for (char c : t) low += char(std::tolower(c));
    std::string body = low;
    double sign = 1;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        sign = body[0] == '-' ? -1 : 1;
        body = body.substr(1);
    }
    if (body == "inf" || body == "infinity") return Value::flt(sign * HUGE_VAL);
    if (body == "nan") return Value::flt(std::nan(""));
    std::string clean;
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '_') {
            if (i == 0 || i + 1 >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i - 1])) ||
                !std::isdigit(static_cast<unsigned char>(t[i + 1])))
                return fail();
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(t[i])) && !std::strchr("+-.eE", t[i])) return fail();
        clean += t[i];
    }
    char* end = nullptr;
    double d = std::strtod(clean.c_str(), &end);
    if (end != clean.c_str() + clean.size() || clean.empty()) return fail();
    return Value::flt(d);
}

} // namespace graphlens::lang

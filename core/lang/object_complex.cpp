// Python's complex: a native object holding two doubles. Arithmetic follows CPython 3.11's
// complexobject.c step by step (ints and floats are turned into complex numbers first, the
// quotient is Smith's scaled division, small integral powers are repeated squaring), so the
// results match to the last bit rather than to a tolerance.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

#include "core/lang/interp_internal.h"
#include "core/numeric/array_format.h"

namespace graphlens::lang {

namespace {

using Complex = std::complex<double>;

const Complex& payload(const Value& v) {
    return *static_cast<const Complex*>(v.as<NativeObj>()->payload.get());
}

// a number other than complex as a complex; false for anything else
bool asComplex(Interpreter& in, const Value& v, Complex& out) {
    if (isComplex(v)) {
        out = payload(v);
        return true;
    }
    if (v.isInt() || v.isBool() || v.isFloat() || v.isKind(ObjKind::BigInt)) {
        out = Complex(in.toDouble(v), 0.0);
        return true;
    }
    return false;
}

// The arithmetic is written out so that no FMA contraction or library shortcut changes a bit.
Complex sum(Complex a, Complex b) {
    return { a.real() + b.real(), a.imag() + b.imag() };
}
Complex diff(Complex a, Complex b) {
    return { a.real() - b.real(), a.imag() - b.imag() };
}
Complex prod(Complex a, Complex b) {
    volatile double rr = a.real() * b.real(), ii = a.imag() * b.imag();
    volatile double ri = a.real() * b.imag(), ir = a.imag() * b.real();
    return { rr - ii, ri + ir };
}
// CPython's _Py_c_quot; sets errno = EDOM on a zero divisor.
Complex quot(Complex a, Complex b) {
    const double absReal = std::fabs(b.real()), absImag = std::fabs(b.imag());
    if (absReal >= absImag) {
        if (absReal == 0.0) {
            errno = EDOM;
            return { 0.0, 0.0 };
        }
        const double ratio = b.imag() / b.real();
        volatile double t = b.imag() * ratio;
        const double denom = b.real() + t;
        volatile double x = a.imag() * ratio, y = a.real() * ratio;
        return { (a.real() + x) / denom, (a.imag() - y) / denom };
    }
    if (absImag >= absReal) {
        const double ratio = b.real() / b.imag();
        volatile double t = b.real() * ratio;
        const double denom = t + b.imag();
        volatile double x = a.real() * ratio, y = a.imag() * ratio;
        return { (x + a.imag()) / denom, (y - a.real()) / denom };
    }
    return { NAN, NAN }; // a NaN in the divisor
}
// CPython's _Py_c_pow
Complex powGeneral(Complex a, Complex b) {
    if (b.real() == 0.0 && b.imag() == 0.0) return { 1.0, 0.0 };
    if (a.real() == 0.0 && a.imag() == 0.0) {
        if (b.imag() != 0.0 || b.real() < 0.0) errno = EDOM;
        return { 0.0, 0.0 };
    }
    const double vabs = std::hypot(a.real(), a.imag());
    double len = std::pow(vabs, b.real());
    const double at = std::atan2(a.imag(), a.real());
    double phase = at * b.real();
    if (b.imag() != 0.0) {
        len /= std::exp(at * b.imag());
        phase += b.imag() * std::log(vabs);
    }
    return { len * std::cos(phase), len * std::sin(phase) };
}
Complex powUnsigned(Complex x, long n) {
    Complex r{ 1.0, 0.0 }, p = x;
    long mask = 1;
    while (mask > 0 && n >= mask) {
        if (n & mask) r = prod(r, p);
        mask <<= 1;
        p = prod(p, p);
    }
    return r;
}
Complex powInt(Complex x, long n) {
    if (n > 100 || n < -100) return powGeneral(x, Complex(double(n), 0.0));
    if (n > 0) return powUnsigned(x, n);
    return quot(Complex(1.0, 0.0), powUnsigned(x, -n));
}

Value binary(Interpreter& in, BinOpKind op, const Value& x, const Value& y) {
    Complex a, b;
    if (!asComplex(in, x, a) || !asComplex(in, y, b)) return types().NotImplemented;
    switch (op) {
    case BinOpKind::Add:
        return newComplex(sum(a, b));
    case BinOpKind::Sub:
        return newComplex(diff(a, b));
    case BinOpKind::Mult:
        return newComplex(prod(a, b));
    case BinOpKind::Div: {
        errno = 0;
        Complex q = quot(a, b);
        if (errno == EDOM) raise(types().ZeroDivisionError, "complex division by zero");
        return newComplex(q);
    }
    case BinOpKind::Pow: {
        errno = 0;
        Complex p = b.imag() == 0.0 && b.real() == std::floor(b.real()) && std::fabs(b.real()) <= 100.0
            ? powInt(a, long(b.real()))
            : powGeneral(a, b);
        if (errno == EDOM) raise(types().ZeroDivisionError, "0.0 to a negative or complex power");
        if (!std::isfinite(p.real()) || !std::isfinite(p.imag()))
            if (std::isfinite(a.real()) && std::isfinite(a.imag()) && std::isfinite(b.real()) &&
                std::isfinite(b.imag()))
                raise(types().OverflowError, "complex exponentiation");
        return newComplex(p);
    }
    default:
        return types().NotImplemented;
    }
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// A float in Python's syntax at s[i...] (underscores already removed): digits, a point, an
// exponent, or inf/infinity/nan (any case); false with i unchanged when there is none.
bool scanFloat(const std::string& s, size_t& i, double& out) {
    size_t p = i;
    std::string text;
    if (p < s.size() && (s[p] == '+' || s[p] == '-')) text += s[p++];
    auto word = [&](const char* w) {
        size_t n = std::strlen(w);
        if (s.size() - p < n) return false;
        for (size_t k = 0; k < n; ++k)
            if ((s[p + k] | 0x20) != w[k]) return false;
        return true;
    };
    if (word("infinity") || word("inf")) {
        p += word("infinity") ? 8 : 3;
        out = text == "-" ? -INFINITY : INFINITY;
        i = p;
        return true;
    }
    if (word("nan")) {
        out = NAN;
        i = p + 3;
        return true;
    }
    auto digits = [&]() {
        size_t n = 0;
        while (p < s.size()) {
            if (s[p] >= '0' && s[p] <= '9') {
                text += s[p++];
                ++n;
            } else {
                break;
            }
        }
        return n;
    };
    size_t whole = digits(), frac = 0;
    if (p < s.size() && s[p] == '.') {
        text += s[p++];
        frac = digits();
    }
    if (whole + frac == 0) return false;
    if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
        size_t save = p;
        std::string saveText = text;
        text += s[p++];
        if (p < s.size() && (s[p] == '+' || s[p] == '-')) text += s[p++];
        if (!digits()) {
            p = save;
            text = saveText;
        }
    }
    const char* b = text.data() + (text[0] == '+' ? 1 : 0);
    auto r = std::from_chars(b, text.data() + text.size(), out);
    if (r.ec == std::errc::result_out_of_range) {
        size_t e = text.find_first_of("eE");
        bool tiny = e != std::string::npos && e + 1 < text.size() && text[e + 1] == '-';
        out = tiny ? 0.0 : HUGE_VAL;
        if (text[0] == '-') out = -out;
    }
    i = p;
    return true;
}

// CPython's _Py_string_to_number_with_underscores: underscores only between digits, then gone
bool withoutUnderscores(const std::string& s, std::string& out) {
    char prev = 0;
    for (char ch : s) {
        const bool digit = ch >= '0' && ch <= '9';
        if (ch == '_') {
            if (!(prev >= '0' && prev <= '9')) return false;
        } else {
            if (prev == '_' && !digit) return false;
            out += ch;
        }
        prev = ch;
    }
    return prev != '_';
}

// CPython's complex_from_string_inner, with the parentheses and spaces around it
Value fromString(Interpreter& in, const std::string& text) {
    std::string s;
    if (text.find('_') == std::string::npos) s = text;
    else if (!withoutUnderscores(text, s))
        raise(types().ValueError, "could not convert string to complex: " + in.repr(newStr(text)));
    auto malformed = [] { raise(types().ValueError, "complex() arg is a malformed string"); };
    size_t i = 0, end = s.size();
    while (i < end && isSpace(s[i])) ++i;
    while (end > i && isSpace(s[end - 1])) --end;
    bool paren = i < end && s[i] == '(';
    if (paren) {
        if (s[end - 1] != ')') malformed();
        ++i;
        --end;
        while (i < end && isSpace(s[i])) ++i;
        while (end > i && isSpace(s[end - 1])) --end;
    }
    std::string body = s.substr(i, end - i);
    size_t p = 0;
    double x = 0, y = 0, re = 0, im = 0;
    auto isJ = [&](size_t k) { return k < body.size() && (body[k] == 'j' || body[k] == 'J'); };
    if (scanFloat(body, p, x)) {
        if (p < body.size() && (body[p] == '+' || body[p] == '-')) {
            re = x;
            if (scanFloat(body, p, y)) {
                im = y;
            } else if (isJ(p + 1)) {
                im = body[p] == '+' ? 1.0 : -1.0;
                ++p;
            } else {
                malformed();
            }
            if (!isJ(p)) malformed();
            ++p;
        } else if (isJ(p)) {
            im = x;
            ++p;
        } else {
            re = x;
        }
    } else {
        if (p < body.size() && (body[p] == '+' || body[p] == '-')) ++p;
        if (!isJ(p)) malformed();
        im = p > 0 && body[0] == '-' ? -1.0 : 1.0;
        ++p;
    }
    if (p != body.size() || body.empty()) malformed();
    return newComplex(Complex(re, im));
}

} // namespace

Value callComplex(Interpreter& in, CallArgs& a) {
    const Value* kwReal = a.kwarg("real");
    const Value* kwImag = a.kwarg("imag");
    Value r = a.n > 0 ? a[0] : kwReal ? *kwReal : Value();
    Value im = a.n > 1 ? a[1] : kwImag ? *kwImag : Value();
    if (a.n > 2) raise(types().TypeError, "complex() takes at most 2 arguments (" + std::to_string(a.n) + " given)");
    if (r.isKind(ObjKind::Str)) {
        if (!im.isUndef()) raise(types().TypeError, "complex() can't take second arg if first is a string");
        return fromString(in, r.as<StrObj>()->s);
    }
    if (im.isKind(ObjKind::Str)) raise(types().TypeError, "complex() second arg can't be a string");
    auto part = [&](const Value& v, const char* which) -> Complex {
        if (v.isUndef()) return { 0.0, 0.0 };
        Complex z;
        if (asComplex(in, v, z)) return z;
        for (const char* m : { "__complex__", "__float__", "__index__" }) {
            Value f = in.lookupSpecial(v, m);
            if (f.isUndef()) continue;
            Value got = in.call(f, nullptr, 0);
            if (asComplex(in, got, z)) return z;
        }
        raise(types().TypeError,
              std::string("complex() ") + which + " argument must be " +
                  (std::strcmp(which, "first") == 0 ? "a string or a number" : "a number") + ", not '" +
                  typeName(in, v) + "'");
    };
    if (r.isUndef() && im.isUndef()) return newComplex(Complex(0.0, 0.0));
    if (isComplex(r) && im.isUndef()) return r;
    Complex cr = part(r, "first"), ci = part(im, "second");
    if (im.isUndef()) return newComplex(cr);
    // CPython: real - imag.imag + (real.imag + imag.real)j, with the untouched parts kept as they are
    double re = cr.real(), imag = ci.real();
    if (ci.imag() != 0.0) re -= ci.imag();
    if (cr.imag() != 0.0) imag += cr.imag();
    return newComplex(Complex(re, imag));
}

namespace {

const Complex& self(Interpreter& in, const Value& v) {
    if (!isComplex(v))
        raise(types().TypeError,
              "descriptor requires a 'complex' object but received a '" + std::string(typeName(in, v)) + "'");
    return payload(v);
}

} // namespace

Value newComplex(std::complex<double> z) {
    return Value::adopt(new NativeObj(types().complex_, std::make_shared<Complex>(z)));
}

bool isComplex(const Value& v) {
    return v.isKind(ObjKind::Native) && v.obj()->cls == types().complex_;
}

std::complex<double> complexValue(const Value& v) {
    return payload(v);
}

std::string complexRepr(std::complex<double> z) {
    return numeric::pythonComplexRepr(z.real(), z.imag());
}

void initComplexMethods() {
    ClassObj* c = types().complex_;
    static const std::pair<const char*, BinOpKind> ops[] = {
        { "add", BinOpKind::Add },     { "sub", BinOpKind::Sub }, { "mul", BinOpKind::Mult },
        { "truediv", BinOpKind::Div }, { "pow", BinOpKind::Pow },
    };
    for (auto& [name, op] : ops) {
        BinOpKind o = op;
        addMethod(c, std::string("__") + name + "__",
                  [o](Interpreter& in, CallArgs& a) -> Value { return binary(in, o, a[0], a[1]); });
        addMethod(c, std::string("__r") + name + "__",
                  [o](Interpreter& in, CallArgs& a) -> Value { return binary(in, o, a[1], a[0]); });
    }
    addMethod(c, "__neg__", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        return newComplex(Complex(-z.real(), -z.imag()));
    });
    addMethod(c, "__pos__", [](Interpreter& in, CallArgs& a) -> Value { return newComplex(self(in, a[0])); });
    addMethod(c, "__abs__", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        double r = std::hypot(z.real(), z.imag());
        if (std::isinf(r) && std::isfinite(z.real()) && std::isfinite(z.imag()))
            raise(types().OverflowError, "absolute value too large");
        return Value::flt(r);
    });
    addMethod(c, "__bool__", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        return Value::boolean(z.real() != 0.0 || z.imag() != 0.0);
    });
    addMethod(c, "__eq__", [](Interpreter& in, CallArgs& a) -> Value {
        Complex x = self(in, a[0]), y;
        if (!asComplex(in, a[1], y)) return types().NotImplemented;
        return Value::boolean(x == y);
    });
    addMethod(c, "__ne__", [](Interpreter& in, CallArgs& a) -> Value {
        Complex x = self(in, a[0]), y;
        if (!asComplex(in, a[1], y)) return types().NotImplemented;
        return Value::boolean(x != y);
    });
    addMethod(c, "__hash__", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        uint64_t h = uint64_t(hashDouble(z.real())) + 1000003ull * uint64_t(hashDouble(z.imag()));
        int64_t r = int64_t(h);
        return Value::integer(r == -1 ? -2 : r);
    });
    addMethod(c, "__repr__", [](Interpreter& in, CallArgs& a) -> Value { return newStr(complexRepr(self(in, a[0]))); });
    addMethod(c, "conjugate", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        return newComplex(Complex(z.real(), -z.imag()));
    });
    addMethod(c, "__complex__", [](Interpreter& in, CallArgs& a) -> Value { return newComplex(self(in, a[0])); });
    addMethod(c, "__getnewargs__", [](Interpreter& in, CallArgs& a) -> Value {
        const Complex& z = self(in, a[0]);
        return newTuple({ Value::flt(z.real()), Value::flt(z.imag()) });
    });
    c->getattrHook = [](Interpreter&, const Value& v, const std::string& name, Value& out) {
        if (!isComplex(v)) return false;
        if (name == "real") out = Value::flt(payload(v).real());
        else if (name == "imag") out = Value::flt(payload(v).imag());
        else return false;
        return true;
    };
    c->setattrHook = [](Interpreter&, const Value& v, const std::string& name, const Value&) -> bool {
        if (name == "real" || name == "imag") raise(types().AttributeError, "readonly attribute");
        raise(types().AttributeError, "'complex' object has no attribute '" + name + "'");
        (void)v;
    };
}

} // namespace graphlens::lang

// The `math` module.
#include <cerrno>
#include <cmath>
#include <numeric>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {

void registerMathModule();

namespace {

double num(Interpreter& in, const Value& v) {
    if (v.isFloat()) return v.asFloat();
    if (v.isInt()) return double(v.asInt());
    if (v.isBool()) return v.asBool();
    if (v.isKind(ObjKind::BigInt)) return bigToDouble(v);
    Value f = in.lookupSpecial(v, "__float__");
    if (!f.isUndef()) return in.toDouble(in.call(f, nullptr, 0));
    raise(types().TypeError, std::string("must be real number, not ") + typeName(in, v));
}

[[noreturn]] void domain() {
    raise(types().ValueError, "math domain error");
}

Value checked(double r, double x, bool canOverflow = true) {
    if (std::isnan(r) && !std::isnan(x)) domain();
    if (canOverflow && std::isinf(r) && std::isfinite(x)) raise(types().OverflowError, "math range error");
    return Value::flt(r);
}

void need(const CallArgs& a, const char* name, size_t n) {
    if (a.n != n) {
        if (n == 1)
            raise(types().TypeError,
                  std::string("math.") + name + "() takes exactly one argument (" + std::to_string(a.n) + " given)");
        raise(types().TypeError,
              std::string(name) + " expected " + std::to_string(n) + " arguments, got " + std::to_string(a.n));
    }
}

int64_t intArg(Interpreter& in, const Value& v) {
    if (v.isFloat()) raise(types().TypeError, "'float' object cannot be interpreted as an integer");
    return in.toIndex(v);
}

} // namespace

void registerMathModule() {
    Interpreter::registerModule("math", [](Interpreter&, ModuleObj& mod) {
        DictObj* d = mod.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        auto unary = [&](const char* name, double (*f)(double), bool domainCheck) {
            std::string nm = name;
            def(name, [f, domainCheck, nm](Interpreter& in, CallArgs& a) -> Value {
                need(a, nm.c_str(), 1);
                double x = num(in, a[0]);
                double r = f(x);
                if (domainCheck) return checked(r, x);
                return Value::flt(r);
            });
        };
        d->setStr("pi", Value::flt(M_PI));
        d->setStr("e", Value::flt(M_E));
        d->setStr("tau", Value::flt(2 * M_PI));
        d->setStr("inf", Value::flt(HUGE_VAL));
        d->setStr("nan", Value::flt(std::nan("")));
        def("sqrt", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "sqrt", 1);
            double x = num(in, a[0]);
            if (x < 0) domain();
            return Value::flt(std::sqrt(x));
        });
        unary(
            "exp", [](double x) { return std::exp(x); }, true);
        unary(
            "expm1", [](double x) { return std::expm1(x); }, true);
        unary(
            "sin", [](double x) { return std::sin(x); }, true);
        unary(
            "cos", [](double x) { return std::cos(x); }, true);
        unary(
            "tan", [](double x) { return std::tan(x); }, true);
        unary(
            "asin", [](double x) { return std::asin(x); }, true);
        unary(
            "acos", [](double x) { return std::acos(x); }, true);
        unary(
            "atan", [](double x) { return std::atan(x); }, true);
        unary(
            "sinh", [](double x) { return std::sinh(x); }, true);
        unary(
            "cosh", [](double x) { return std::cosh(x); }, true);
        unary(
            "tanh", [](double x) { return std::tanh(x); }, true);
        unary(
            "asinh", [](double x) { return std::asinh(x); }, true);
        unary(
            "acosh", [](double x) { return std::acosh(x); }, true);
        unary(
            "atanh", [](double x) { return std::atanh(x); }, true);
        unary(
            "fabs", [](double x) { return std::fabs(x); }, false);
        unary(
            "degrees", [](double x) { return x * 180.0 / M_PI; }, false);
        unary(
            "radians", [](double x) { return x * M_PI / 180.0; }, false);
        unary(
            "erf", [](double x) { return std::erf(x); }, false);
        unary(
            "erfc", [](double x) { return std::erfc(x); }, false);
        unary(
            "gamma", [](double x) { return std::tgamma(x); }, true);
        unary(
            "lgamma", [](double x) { return std::lgamma(x); }, true);
        auto logf = [](double (*f)(double)) {
            return [f](Interpreter& in, CallArgs& a) -> Value {
                double x = num(in, a[0]);
                if (x <= 0) domain();
                return Value::flt(f(x));
            };
        };
        def("log2", logf([](double x) { return std::log2(x); }));
        def("log10", logf([](double x) { return std::log10(x); }));
        def("log1p", [](Interpreter& in, CallArgs& a) -> Value {
            double x = num(in, a[0]);
            if (x <= -1) domain();
            return Value::flt(std::log1p(x));
        });
        def("log", [](Interpreter& in, CallArgs& a) -> Value {
            if (a.n < 1 || a.n > 2)
                raise(types().TypeError, "log expected 1 or 2 arguments, got " + std::to_string(a.n));
            auto ln = [&](const Value& v) {
                if (v.isKind(ObjKind::BigInt)) {
                    if (v.as<BigIntObj>()->neg) domain();
                    std::string s = intToString(v, 10);
                    double lead = std::stod(s.substr(0, 17));
                    return std::log(lead) + double(s.size() - std::min<size_t>(17, s.size())) * std::log(10.0);
                }
                double x = num(in, v);
                if (x <= 0) domain();
                return std::log(x);
            };
            double r = ln(a[0]);
            if (a.n == 2) {
                double b = ln(a[1]);
                if (b == 0) raise(types().ZeroDivisionError, "float division by zero");
                r /= b;
            }
            return Value::flt(r);
        });
        def("pow", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "pow", 2);
            double x = num(in, a[0]), y = num(in, a[1]);
            if (x == 0 && y < 0) domain();
            if (x < 0 && y != std::floor(y) && std::isfinite(y)) domain();
            double r = std::pow(x, y);
            if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) raise(types().OverflowError, "math range error");
            return Value::flt(r);
        });
        def("remainder", [](Interpreter& in, CallArgs& a) -> Value {
            double x = num(in, a[0]), y = num(in, a[1]);
            if (y == 0 || std::isinf(x)) domain();
            return Value::flt(std::remainder(x, y));
        });
        def("atan2", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "atan2", 2);
            return Value::flt(std::atan2(num(in, a[0]), num(in, a[1])));
        });
        def("hypot", [](Interpreter& in, CallArgs& a) -> Value {
            double s = 0;
            for (size_t i = 0; i < a.n; ++i) {
                double x = num(in, a[i]);
                s = std::hypot(s, x);
            }
            return Value::flt(s);
        });
        def("dist", [](Interpreter& in, CallArgs& a) -> Value {
            auto p = in.toVector(a[0]), q = in.toVector(a[1]);
            if (p.size() != q.size()) raise(types().ValueError, "both points must have the same number of dimensions");
            double s = 0;
            for (size_t i = 0; i < p.size(); ++i) s = std::hypot(s, num(in, p[i]) - num(in, q[i]));
            return Value::flt(s);
        });
        def("copysign", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "copysign", 2);
            return Value::flt(std::copysign(num(in, a[0]), num(in, a[1])));
        });
        def("fmod", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "fmod", 2);
            double x = num(in, a[0]), y = num(in, a[1]);
            if (y == 0 || std::isinf(x)) domain();
            return Value::flt(std::fmod(x, y));
        });
        def("modf", [](Interpreter& in, CallArgs& a) -> Value {
            double ip;
            double fp = std::modf(num(in, a[0]), &ip);
            return newTuple({ Value::flt(fp), Value::flt(ip) });
        });
        def("frexp", [](Interpreter& in, CallArgs& a) -> Value {
            int e;
            double m = std::frexp(num(in, a[0]), &e);
            return newTuple({ Value::flt(m), Value::integer(e) });
        });
        def("ldexp", [](Interpreter& in, CallArgs& a) -> Value {
            return checked(std::ldexp(num(in, a[0]), int(in.toIndex(a[1]))), num(in, a[0]));
        });
        auto rounding = [](double (*f)(double), const char* name) {
            std::string nm = name;
            return [f, nm](Interpreter& in, CallArgs& a) -> Value {
                need(a, nm.c_str(), 1);
                if (isIntLike(a[0])) return a[0].isBool() ? Value::integer(a[0].asBool()) : a[0];
                if (!a[0].isFloat()) {
                    Value m = in.lookupSpecial(a[0], ("__" + nm + "__").c_str());
                    if (!m.isUndef()) return in.call(m, nullptr, 0);
                }
                return bigFromDouble(f(num(in, a[0])));
            };
        };
        def("floor", rounding([](double x) { return std::floor(x); }, "floor"));
        def("ceil", rounding([](double x) { return std::ceil(x); }, "ceil"));
        def("trunc", rounding([](double x) { return std::trunc(x); }, "trunc"));
        def("isfinite",
            [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(std::isfinite(num(in, a[0]))); });
        def("isinf", [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(std::isinf(num(in, a[0]))); });
        def("isnan", [](Interpreter& in, CallArgs& a) -> Value { return Value::boolean(std::isnan(num(in, a[0]))); });
        def("isclose", [](Interpreter& in, CallArgs& a) -> Value {
            if (a.n != 2)
                raise(types().TypeError,
                      "isclose() takes exactly 2 positional arguments (" + std::to_string(a.n) + " given)");
            double x = num(in, a[0]), y = num(in, a[1]);
            const Value* rt = a.kwarg("rel_tol");
            const Value* at = a.kwarg("abs_tol");
            double rel = rt ? num(in, *rt) : 1e-9, abs_ = at ? num(in, *at) : 0.0;
            if (rel < 0 || abs_ < 0) raise(types().ValueError, "tolerances must be non-negative");
            if (x == y) return Value::boolean(true);
            if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
            double diff = std::fabs(y - x);
            return Value::boolean((diff <= std::fabs(rel * y)) || (diff <= std::fabs(rel * x)) || diff <= abs_);
        });
        def("factorial", [](Interpreter& in, CallArgs& a) -> Value {
            need(a, "factorial", 1);
            int64_t n = intArg(in, a[0]);
            if (n < 0) raise(types().ValueError, "factorial() not defined for negative values");
            Value r = Value::integer(1);
            for (int64_t i = 2; i <= n; ++i) r = in.binaryOp(BinOpKind::Mult, r, Value::integer(i));
            return r;
        });
        def("gcd", [](Interpreter& in, CallArgs& a) -> Value {
            Value g = Value::integer(0);
            for (size_t i = 0; i < a.n; ++i) {
                if (!isIntLike(a[i]))
                    raise(types().TypeError,
                          std::string("'") + typeName(in, a[i]) + "' object cannot be interpreted as an integer");
                Value x = a[i].isBool() ? Value::integer(a[i].asBool()) : a[i], y = g;
                if (in.lessThan(x, Value::integer(0))) x = in.unaryOp(UnaryOpKind::USub, x);
                while (in.truthy(x)) {
                    Value t = in.binaryOp(BinOpKind::Mod, y, x);
                    y = x;
                    x = t;
                }
                g = y;
            }
            return g;
        });
        def("lcm", [](Interpreter& in, CallArgs& a) -> Value {
            Value l = Value::integer(1);
            for (size_t i = 0; i < a.n; ++i) {
                Value x = a[i];
                if (!in.truthy(x)) return Value::integer(0);
                Value g = l, y = x;
                if (in.lessThan(y, Value::integer(0))) y = in.unaryOp(UnaryOpKind::USub, y);
                Value p = y, q = g;
                while (in.truthy(p)) {
                    Value t = in.binaryOp(BinOpKind::Mod, q, p);
                    q = p;
                    p = t;
                }
                l = in.binaryOp(BinOpKind::FloorDiv, in.binaryOp(BinOpKind::Mult, l, y), q);
            }
            return l;
        });
        def("isqrt", [](Interpreter& in, CallArgs& a) -> Value {
            if (a[0].isKind(ObjKind::BigInt)) {
                Value n = a[0];
                if (n.as<BigIntObj>()->neg) raise(types().ValueError, "isqrt() argument must be nonnegative");
                Value x = bigFromDouble(std::sqrt(bigToDouble(n)));
                for (int it = 0; it < 200; ++it) { // Newton: x = (x + n // x) // 2 until stable
                    Value y = in.binaryOp(BinOpKind::FloorDiv,
                                          in.binaryOp(BinOpKind::Add, x, in.binaryOp(BinOpKind::FloorDiv, n, x)),
                                          Value::integer(2));
                    if (in.eq(y, x)) break;
                    x = y;
                }
                while (in.lessThan(n, in.binaryOp(BinOpKind::Mult, x, x)))
                    x = in.binaryOp(BinOpKind::Sub, x, Value::integer(1));
                Value x1 = in.binaryOp(BinOpKind::Add, x, Value::integer(1));
                while (!in.lessThan(n, in.binaryOp(BinOpKind::Mult, x1, x1))) {
                    x = x1;
                    x1 = in.binaryOp(BinOpKind::Add, x, Value::integer(1));
                }
                return x;
            }
            int64_t n = intArg(in, a[0]);
            if (n < 0) raise(types().ValueError, "isqrt() argument must be nonnegative");
            int64_t r = int64_t(std::sqrt(double(n)));
            while (r * r > n) --r;
            while ((r + 1) * (r + 1) <= n) ++r;
            return Value::integer(r);
        });
        def("comb", [](Interpreter& in, CallArgs& a) -> Value {
            int64_t n = intArg(in, a[0]), k = intArg(in, a[1]);
            if (n < 0 || k < 0)
                raise(types().ValueError,
                      n < 0 ? "n must be a non-negative integer" : "k must be a non-negative integer");
            if (k > n) return Value::integer(0);
            k = std::min(k, n - k);
            Value r = Value::integer(1);
            for (int64_t i = 1; i <= k; ++i)
                r = in.binaryOp(BinOpKind::FloorDiv, in.binaryOp(BinOpKind::Mult, r, Value::integer(n - k + i)),
                                Value::integer(i));
            return r;
        });
        def("perm", [](Interpreter& in, CallArgs& a) -> Value {
            int64_t n = intArg(in, a[0]), k = a.n > 1 && !a[1].isNone() ? intArg(in, a[1]) : n;
            if (k > n) return Value::integer(0);
            Value r = Value::integer(1);
            for (int64_t i = 0; i < k; ++i) r = in.binaryOp(BinOpKind::Mult, r, Value::integer(n - i));
            return r;
        });
        def("prod", [](Interpreter& in, CallArgs& a) -> Value {
            const Value* st = a.kwarg("start");
            Value r = st ? *st : Value::integer(1);
            in.forEach(a[0], [&](const Value& v) { r = in.binaryOp(BinOpKind::Mult, r, v); });
            return r;
        });
        def("fsum", [](Interpreter& in, CallArgs& a) -> Value {
            std::vector<double> partials;
            double special = 0;
            bool haveSpecial = false;
            in.forEach(a[0], [&](const Value& v) {
                double x = num(in, v);
                if (!std::isfinite(x)) {
                    special += x;
                    haveSpecial = true;
                    return;
                }
                size_t i = 0;
                for (double y : partials) {
                    if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
                    double hi = x + y;
                    double lo = y - (hi - x);
                    if (lo != 0.0) partials[i++] = lo;
                    x = hi;
                }
                partials.resize(i);
                partials.push_back(x);
            });
            if (haveSpecial) return Value::flt(special);
            double hi = 0;
            size_t n = partials.size();
            if (n > 0) {
                hi = partials[--n];
                double lo = 0;
                while (n > 0) {
                    double x = hi, y = partials[--n];
                    hi = x + y;
                    double yr = hi - x;
                    lo = y - yr;
                    if (lo != 0.0) break;
                }
                if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
                    double y = lo * 2;
                    double x = hi + y;
                    double yr = x - hi;
                    if (y == yr) hi = x;
                }
            }
            return Value::flt(hi);
        });
    });
}

} // namespace graphlens::lang

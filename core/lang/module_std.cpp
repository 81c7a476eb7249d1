// The `sys`, `time`, `random` and `datetime` modules.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <mutex>
#include <thread>

#include "core/lang/interp_internal.h"
#include "core/lang/named_tuple.h"
#include "core/lang/parser.h"
#include "core/numeric/mt19937.h"

namespace graphlens::lang {

void registerMathModule();
void registerOsModule();

// Parsed per interpreter: the AST caches values (Node::userData) that belong to one interpreter,
// and interpreters may run on different threads.
void execSourceInDict(Interpreter& in, const std::string& src, const std::string& filename, DictObj* globals) {
    std::shared_ptr<ParsedModule> pm = parseModule(src, filename);
    in.retainModule(pm);
    Frame fr;
    fr.back = InterpreterAccess::frame(in);
    fr.globals = globals;
    fr.source = pm->source;
    fr.name = "<module>";
    fr.scope = &pm->module->scope;
    Frame* prev = InterpreterAccess::frame(in);
    InterpreterAccess::frame(in) = &fr;
    try {
        setupAnnotations(fr.scope, globals);
        execBlock(in, fr, pm->module->body);
    } catch (...) {
        InterpreterAccess::frame(in) = prev;
        throw;
    }
    InterpreterAccess::frame(in) = prev;
}

namespace {

// random.Random: core/numeric's CPython generator, with gauss()'s cached second value.
struct MT {
    numeric::PythonRandom rng;
    bool hasGauss = false;
    double gaussNext = 0;
    void seed(const std::vector<uint32_t>& key) {
        rng.seedWords(key);
        hasGauss = false;
    }
    double random() { return rng.random(); }
    uint64_t randbelow(uint64_t n) { return rng.randbelow(n); } // n >= 1
};

std::vector<uint32_t> seedKey(Interpreter& in, const Value& v) {
    Value x = v;
    if (x.isKind(ObjKind::Str)) {
        // CPython version 2 seeding: sha512 of the string; approximate with the str hash bytes
        x = Value::integer(hashString(x.as<StrObj>()->s) & INT64_MAX);
    } else if (x.isFloat()) {
        x = Value::integer(in.hash(x));
    }
    if (x.isBool()) x = Value::integer(x.asBool());
    if (x.isNone()) x = Value::integer(int64_t(std::chrono::system_clock::now().time_since_epoch().count()));
    if (!isIntLike(x)) x = Value::integer(in.hash(x));
    if (in.lessThan(x, Value::integer(0))) x = in.unaryOp(UnaryOpKind::USub, x);
    std::vector<uint32_t> key;
    Value mask = Value::integer(0xFFFFFFFF);
    while (in.truthy(x)) {
        key.push_back(uint32_t(in.binaryOp(BinOpKind::BitAnd, x, mask).asInt()));
        x = in.binaryOp(BinOpKind::RShift, x, Value::integer(32));
    }
    if (key.empty()) key.push_back(0);
    return key;
}

// The Python half of `datetime` (core/lang/python/datetime.py, compiled in by CMake).
const char* const kDatetimeSource =
#include "core/lang/datetime_py.inc"
    ;

Value tmTuple(const std::tm& t, int64_t micro) {
    return newTuple({ Value::integer(t.tm_year + 1900), Value::integer(t.tm_mon + 1), Value::integer(t.tm_mday),
                      Value::integer(t.tm_hour), Value::integer(t.tm_min), Value::integer(t.tm_sec),
                      Value::integer(micro) });
}

} // namespace

void fillRandom(DictObj* d, std::shared_ptr<MT> mt) {
    auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
    def("seed", [mt](Interpreter& in, CallArgs& a) -> Value {
        mt->seed(seedKey(in, a.n ? a[0] : Value::none()));
        return Value::none();
    });
    def("random", [mt](Interpreter&, CallArgs&) -> Value { return Value::flt(mt->random()); });
    def("getrandbits", [mt](Interpreter& in, CallArgs& a) -> Value {
        int64_t k = in.toIndex(a[0]);
        if (k < 0) raise(types().ValueError, "number of bits must be non-negative");
        if (k <= 64) return bigFromString(std::to_string(mt->rng.getrandbits(int(k))), 10, false);
        Value r = Value::integer(0);
        int64_t shift = 0;
        while (k > 0) {
            uint32_t w = mt->rng.next32();
            if (k < 32) w >>= (32 - k);
            r = in.binaryOp(BinOpKind::BitOr, r,
                            in.binaryOp(BinOpKind::LShift, Value::integer(w), Value::integer(shift)));
            shift += 32;
            k -= 32;
        }
        return r;
    });
    auto randrange = [mt](Interpreter& in, int64_t start, int64_t stop, int64_t step) -> Value {
        if (step == 1) {
            if (stop <= start)
                raise(types().ValueError,
                      "empty range for randrange() (" + std::to_string(start) + ", " + std::to_string(stop) + ", " +
                          std::to_string(stop - start) + ")");
            return Value::integer(start + int64_t(mt->randbelow(uint64_t(stop - start))));
        }
        if (step == 0) raise(types().ValueError, "zero step for randrange()");
        int64_t n = step > 0 ? (stop - start + step - 1) / step : (stop - start + step + 1) / step;
        if (n <= 0) raise(types().ValueError, "empty range for randrange()");
        (void)in;
        return Value::integer(start + step * int64_t(mt->randbelow(uint64_t(n))));
    };
    def("randrange", [randrange](Interpreter& in, CallArgs& a) -> Value {
        auto idx = [&](const Value& v) {
            if (v.isFloat()) raise(types().TypeError, "'float' object cannot be interpreted as an integer");
            return in.toIndex(v);
        };
        if (a.n == 1) {
            int64_t stop = idx(a[0]);
            if (stop <= 0) raise(types().ValueError, "empty range for randrange()");
            return randrange(in, 0, stop, 1);
        }
        return randrange(in, idx(a[0]), idx(a[1]), a.n > 2 ? idx(a[2]) : 1);
    });
    def("randint", [randrange](Interpreter& in, CallArgs& a) -> Value {
        if (a.n != 2) raise(types().TypeError, "Random.randint() missing 1 required positional argument: 'b'");
        return randrange(in, in.toIndex(a[0]), in.toIndex(a[1]) + 1, 1);
    });
    def("choice", [mt](Interpreter& in, CallArgs& a) -> Value {
        int64_t n = in.len(a[0]);
        if (n == 0) raise(types().IndexError, "Cannot choose from an empty sequence");
        return in.getItem(a[0], Value::integer(int64_t(mt->randbelow(uint64_t(n)))));
    });
    def("shuffle", [mt](Interpreter&, CallArgs& a) -> Value {
        if (!a[0].isKind(ObjKind::List)) raise(types().TypeError, "shuffle() requires a list");
        auto& x = a[0].as<ListObj>()->items;
        for (size_t i = x.size(); i-- > 1;) {
            size_t j = size_t(mt->randbelow(uint64_t(i + 1)));
            std::swap(x[i], x[j]);
        }
        return Value::none();
    });
    def("sample", [mt](Interpreter& in, CallArgs& a) -> Value {
        std::vector<Value> pop = in.toVector(a[0]);
        const Value* kv = a.kwarg("k");
        int64_t k = a.n > 1 ? in.toIndex(a[1]) : kv ? in.toIndex(*kv) : 0;
        int64_t n = int64_t(pop.size());
        if (k < 0 || k > n) raise(types().ValueError, "Sample larger than population or is negative");
        std::vector<Value> result;
        result.resize(size_t(k));
        int64_t setsize = 21;
        if (k > 5) setsize += int64_t(std::pow(4.0, std::ceil(std::log(double(k * 3)) / std::log(4.0))));
        if (n <= setsize) {
            std::vector<Value> pool = pop;
            for (int64_t i = 0; i < k; ++i) {
                int64_t j = int64_t(mt->randbelow(uint64_t(n - i)));
                result[size_t(i)] = pool[size_t(j)];
                pool[size_t(j)] = pool[size_t(n - i - 1)];
            }
        } else {
            std::vector<bool> sel(size_t(n), false);
            for (int64_t i = 0; i < k; ++i) {
                int64_t j = int64_t(mt->randbelow(uint64_t(n)));
                while (sel[size_t(j)]) j = int64_t(mt->randbelow(uint64_t(n)));
                sel[size_t(j)] = true;
                result[size_t(i)] = pop[size_t(j)];
            }
        }
        return newList(std::move(result));
    });
    def("choices", [mt](Interpreter& in, CallArgs& a) -> Value {
        std::vector<Value> pop = in.toVector(a[0]);
        const Value* kv = a.kwarg("k");
        const Value* wv = a.kwarg("weights");
        const Value* cw = a.kwarg("cum_weights");
        int64_t k = kv ? in.toIndex(*kv) : 1;
        std::vector<Value> out;
        if (!wv && !cw && a.n < 2) {
            double n = double(pop.size());
            for (int64_t i = 0; i < k; ++i) out.push_back(pop[size_t(std::floor(mt->random() * n))]);
            return newList(std::move(out));
        }
        std::vector<double> cum;
        if (cw)
            for (auto& w : in.toVector(*cw)) cum.push_back(in.toDouble(w));
        else {
            double acc = 0;
            for (auto& w : in.toVector(wv ? *wv : a[1])) {
                acc += in.toDouble(w);
                cum.push_back(acc);
            }
        }
        double total = cum.back();
        for (int64_t i = 0; i < k; ++i) {
            double r = mt->random() * total;
            size_t lo = size_t(std::upper_bound(cum.begin(), cum.end() - 1, r) - cum.begin());
            out.push_back(pop[lo]);
        }
        return newList(std::move(out));
    });
    def("getstate", [mt](Interpreter&, CallArgs&) -> Value {
        const numeric::Mt19937& gen = mt->rng.generator();
        std::vector<Value> st;
        for (uint32_t w : gen.state()) st.push_back(Value::integer(w));
        st.push_back(Value::integer(gen.position()));
        return newTuple(
            { Value::integer(3), newTuple(std::move(st)), mt->hasGauss ? Value::flt(mt->gaussNext) : Value::none() });
    });
    def("setstate", [mt](Interpreter& in, CallArgs& a) -> Value {
        auto parts = in.toVector(a[0]);
        auto st = in.toVector(parts[1]);
        if (st.size() != 625) raise(types().ValueError, "state vector is the wrong size");
        std::array<uint32_t, numeric::Mt19937::kStateWords> words{};
        for (size_t i = 0; i < words.size(); ++i) words[i] = uint32_t(st[i].asInt());
        int64_t pos = st[624].asInt();
        if (pos < 0 || pos > numeric::Mt19937::kStateWords) raise(types().ValueError, "invalid state");
        mt->rng.generator().setState(words, int(pos));
        mt->hasGauss = !parts[2].isNone();
        if (mt->hasGauss) mt->gaussNext = parts[2].asFloat();
        return Value::none();
    });
    def("uniform", [mt](Interpreter& in, CallArgs& a) -> Value {
        double x = in.toDouble(a[0]), y = in.toDouble(a[1]);
        return Value::flt(x + (y - x) * mt->random());
    });
    def("gauss", [mt](Interpreter& in, CallArgs& a) -> Value {
        double mu = a.n > 0 ? in.toDouble(a[0]) : 0, sigma = a.n > 1 ? in.toDouble(a[1]) : 1;
        double z;
        if (mt->hasGauss) {
            z = mt->gaussNext;
            mt->hasGauss = false;
        } else {
            double x2pi = mt->random() * 2 * M_PI;
            double g2rad = std::sqrt(-2.0 * std::log(1.0 - mt->random()));
            z = std::cos(x2pi) * g2rad;
            mt->gaussNext = std::sin(x2pi) * g2rad;
            mt->hasGauss = true;
        }
        return Value::flt(mu + z * sigma);
    });
    def("normalvariate", [mt](Interpreter& in, CallArgs& a) -> Value {
        double mu = a.n > 0 ? in.toDouble(a[0]) : 0, sigma = a.n > 1 ? in.toDouble(a[1]) : 1;
        const double NV_MAGICCONST = 4 * std::exp(-0.5) / std::sqrt(2.0);
        double z;
        for (;;) {
            double u1 = mt->random();
            double u2 = 1.0 - mt->random();
            z = NV_MAGICCONST * (u1 - 0.5) / u2;
            double zz = z * z / 4.0;
            if (zz <= -std::log(u2)) break;
        }
        return Value::flt(mu + z * sigma);
    });
}

void registerGcModule();          // module_gc.cpp
void registerCollectionsModule(); // module_collections.cpp
void registerSourceModule();      // class_support.cpp
void registerStdlibModules();     // module_stdlib.cpp
void registerReModule();          // module_re.cpp

void registerStdModules() {
    registerMathModule();
    registerOsModule();
    registerStdlibModules();
    registerReModule();
    registerGcModule();
    registerCollectionsModule();
    registerSourceModule();
    Interpreter::registerModule("sys", [](Interpreter& in, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        // stdout / stderr: instances of a small native class with write/flush
        static ClassObj* streamCls = [] {
            ClassObj* c = newBuiltinClass("TextIOWrapper");
            addMethod(c, "write", [](Interpreter& inn, CallArgs& a) -> Value {
                if (a.n != 2) raise(types().TypeError, "write() takes exactly one argument");
                if (!a[1].isKind(ObjKind::Str))
                    raise(types().TypeError, std::string("write() argument must be str, not ") + typeName(inn, a[1]));
                bool err = a[0].identical(InterpreterAccess::impl(inn).sysStderr);
                inn.write(err, a[1].as<StrObj>()->s);
                return Value::integer(a[1].as<StrObj>()->length());
            });
            addMethod(c, "flush", [](Interpreter&, CallArgs&) -> Value { return Value::none(); });
            addMethod(c, "isatty", [](Interpreter&, CallArgs&) -> Value { return Value::boolean(false); });
            makeImmortal(c);
            return c;
        }();
        InterpreterAccess::impl(in).sysStdout = Value::adopt(new NativeObj(streamCls, nullptr));
        InterpreterAccess::impl(in).sysStderr = Value::adopt(new NativeObj(streamCls, nullptr));
        d->setStr("stdout", InterpreterAccess::impl(in).sysStdout);
        d->setStr("stderr", InterpreterAccess::impl(in).sysStderr);
        d->setStr("__stdout__", InterpreterAccess::impl(in).sysStdout);
        d->setStr("__stderr__", InterpreterAccess::impl(in).sysStderr);
        std::vector<Value> argv;
        for (auto& s : in.argv()) argv.push_back(newStr(s));
        if (argv.empty()) argv.push_back(newStr(""));
        d->setStr("argv", newList(std::move(argv)));
        d->setStr("maxsize", Value::integer(INT64_MAX));
        d->setStr("version", newStr("3.11.0 (GraphLens)"));
        // sys's struct sequences: namedtuples whose repr says sys.NAME(...), as CPython's do.
        auto structSeq = [&](const std::string& name, const std::vector<std::string>& fields,
                             std::vector<Value> items) {
            Value cls = makeNamedTupleClass(in, name, fields);
            cls.as<ClassObj>()->d()->setStr("__module__", newStr("sys"));
            cls.as<ClassObj>()->d()->setStr("_structseq_name", newStr("sys." + name));
            d->setStr(name, makeNamedTuple(cls.as<ClassObj>(), std::move(items)));
        };
        structSeq("version_info", { "major", "minor", "micro", "releaselevel", "serial" },
                  { Value::integer(3), Value::integer(11), Value::integer(0), newStr("final"), Value::integer(0) });
        d->setStr("platform", newStr("linux"));
        d->setStr("byteorder", newStr("little"));
        d->setStr("path", newList());
        structSeq("float_info",
                  { "max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig", "epsilon",
                    "radix", "rounds" },
                  { Value::flt(1.7976931348623157e308), Value::integer(1024), Value::integer(308),
                    Value::flt(2.2250738585072014e-308), Value::integer(-1021), Value::integer(-307),
                    Value::integer(15), Value::integer(53), Value::flt(2.220446049250313e-16), Value::integer(2),
                    Value::integer(1) });
        // CPython 3.11's int <-> str digit limit (Limits::intMaxStrDigits).
        structSeq("int_info",
                  { "bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold" },
                  { Value::integer(30), Value::integer(4), Value::integer(4300), Value::integer(640) });
        def("get_int_max_str_digits",
            [](Interpreter& inn, CallArgs&) -> Value { return Value::integer(inn.limits().intMaxStrDigits); });
        def("set_int_max_str_digits", [](Interpreter& inn, CallArgs& a) -> Value {
            const Value* v = a.n ? &a[0] : a.kwarg("maxdigits");
            if (!v) raise(types().TypeError, "set_int_max_str_digits() missing required argument 'maxdigits' (pos 1)");
            int64_t n = inn.toIndex(*v);
            if (n != 0 && n < 640) raise(types().ValueError, "maxdigits must be 0 or larger than 640");
            InterpreterAccess::limits(inn).intMaxStrDigits = n;
            return Value::none();
        });
        def("getrecursionlimit",
            [](Interpreter& inn, CallArgs&) -> Value { return Value::integer(inn.limits().recursionLimit); });
        def("setrecursionlimit", [](Interpreter& inn, CallArgs& a) -> Value {
            int64_t n = inn.toIndex(a[0]);
            if (n < 1) raise(types().ValueError, "recursion limit must be greater or equal than 1");
            InterpreterAccess::limits(inn).recursionLimit = int(std::min<int64_t>(n, 100000));
            return Value::none();
        });
        def("exit", [](Interpreter& inn, CallArgs& a) -> Value {
            Value arg = a.n ? a[0] : Value::none();
            raiseValue(inn.call(Value::object(types().SystemExit), &arg, 1));
        });
        def("getsizeof", [](Interpreter& inn, CallArgs& a) -> Value {
            if (a[0].isKind(ObjKind::List))
                return Value::integer(56 + 8 * int64_t(a[0].as<ListObj>()->items.capacity()));
            if (a[0].isKind(ObjKind::Str)) return Value::integer(49 + int64_t(a[0].as<StrObj>()->s.size()));
            (void)inn;
            return Value::integer(28);
        });
        def("intern", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
        // (type, value, traceback) of the exception being handled. The traceback stays None:
        // the entries live in the exception (the traceback module formats them from it).
        def("exc_info", [](Interpreter& inn, CallArgs&) -> Value {
            const auto& handling = InterpreterAccess::handling(inn);
            if (handling.empty()) return newTuple({ Value::none(), Value::none(), Value::none() });
            const Value& exc = handling.back();
            return newTuple({ Value::object(inn.typeOf(exc)), exc, Value::none() });
        });
        def("exception", [](Interpreter& inn, CallArgs&) -> Value {
            const auto& handling = InterpreterAccess::handling(inn);
            return handling.empty() ? Value::none() : handling.back();
        });
    });
    // Natives of the warnings module (core/lang/python/stdlib/warnings.py): caller(stacklevel) is
    // (filename, lineno, module name, source line) of the frame `stacklevel` above warn()'s.
    Interpreter::registerModule("_warnings", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("caller", newBuiltin("caller", [](Interpreter& inn, CallArgs& a) -> Value {
                          int64_t level = a.n > 0 ? inn.toIndex(a[0]) : 1;
                          const Frame* f = inn.currentFrame();
                          for (; f && level > 0; --level) f = f->back;
                          if (!f || !f->source) // CPython's answer when the stack is not that deep
                              return newTuple({ newStr("sys"), Value::integer(1), newStr("sys"), Value::none() });
                          const uint32_t line = f->curStmt ? f->curStmt->span.line : 1;
                          Value module = newStr("__main__");
                          if (f->globals)
                              if (Value* n = f->globals->findStr("__name__"); n && n->isKind(ObjKind::Str)) module = *n;
                          return newTuple({ newStr(f->source->filename), Value::integer(line), module,
                                            newStr(f->source->lineText(line)) });
                      }));
    });
    // Natives of the traceback module (core/lang/python/stdlib/traceback.py).
    Interpreter::registerModule("_traceback", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("format", newBuiltin("format", [](Interpreter& inn, CallArgs& a) -> Value {
                          if (a.n < 1 || !inn.isInstance(a[0], types().BaseException))
                              raise(types().TypeError, "format() needs an exception");
                          std::optional<int> limit;
                          if (a.n > 1 && !a[1].isNone())
                              limit = int(std::clamp<int64_t>(inn.toIndex(a[1]), INT32_MIN + 1, INT32_MAX));
                          const bool chain = a.n < 3 || inn.truthy(a[2]);
                          return newStr(formatExceptionAs(inn, a[0], limit, chain));
                      }));
    });
    Interpreter::registerModule("time", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        auto wall = [] {
            return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        };
        auto mono = [] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        };
        def("time", [wall](Interpreter&, CallArgs&) -> Value { return Value::flt(wall()); });
        def("time_ns", [](Interpreter&, CallArgs&) -> Value {
            return Value::integer(int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::system_clock::now().time_since_epoch())
                                              .count()));
        });
        def("perf_counter", [mono](Interpreter&, CallArgs&) -> Value { return Value::flt(mono()); });
        def("perf_counter_ns", [](Interpreter&, CallArgs&) -> Value {
            return Value::integer(int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::steady_clock::now().time_since_epoch())
                                              .count()));
        });
        def("monotonic", [mono](Interpreter&, CallArgs&) -> Value { return Value::flt(mono()); });
        def("process_time",
            [](Interpreter&, CallArgs&) -> Value { return Value::flt(double(std::clock()) / CLOCKS_PER_SEC); });
        def("sleep", [](Interpreter& in, CallArgs& a) -> Value {
            double s = in.toDouble(a[0]);
            if (s < 0) raise(types().ValueError, "sleep length must be non-negative");
            auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::min(s, 60.0));
            while (std::chrono::steady_clock::now() < end) {
                in.checkLimits();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return Value::none();
        });
        def("localtime", [wall](Interpreter& in, CallArgs& a) -> Value {
            std::time_t t = std::time_t(a.n ? in.toDouble(a[0]) : wall());
            std::tm tm{};
            localtime_r(&t, &tm);
            return tmTuple(tm, 0);
        });
        def("strftime", [wall](Interpreter& in, CallArgs& a) -> Value {
            std::time_t t = std::time_t(wall());
            std::tm tm{};
            localtime_r(&t, &tm);
            char buf[256];
            std::string fmt = in.str(a[0]);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
            size_t n = std::strftime(buf, sizeof buf, fmt.c_str(), &tm);
#pragma GCC diagnostic pop
            return newStr(std::string(buf, n));
        });
    });
    Interpreter::registerModule("random", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto mt = std::make_shared<MT>();
        {
            uint64_t s = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
            mt->seed({ uint32_t(s), uint32_t(s >> 32) });
        }
        fillRandom(d, mt);
        static ClassObj* randomCls = [] {
            ClassObj* c = newBuiltinClass("Random");
            makeImmortal(c);
            return c;
        }();
        d->setStr("Random", newBuiltin("Random", [](Interpreter& in, CallArgs& a) -> Value {
                      auto own = std::make_shared<MT>();
                      own->seed(seedKey(in, a.n ? a[0] : Value::none()));
                      auto* obj = new NativeObj(randomCls, own);
                      Value v = Value::adopt(obj);
                      obj->dict = newDict();
                      fillRandom(obj->dict.as<DictObj>(), own);
                      return v;
                  }));
    });
    Interpreter::registerModule("datetime", [](Interpreter& in, ModuleObj& m) {
        DictObj* d = m.d();
        d->setStr("_now", newBuiltin("_now", [](Interpreter&, CallArgs&) -> Value {
                      auto now = std::chrono::system_clock::now();
                      std::time_t t = std::chrono::system_clock::to_time_t(now);
                      std::tm tm{};
                      localtime_r(&t, &tm);
                      int64_t micro =
                          std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
                          1000000;
                      return tmTuple(tm, micro);
                  }));
        d->setStr("_localtime", newBuiltin("_localtime", [](Interpreter& inn, CallArgs& a) -> Value {
                      double ts = inn.toDouble(a[0]);
                      std::time_t t = std::time_t(std::floor(ts));
                      std::tm tm{};
                      localtime_r(&t, &tm);
                      return tmTuple(tm, int64_t(std::llround((ts - std::floor(ts)) * 1e6)));
                  }));
        d->setStr("_mktime", newBuiltin("_mktime", [](Interpreter& inn, CallArgs& a) -> Value {
                      std::tm tm{};
                      tm.tm_year = int(inn.toIndex(a[0])) - 1900;
                      tm.tm_mon = int(inn.toIndex(a[1])) - 1;
                      tm.tm_mday = int(inn.toIndex(a[2]));
                      tm.tm_hour = int(inn.toIndex(a[3]));
                      tm.tm_min = int(inn.toIndex(a[4]));
                      tm.tm_sec = int(inn.toIndex(a[5]));
                      tm.tm_isdst = -1;
                      return Value::flt(double(std::mktime(&tm)));
                  }));
        execSourceInDict(in, kDatetimeSource, "<datetime>", d);
        // make reprs/qualnames say datetime.X
    });
}

} // namespace graphlens::lang

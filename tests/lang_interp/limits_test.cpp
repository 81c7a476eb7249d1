// Step budget, recursion limit, memory cap, cancellation.
#include <catch2/catch.hpp>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/util/progress.h"
#include "interp_test_util.h"

using namespace graphlens::lang;
using graphlens::lang::test::lastLine;
using graphlens::lang::test::runPy;

TEST_CASE("step budget stops an infinite loop, uncatchable", "[lang][limits]") {
    Limits lim;
    lim.maxSteps = 200000;
    auto c = runPy("n = 0\ntry:\n    while True:\n        n += 1\nexcept Exception:\n    print('caught')\n", &lim);
    CHECK_FALSE(c.result.ok);
    CHECK(c.out.empty());
    CHECK(lastLine(c.err).rfind("TimeoutError: step budget exceeded", 0) == 0);
}

TEST_CASE("100000-deep recursion raises RecursionError without crashing", "[lang][limits]") {
    auto c = runPy(
        "def f(n):\n    return f(n + 1) + 1\ntry:\n    f(0)\nexcept RecursionError as e:\n    print('caught', e)\n"
        "class A:\n    def __eq__(self, o):\n        return self == o\nA() == A()\n");
    CHECK(c.out == "caught maximum recursion depth exceeded\n");
    CHECK(lastLine(c.err) == "RecursionError: maximum recursion depth exceeded");
    Limits lim;
    lim.recursionLimit = 100000; // even a raised limit must not overflow the native stack
    auto d = runPy("def f(n):\n    return f(n + 1) + 1\nf(0)\n", &lim);
    CHECK(lastLine(d.err) == "RecursionError: maximum recursion depth exceeded");
}

TEST_CASE("memory cap raises MemoryError", "[lang][limits]") {
    Limits lim;
    lim.maxMemoryBytes = 64 << 20;
    auto c = runPy("data = ['x' * 1000]\nwhile True:\n    data.extend(data)\n", &lim);
    CHECK(lastLine(c.err) == "MemoryError");
    auto d = runPy("try:\n    s = 'ab' * (10 ** 10)\nexcept MemoryError:\n    print('too big')\n", &lim);
    CHECK(d.out == "too big\n");
}

TEST_CASE("cancellation from another thread", "[lang][limits]") {
    graphlens::CancelToken token;
    Limits lim;
    lim.cancel = &token;
    std::thread t([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        token.cancel();
    });
    auto start = std::chrono::steady_clock::now();
    auto c = runPy("while True:\n    pass\n", &lim);
    t.join();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK_FALSE(c.result.ok);
    CHECK(secs < 5);
    CHECK(lastLine(c.err).find("cancelled") != std::string::npos);
}

TEST_CASE("wall-clock limit", "[lang][limits]") {
    Limits lim;
    lim.timeoutSeconds = 0.2;
    auto c = runPy("while True:\n    pass\n", &lim);
    CHECK(lastLine(c.err).rfind("TimeoutError: time limit exceeded", 0) == 0);
}

// --- issue #18: every limit holds on every path ---

TEST_CASE("bytes(n) asks the memory cap before allocating", "[lang][limits][memory]") {
    // Before: bytes(10**12) built a 10**12-byte std::string first (std::bad_alloc ended the process).
    auto c = runPy("try:\n    bytes(10 ** 12)\nexcept MemoryError:\n    print('too big')\n"
                   "try:\n    bytes(-1)\nexcept ValueError as e:\n    print(e)\n"
                   "try:\n    bytes(10 ** 20)\nexcept OverflowError as e:\n    print(e)\n"
                   "print(bytes(3), bytes(True), len(bytearray(1000)))\n");
    CHECK(c.err.empty());
    CHECK(c.out ==
          "too big\nnegative count\ncannot fit 'int' into an index-sized integer\nb'\\x00\\x00\\x00' b'\\x00' 1000\n");
}

TEST_CASE("collecting an iterable counts against the memory cap as it grows", "[lang][limits][memory]") {
    // A generator of 2M items: 32 MiB of Values, twice the cap. The collector must stop while the
    // items arrive (about 1M of them), not once all are collected (which is what happened when
    // only the finished list was charged: then `n` reached 2M).
    Limits lim;
    lim.maxMemoryBytes = 16 << 20;
    const std::string gen =
        "n = 0\ndef g():\n    global n\n    for i in range(2000000):\n        n = i\n        yield i\n";
    for (const char* make : { "list(g())", "tuple(g())", "sorted(g())", "[*g()]", "list(map(abs, g()))", "a, *b = g()",
                              "set(g())", "{x: x for x in g()}", "[x for x in g()]" }) {
        INFO(make);
        auto c =
            runPy(gen + "try:\n    " + make + "\nexcept MemoryError:\n    print('MemoryError', n < 1500000)\n", &lim);
        CHECK(c.err.empty());
        CHECK(c.out == "MemoryError True\n");
    }
    // Huge ranges end in MemoryError at once, not after gigabytes.
    for (const char* make : { "list(range(10 ** 10))", "a, *b = range(10 ** 10)", "tuple(range(10 ** 10))",
                              "sorted(range(10 ** 10))", "[*range(10 ** 10)]", "set(range(10 ** 12))" }) {
        INFO(make);
        auto c = runPy(std::string("try:\n    ") + make + "\nexcept MemoryError:\n    print('caught')\n", &lim);
        CHECK(c.out == "caught\n");
    }
}

TEST_CASE("a MemoryError while a set or dict grows leaves it as it was", "[lang][limits][memory]") {
    // The new table is charged before it is allocated. Before, the set's old table was dropped
    // before the charge failed (its items were lost) and the dict's index was reset.
    Limits lim;
    lim.maxMemoryBytes = 16 << 20;
    auto c = runPy("s = set(range(1000))\ntry:\n    s.update(range(10 ** 9))\nexcept MemoryError:\n    pass\n"
                   "print(len(s) == sum(1 for _ in s), all(i in s for i in range(1000)))\n"
                   "d = {i: i for i in range(1000)}\ntry:\n    for i in range(10 ** 9):\n        d[i] = i\n"
                   "except MemoryError:\n    pass\n"
                   "print(len(d) == sum(1 for _ in d), all(d[i] == i for i in range(1000)))\n"
                   "print(all(d[k] == k for k in d))\n",
                   &lim);
    CHECK(c.err.empty());
    CHECK(c.out == "True True\nTrue True\nTrue\n");
}

namespace {
struct ThrowingPayload { };
} // namespace

TEST_CASE("an allocation failure in native code becomes MemoryError", "[lang][limits][memory]") {
    static ClassObj* cls = [] {
        auto* c = new ClassObj("Hungry");
        c->rc = 1 << 30;
        c->cls = types().type;
        c->builtin = true;
        c->bases.push_back(types().object);
        c->mro = { c, types().object };
        c->getattrHook = [](Interpreter&, const Value&, const std::string& name, Value&) -> bool {
            if (name == "big") throw std::bad_alloc(); // reached by attribute access, not a call
            return false;
        };
        return c;
    }();
    Interpreter::registerModule("hungry", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("bad_alloc",
                      newBuiltin("bad_alloc", [](Interpreter&, CallArgs&) -> Value { throw std::bad_alloc(); }));
        m.d()->setStr("length_error", newBuiltin("length_error", [](Interpreter&, CallArgs&) -> Value {
                          std::string s;
                          s.reserve(s.max_size() + 1); // std::length_error
                          return Value::none();
                      }));
        m.d()->setStr("obj", Value::adopt(new NativeObj(cls, std::make_shared<ThrowingPayload>())));
    });
    Interpreter in;
    in.addAllowedModuleName("hungry");
    std::string out, err;
    in.setOut([&](std::string_view s) { out += s; });
    in.setErr([&](std::string_view s) { err += s; });
    auto r = in.runSource("import hungry\n"
                          "for f in (hungry.bad_alloc, hungry.length_error, lambda: hungry.obj.big):\n"
                          "    try:\n        f()\n    except MemoryError as e:\n        print('MemoryError', repr(e))\n"
                          "hungry.bad_alloc()\n",
                          "t.py");
    CHECK_FALSE(r.ok);
    CHECK(out == "MemoryError MemoryError()\nMemoryError MemoryError()\nMemoryError MemoryError()\n");
    CHECK(lastLine(err) == "MemoryError");
    CHECK(err.find("line 7") != std::string::npos);
}

TEST_CASE("a huge int literal is refused or parsed in linear time", "[lang][limits][bigint]") {
    // Before: the literal's digits were converted (quadratic) while parsing, before any limit.
    auto start = std::chrono::steady_clock::now();
    auto c = runPy("x = " + std::string(1000000, '7') + "\n");
    CHECK(lastLine(c.err) ==
          "SyntaxError: Exceeds the limit (4300 digits) for integer string conversion: value has 1000000 digits; use "
          "sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to "
          "avoid decimal conversion limits.");
    auto h = runPy("x = 0x1" + std::string(1000000, '0') + "\nprint(x.bit_length(), x % 1000003)\n");
    CHECK(h.err.empty());
    CHECK(h.out ==
          "4000001 " + std::to_string([] { // 16**1000000 mod 1000003
              uint64_t r = 1, b = 16, e = 1000000, m = 1000003;
              for (; e; e >>= 1, b = b * b % m)
                  if (e & 1) r = r * b % m;
              return r;
          }()) +
              "\n");
    Limits lim;
    lim.intMaxStrDigits = 0; // no limit: the literal is parsed
    auto d = runPy("x = " + std::string(100000, '9') + "\nprint((x + 1) == 10 ** 100000)\n", &lim);
    CHECK(d.err.empty());
    CHECK(d.out == "True\n");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(secs < 10);
}

TEST_CASE("long big-int operations stop at the wall-clock limit and at cancellation", "[lang][limits][bigint]") {
    // Before: one schoolbook multiplication of two million-limb numbers ran for minutes and checked
    // nothing; the step counter only moves between statements.
    Limits lim;
    lim.timeoutSeconds = 1;
    auto start = std::chrono::steady_clock::now();
    auto c = runPy("x = 3\nwhile True:\n    x = x * x\n", &lim);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(lastLine(c.err) == "TimeoutError: time limit exceeded (1 s)");
    CHECK(secs < 4);
    // One statement: a huge power, a division and a decimal conversion.
    for (const char* src : { "x = 3 ** (10 ** 9)\n", "x = (7 ** 3000000) // (3 ** 2000000)\n",
                             "import sys\nsys.set_int_max_str_digits(0)\ns = str(7 ** 3000000)\n" }) {
        INFO(src);
        start = std::chrono::steady_clock::now();
        auto d = runPy(src, &lim);
        secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK(lastLine(d.err).rfind("TimeoutError: time limit exceeded", 0) == 0);
        CHECK(secs < 4);
    }
    graphlens::CancelToken token;
    Limits cl;
    cl.cancel = &token;
    std::thread t([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        token.cancel();
    });
    start = std::chrono::steady_clock::now();
    auto e = runPy("x = 3\nwhile True:\n    x = x * x\n", &cl);
    t.join();
    secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(lastLine(e.err).find("cancelled") != std::string::npos);
    CHECK(secs < 4);
}

TEST_CASE("native loops over a huge range stop at the wall-clock limit", "[lang][limits]") {
    // Before: sum(range(10**15)) ran no statement and no call, so nothing checked the clock.
    Limits lim;
    lim.timeoutSeconds = 0.5;
    for (const char* src : { "print(sum(range(10 ** 15)))\n", "print(10 ** 15 in set(range(10 ** 15, 0, -1)))\n",
                             "print(sum(range(2 ** 64, 2 ** 64 + 10 ** 15)))\n", "print(max(range(10 ** 15)))\n" }) {
        INFO(src);
        Limits l = lim;
        l.maxMemoryBytes = int64_t(64) << 30; // the clock, not the memory cap, must stop these
        auto start = std::chrono::steady_clock::now();
        auto c = runPy(src, &l);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK(lastLine(c.err).rfind("TimeoutError: time limit exceeded", 0) == 0);
        CHECK(secs < 3);
    }
}

TEST_CASE("padding to a huge width asks the memory cap first", "[lang][limits][memory]") {
    // ljust/rjust/center/zfill/expandtabs and format widths built the whole padded string before
    // the StrObj was charged: a width of 10**10 touched 10 GB before any MemoryError.
    // Asked first, the answer is immediate; built first, each 1 GB string took seconds.
    Limits lim;
    lim.maxMemoryBytes = 64 << 20;
    auto start = std::chrono::steady_clock::now();
    for (const char* e :
         { "'a'.ljust(10 ** 9)", "'a'.center(10 ** 9, 'x')", "'a'.zfill(10 ** 9)", "'a\\tb'.expandtabs(10 ** 9)",
           "'{:>1000000000}'.format(1)", "'%1000000000d' % 1", "format('a', '^1000000000')" }) {
        INFO(e);
        auto c = runPy(std::string("try:\n    ") + e + "\nexcept MemoryError:\n    print('MemoryError')\n", &lim);
        CHECK(c.err.empty());
        CHECK(c.out == "MemoryError\n");
    }
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 2);
}

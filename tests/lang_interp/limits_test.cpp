// Step budget, recursion limit, memory cap, cancellation.
#include <catch2/catch.hpp>
#include <chrono>
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

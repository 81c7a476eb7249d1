// The cycle collector: cycles are freed while the script runs (so they fit under the memory
// cap), survivors stay intact, and shutdown frees even cycles that pass through closures,
// generator stacks and native payloads.
#include <atomic>
#include <catch2/catch.hpp>

#include "interp_test_util.h"

using namespace graphlens::lang;
using namespace graphlens::lang::test;

namespace {

std::atomic<int64_t> g_tokensAlive{ 0 };

struct Token {
    Token() { ++g_tokensAlive; }
    ~Token() { --g_tokensAlive; }
    Token(const Token&) = delete;
    Token& operator=(const Token&) = delete;
};

void registerTokenModule() {
    static ClassObj* tokenCls = [] {
        auto* c = new ClassObj("Token");
        c->rc = int64_t(1) << 40;
        c->cls = types().type;
        c->builtin = true;
        c->bases.push_back(types().object);
        c->mro = { c, types().object };
        return c;
    }();
    Interpreter::registerModule("tokens", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("Token", newBuiltin("Token", [](Interpreter&, CallArgs&) -> Value {
                          return Value::adopt(new NativeObj(tokenCls, std::make_shared<Token>()));
                      }));
    });
}

} // namespace

TEST_CASE("reference cycles are collected while the script runs", "[lang][heap]") {
    Interpreter in;
    Limits limits;
    limits.maxMemoryBytes = 16 << 20;
    in.setLimits(limits);
    std::string out, err;
    in.setOut([&](std::string_view s) { out += s; });
    in.setErr([&](std::string_view s) { err += s; });
    // ~150 MB of cyclic garbage in all: only a collector keeps it under 16 MB.
    auto r = in.runSource("class A:\n"
                          "    pass\n"
                          "keep = A()\n"
                          "keep.me = keep\n"
                          "keep.items = list(range(10))\n"
                          "for i in range(200000):\n"
                          "    a = A()\n"
                          "    a.me = a\n"
                          "    a.data = [i] * 20\n"
                          "    pair = [a]\n"
                          "    pair.append(pair)\n"
                          "print('done', keep.me.me.items[-1], a.data[0])\n",
                          "cycles.py");
    INFO(err);
    CHECK(r.ok);
    CHECK(out == "done 9 199999\n");
    auto stats = in.heapStats();
    CHECK(stats.collections > 0);
    CHECK(stats.freed > 100000);
    CHECK(stats.tracked < 100000);
}

TEST_CASE("namedtuple instances keep their class alive; cycles through them are collected", "[lang][heap]") {
    Interpreter in;
    std::string out, err;
    in.setOut([&](std::string_view s) { out += s; });
    in.setErr([&](std::string_view s) { err += s; });
    // The class is dropped while an instance still uses it (the tuple holds a reference), and
    // each instance sits in a cycle (tuple -> list -> tuple) that only the collector frees.
    auto r = in.runSource("import collections, gc\n"
                          "def make():\n"
                          "    P = collections.namedtuple('P', ['items', 'n'])\n"
                          "    return P([], 7)\n"
                          "survivor = make()\n"
                          "for i in range(2000):\n"
                          "    p = make()\n"
                          "    p.items.append(p)\n"
                          "p = None\n"
                          "freed = gc.collect()\n"
                          "print(survivor, type(survivor).__name__, survivor.n)\n",
                          "nt.py");
    INFO(err);
    CHECK(r.ok);
    CHECK(out == "P(items=[], n=7) P 7\n");
    CHECK(in.heapStats().freed >= 2000 * 2);
}

TEST_CASE("gc.disable stops automatic collection, gc.collect still frees", "[lang][heap]") {
    Interpreter in;
    std::string out, err;
    in.setOut([&](std::string_view s) { out += s; });
    in.setErr([&](std::string_view s) { err += s; });
    auto r = in.runSource("import gc\n"
                          "gc.disable()\n"
                          "for i in range(50000):\n"
                          "    l = []\n"
                          "    l.append(l)\n"
                          "print(gc.collect() >= 49999)\n",
                          "gc.py");
    INFO(err);
    CHECK(r.ok);
    CHECK(out == "True\n");
    CHECK(in.heapStats().collections == 1);
}

TEST_CASE("shutdown frees cycles through closures, generators and native objects", "[lang][heap]") {
    registerTokenModule();
    g_tokensAlive = 0;
    {
        Interpreter in;
        in.addAllowedModuleName("tokens");
        std::string out, err;
        in.setOut([&](std::string_view s) { out += s; });
        in.setErr([&](std::string_view s) { err += s; });
        auto r = in.runSource("import tokens\n"
                              "class Holder:\n"
                              "    pass\n"
                              // a cycle through an iterator's closure (invisible to the collector)
                              "l = [tokens.Token()]\n"
                              "it = iter(l)\n"
                              "l.append(it)\n"
                              // a suspended generator whose frame holds the object that holds it
                              "def run(h):\n"
                              "    t = tokens.Token()\n"
                              "    while True:\n"
                              "        yield h\n"
                              "h = Holder()\n"
                              "h.gen = run(h)\n"
                              "next(h.gen)\n"
                              // a plain instance cycle and a cycle through a bound method
                              "x = Holder()\n"
                              "x.me = x\n"
                              "x.tok = tokens.Token()\n"
                              "y = Holder()\n"
                              "y.m = y.__init__\n"
                              "y.tok = tokens.Token()\n"
                              "print(len(l))\n",
                              "shutdown.py");
        INFO(err);
        CHECK(r.ok);
        CHECK(out == "2\n");
        CHECK(g_tokensAlive == 4);
    }
    CHECK(g_tokensAlive == 0);
}

TEST_CASE("a dropped suspended generator runs its finally block", "[lang][heap]") {
    auto c = runPy("def g():\n"
                   "    try:\n"
                   "        yield 1\n"
                   "    finally:\n"
                   "        print('fin')\n"
                   "for x in g():\n"
                   "    break\n"
                   "print('after')\n"
                   "k = g()\n"
                   "next(k)\n"
                   "print('end')\n");
    CHECK(c.out == "fin\nafter\nend\nfin\n");
}

TEST_CASE("types built lazily during one run serve the next interpreter", "[lang][heap]") {
    // dict views' types and their methods are created on first use, under whichever
    // interpreter runs then; its shutdown must leave them intact for the others.
    for (int run = 0; run < 3; ++run) {
        auto c = runPy("d = {1: 2}\nprint(list(d.items()), list(d.keys()), list(d.values()))\n"
                       "print(iter(range(3)).__class__.__name__)\n");
        INFO(c.err);
        CHECK(c.out == "[(1, 2)] [1] [2]\nrange_iterator\n");
    }
}

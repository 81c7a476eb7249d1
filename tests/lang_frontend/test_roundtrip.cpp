// Printer: parse -> print -> parse gives the same AST (ignoring spans) and printing is
// idempotent, on varied snippets and on every .py file under tests/lang/ (if any).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/lang/parser.h"
#include "core/lang/printer.h"
#include "parser_cases.inc"

using namespace graphlens::lang;

namespace {
const char* const kSnippets[] = {
    "x = (a + b) * c\ny = a + (b * c)\nz = (a - b) - c\nw = a - (b - c)\n",
    "x = a ** b ** c\ny = (a ** b) ** c\nz = (-a) ** b\nw = -a ** b\nv = a ** -b\n",
    "x = not (a and b)\ny = (not a) and b\nz = (a or b) and c\nw = a or b and c\n",
    "x = (a if b else c) if d else e\ny = a if (b if c else d) else e\n",
    "x = (lambda: 1)()\ny = (lambda x: x)(2)\ndef g():\n    f(lambda: (yield))\n",
    "x = (a < b) < c\ny = a < b < c\nz = (a == b) in c\n",
    "x = [*a, *b]\ny = {**a, 'b': 1}\nz = (*a, b)\nf(*(a or b))\n",
    "x = 'it\\'s'\ny = \"say \\\"hi\\\"\"\nz = '\\n\\t\\\\\\x00\\x7f'\nw = 'both \\' and \"'\n",
    "x = b'\\x00\\xff\\'\"'\ny = ''\nz = b''\n",
    "x = f'{a!r} {b:>10} {c:{w}.{p}f} {{literal}}'\n",
    "x = f\"{a['k']}\"\ny = f'{b[\"k\"]}'\nz = f'''{c[\"k\"] + d['j']}'''\n",
    "x = f'{ {1: 2}[1] }'\ny = f'{(lambda: 1)()}'\nz = f'{a, b}'\n",
    "x = f'{x=}'\ny = f'{x = !s:>4}'\n",
    "x = 1 .real\ny = (1).imag\nz = 1.5.hex()\nw = (-1).bit_length()\n",
    "x = 1e100\ny = 1.5e-10\nz = 0.1\nw = 12345678901234567890.0\nv = 1e16\nu = 2j\n",
    "x = a[1:2, ::3, ...]\ny = a[:, None]\nz = a[(1, 2)]\nw = a[()]\nv = a[1:2,]\n",
    "def f(a, /, b=2, *, c, d=4, **e) -> int:\n    return a\n",
    "def f(*args: int, **kw: str):\n    pass\n",
    "@a.b(c)\n@d\nclass A(B, C, metaclass=M, **kw):\n    '''doc'''\n    x: int = 1\n\n    def m(self):\n        pass\n",
    "for (a, b), c in d:\n    pass\nelse:\n    pass\n",
    "with a() as (b, c), d as e[0]:\n    pass\n",
    "try:\n    pass\nexcept (A, B) as e:\n    raise C from e\nexcept D:\n    raise\nelse:\n    pass\nfinally:\n    "
    "pass\n",
    "if a:\n    pass\nelif b:\n    pass\nelif c:\n    pass\nelse:\n    if d:\n        pass\n",
    "while (n := next(it)) is not None:\n    print(n)\n",
    "x = [y for y in (a if b else c)]\nz = [y for y in (lambda: 1)()]\n",
    "g = (x for x in y)\nf(x for x in y)\nh = sum((x for x in y), 0)\n",
    "def gen():\n    x = yield\n    y = yield a, b\n    yield from z\n    await_ = (yield)\n",
    "x = a, b = c, d = 1, 2\n",
    "a += b, c\nx: tuple = 1, 2\n(y): int = 3\n",
    "import a.b as c\nfrom ... import d\nfrom .e import (f as g, h)\n",
    "def f():\n    global a, b\n    c = 1\n    def g():\n        nonlocal c\n",
    "del a, (b, c), [d], e.f, g[0]\n",
    "assert isinstance(x, int), f'bad {x!r}'\n",
    "x = -(-1)\ny = +(+a)\nz = ~(~b)\nw = not not c\n",
    "x = a if b else lambda: c\ny = (a := 1, b := 2)\n",
    "x = {a: b for a, b in c.items() if a if b}\ny = {*a}\n",
    "x = 123456789012345678901234567890 + 0xffffffffffffffffffff\n",
    "x = '\\u00e9\\U0001F600'\ny = 'é😀'\nz = '\\ud800'\n",
    "print(*args, sep=', ', end='')\nprint(1, *a, 2, *b, k=3, **c)\n",
    "x = a.b.c(d)[e].f\n(a.b).c = 1\n",
    "class E(Exception):\n    pass\n\n\nraise E('x')\n",
    "if True:\n    x = 1;y = 2\n",
    "x = (yield_ := 1)\n",
    "s = r'\\d+\\.\\w*'\nt = rb'\\x00'\n",
    "x = f'{\"a\" if b else \"c\"}'\n",
};

void checkRoundTrip(const std::string& src, const std::string& name, bool allowError = false) {
    INFO(name << ":\n" << src);
    std::shared_ptr<ParsedModule> first;
    try {
        first = parseModule(src, name);
    } catch (const SyntaxError& e) {
        if (!allowError) FAIL_CHECK("does not parse: " << e.what());
        return; // error cases of the corpus
    }
    std::string printed = printModule(first->module);
    INFO("printed:\n" << printed);
    std::shared_ptr<ParsedModule> second;
    try {
        second = parseModule(printed, name + " (printed)");
    } catch (const SyntaxError& e) {
        FAIL_CHECK("printed source does not parse: " << e.what());
        return;
    }
    CHECK(dumpAst(second->module) == dumpAst(first->module));
    CHECK(printModule(second->module) == printed);
}
} // namespace

TEST_CASE("printer: round trip on snippets", "[lang][printer]") {
    int n = 0;
    for (const char* s : kSnippets) {
        checkRoundTrip(s, "snippet" + std::to_string(n++));
    }
    for (const auto& [src, expected] : kParserCases) {
        (void)expected;
        checkRoundTrip(src, "parser case " + std::to_string(n++));
    }
    CHECK(n >= 40);
}

TEST_CASE("printer: readable output", "[lang][printer]") {
    auto p = [](const char* src) { return printModule(parseModule(src)->module); };
    CHECK(p("x=(a+b)*c") == "x = (a + b) * c\n");
    CHECK(p("x=a+(b*c)") == "x = a + b * c\n");
    CHECK(p("def f(a,b=1,*c,d,**e):return a,b") == "def f(a, b=1, *c, d, **e):\n    return a, b\n");
    CHECK(p("if a:\n  pass\nelse:\n  if b:\n    pass") == "if a:\n    pass\nelif b:\n    pass\n");
    CHECK(p("x='a\\'b'") == "x = \"a'b\"\n");
    CHECK(p("x=f'{a!r:>{w}}'") == "x = f'{a!r:>{w}}'\n");
    CHECK(p("x=f\"{d['k']}\"") == "x = f\"{d['k']}\"\n");
    CHECK(p("x=1e16;y=0.1;z=1e-5;w=100.0") == "x = 1e+16\ny = 0.1\nz = 1e-05\nw = 100.0\n");
    CHECK(p("def f(x: int=1)->str: pass") == "def f(x: int = 1) -> str:\n    pass\n");
    CHECK(p("import a\ndef f(): pass\nx = 1") == "import a\n\n\ndef f():\n    pass\n\n\nx = 1\n");
}

TEST_CASE("printer: round trip on every .py file under tests/lang", "[lang][printer]") {
    namespace fs = std::filesystem;
    fs::path root = fs::path(GRAPHLENS_SOURCE_DIR) / "tests" / "lang";
    INFO("corpus folder " << root.string());
    REQUIRE(fs::is_directory(root));
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".py") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        checkRoundTrip(ss.str(), entry.path().string(), true);
        ++files;
    }
    CHECK(files > 0);
}

// Found by the parser fuzzer: a prefix-operator chain thousands deep overflowed the printer's
// stack under ASan. The printer now walks such chains in a loop.
TEST_CASE("deep unary chains print and round-trip", "[printer][roundtrip]") {
    std::string src = "x = " + std::string(3000, '-') + "y\n";
    auto first = parseModule(src, "deep.py");
    const std::string printed = printModule(first->module);
    CHECK(printed == src);
    auto again = parseModule(printed, "printed.py");
    CHECK(dumpAst(again->module) == dumpAst(first->module));
}

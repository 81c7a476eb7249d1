// Class machinery against CPython 3.11: metaclasses and the operations they define on classes,
// __init_subclass__ with class keywords, annotations.
#include <catch2/catch.hpp>

#include "interp_test_util.h"

using namespace graphlens::lang;
using graphlens::lang::test::lastLine;
using graphlens::lang::test::runPy;

TEST_CASE("a metaclass makes the class and its dunders apply to the class", "[lang][classes]") {
    auto c = runPy("class M(type):\n"
                   "    def __new__(mcls, name, bases, ns, **kw):\n"
                   "        ns['made_by'] = mcls.__name__\n"
                   "        return super().__new__(mcls, name, bases, ns)\n"
                   "    def __iter__(cls): return iter((1, 2))\n"
                   "    def __len__(cls): return 2\n"
                   "    def __getitem__(cls, k): return k + 1\n"
                   "    def __contains__(cls, x): return x == 'in'\n"
                   "    def __repr__(cls): return 'M:' + cls.__name__\n"
                   "    def __call__(cls, *a): return ('called', a)\n"
                   "    def __setattr__(cls, k, v): super().__setattr__(k, v * 10)\n"
                   "    def shout(cls): return cls.__name__.upper()\n"
                   "class A(metaclass=M): pass\n"
                   "class B(A): pass\n"
                   "A.x = 4\n"
                   "print(type(A) is M, type(B) is M, isinstance(B, M), A.made_by, B.made_by)\n"
                   "print(list(A), len(A), A[1], 'in' in A, repr(B), A(1, 2), A.x, B.shout())\n"
                   "class N(type): pass\n"
                   "try:\n"
                   "    class C(A, metaclass=N): pass\n"
                   "except TypeError as e: print(e)\n"
                   "print(type(type('D', (A,), {})).__name__)\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "True True True M M\n"
          "[1, 2] 2 2 True M:B ('called', (1, 2)) 40 B\n"
          "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the "
          "metaclasses of all its bases\n"
          "M\n");
}

TEST_CASE("__init_subclass__ receives the class statement's keywords", "[lang][classes]") {
    auto c = runPy("class Base:\n"
                   "    seen = []\n"
                   "    def __init_subclass__(cls, tag='none', **kw):\n"
                   "        super().__init_subclass__(**kw)\n"
                   "        Base.seen.append((cls.__name__, tag))\n"
                   "class A(Base, tag='a'): pass\n"
                   "class B(A): pass\n"
                   "print(Base.seen)\n"
                   "class Plain: pass\n"
                   "class Bad(Plain, flag=1): pass\n");
    CHECK(!c.result.ok);
    CHECK(c.out == "[('A', 'a'), ('B', 'none')]\n");
    CHECK(lastLine(c.err) == "TypeError: Bad.__init_subclass__() takes no keyword arguments");
}

TEST_CASE("annotations of modules, classes and functions", "[lang][classes]") {
    auto c = runPy("x: int = 1\n"
                   "class P:\n"
                   "    a: int\n"
                   "    b: str = 'b'\n"
                   "def f(p: int, *, k: float = 2.0) -> bool: pass\n"
                   "print(__annotations__, P.__annotations__, f.__annotations__, f.__kwdefaults__, f.__defaults__)\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "{'x': <class 'int'>} {'a': <class 'int'>, 'b': <class 'str'>} "
          "{'p': <class 'int'>, 'k': <class 'float'>, 'return': <class 'bool'>} {'k': 2.0} None\n");
}

TEST_CASE("data descriptors win over the instance dict; types combine with |", "[lang][classes]") {
    auto c =
        runPy("class Twice:\n"
              "    def __set_name__(self, owner, name): self.key = '_' + name\n"
              "    def __get__(self, obj, owner=None): return self if obj is None else obj.__dict__[self.key] * 2\n"
              "    def __set__(self, obj, v): obj.__dict__[self.key] = v\n"
              "class H:\n"
              "    n = Twice()\n"
              "h = H()\n"
              "h.n = 4\n"
              "print(h.n, type(H.n).__name__, int | None, isinstance(3, int | str), list[int])\n");
    REQUIRE(c.result.ok);
    CHECK(c.out == "8 Twice int | None True list[int]\n");
}

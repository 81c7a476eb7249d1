# inspect: signature (kinds, defaults, annotations, str as CPython prints it, bind/bind_partial,
# methods, classes, partial, wrapped), the is* predicates, getdoc/cleandoc with inheritance,
# getsource/getsourcelines/getfile of the script's own functions and classes, getmembers.
import inspect, functools, os
from typing import Optional, List
def f(a, b: int = 2, /, c: "str" = "x", *args: int, d, e: float = 1.5, **kw) -> Optional[List[int]]:
    """Do things.

        Indented more.
    Last.
    """
    return None
sig = inspect.signature(f)
print(sig)
print(repr(sig))
for name, p in sig.parameters.items():
    print(name, p.kind, p.kind.description, p.default is p.empty, repr(p), int(p.kind))
print(sig.return_annotation, sig.parameters["b"].annotation, inspect.Parameter.empty, inspect.Signature.empty is inspect._empty)
def g(x, y=1, *, z, **rest):
    pass
s = inspect.signature(g)
ba = s.bind(1, z=3, w=4)
print(ba.arguments, ba.args, ba.kwargs)
ba.apply_defaults()
print(ba.arguments, ba)
for args, kw in [((), {}), ((1, 2, 3), {"z": 1}), ((1,), {"x": 2, "z": 1}), ((1,), {})]:
    try:
        s.bind(*args, **kw)
    except TypeError as e:
        print("TypeError", e)
print(s.bind_partial(z=1).arguments)
class C:
    """Class doc."""
    def __init__(self, a, b=3):
        self.a = a
    def meth(self, q):
        """Method doc."""
        return q
    @classmethod
    def cm(cls, r): pass
    @staticmethod
    def sm(t): pass
    @property
    def prop(self): return 1
print(inspect.signature(C), inspect.signature(C(1).meth), inspect.signature(C.meth), inspect.signature(C.cm), inspect.signature(C.sm))
print(inspect.signature(lambda x, *a: 0), inspect.signature(functools.partial(g, 1, z=2)))
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@deco
def wrapped(p, q=1):
    return p
print(inspect.signature(wrapped), inspect.signature(wrapped, follow_wrapped=False), inspect.unwrap(wrapped) is not wrapped)
def gen():
    yield 1
print(inspect.isfunction(f), inspect.isfunction(len), inspect.isbuiltin(len), inspect.ismethod(C(1).meth), inspect.ismethod(C.meth))
print(inspect.isclass(C), inspect.isclass(C(1)), inspect.isroutine(len), inspect.isroutine(f), inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(f))
print(inspect.isgenerator(gen()), inspect.iscoroutinefunction(f), inspect.ismodule(os), inspect.ismodule(f), inspect.iscode(f.__code__))
print(inspect.getdoc(f))
print(repr(inspect.cleandoc("  first\n      second\n    third\n\n")))
print(inspect.getdoc(C), inspect.getdoc(C.meth), inspect.getdoc(C(1).meth))
class D(C):
    def meth(self, q):
        return q
print(inspect.getdoc(D.meth), inspect.getdoc(D(1).meth))
print(inspect.getsource(f), end="")
print(inspect.getsource(C.meth), end="")
lines, start = inspect.getsourcelines(g)
print(start, lines)
print(inspect.getsource(C), end="")
print(inspect.getsource(wrapped), end="")
print(os.path.basename(inspect.getfile(f)), os.path.basename(inspect.getfile(C)))
members = inspect.getmembers(C, inspect.isfunction)
print([m[0] for m in members])
print([n for n, v in inspect.getmembers(C(1)) if not n.startswith("__")])
try:
    inspect.signature(3)
except TypeError as e:
    print("TypeError", e)
try:
    inspect.getsource(len)
except TypeError as e:
    print("TypeError", e)
spec = inspect.getfullargspec(g)
print(spec)
print(inspect.isabstract(C))
P = inspect.Parameter
sig2 = inspect.Signature([P("a", P.POSITIONAL_ONLY), P("b", P.KEYWORD_ONLY, default=None)])
print(sig2, sig2.replace(return_annotation=int))
try:
    inspect.Signature([P("a", P.KEYWORD_ONLY), P("b", P.POSITIONAL_ONLY)])
except ValueError as e:
    print("ValueError", e)
try:
    inspect.Signature([P("a", P.POSITIONAL_OR_KEYWORD, default=1), P("b", P.POSITIONAL_OR_KEYWORD)])
except ValueError as e:
    print("ValueError", e)

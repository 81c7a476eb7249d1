# Function attributes: __defaults__, __kwdefaults__ (writable, type-checked), __annotations__ in
# parameter order with 'return' last, a minimal __code__, __wrapped__ from functools.wraps.
import functools
def f(a, b: int = 2, *args: str, c, d: float = 1.5, **kw) -> bool:
    """Doc."""
    x = 1
    return a
print(f.__defaults__, f.__kwdefaults__, f.__annotations__)
co = f.__code__
print(co.co_name, co.co_argcount, co.co_kwonlyargcount, co.co_posonlyargcount, co.co_varnames, co.co_nlocals)
print(co.co_flags & 4 != 0, co.co_flags & 8 != 0, co.co_firstlineno, co.co_filename.endswith(".py"))
def g(p, /, q, *, r):
    pass
print(g.__defaults__, g.__kwdefaults__, g.__annotations__, g.__code__.co_posonlyargcount, g.__code__.co_varnames)
def h(a, b=1):
    return a + b
h.__defaults__ = (10,)
print(h(1), h.__defaults__)
h.__defaults__ = None
try:
    h(1)
except TypeError as e:
    print("TypeError", e)
def k(*, x=1):
    return x
k.__kwdefaults__ = {"x": 5}
print(k())
for attr, val in [("__defaults__", 3), ("__kwdefaults__", [1]), ("__annotations__", 1)]:
    try:
        setattr(h, attr, val)
    except TypeError as e:
        print("TypeError", e)
h.__annotations__ = {"a": int}
print(h.__annotations__)
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@deco
def target(x, y=3):
    return x * y
print(target.__wrapped__ is not target, target.__wrapped__.__defaults__, target.__name__, target(2))
def outer():
    def inner():
        yield 1
    return inner
print(outer().__code__.co_flags & 16 != 0, outer().__code__.co_flags & 32 != 0, outer.__code__.co_flags & 16)
lam = lambda x, y=2: x
print(lam.__defaults__, lam.__annotations__, lam.__code__.co_name, lam.__code__.co_varnames)

# contextlib: contextmanager (with, exceptions thrown into the generator, as a decorator),
# suppress, nullcontext, closing.
import contextlib
from contextlib import contextmanager, suppress, nullcontext, closing


@contextmanager
def tag(name):
    print("<" + name + ">")
    try:
        yield name.upper()
    finally:
        print("</" + name + ">")


with tag("a") as t:
    print(t)
try:
    with tag("b"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)


@contextmanager
def swallow():
    try:
        yield
    except KeyError as e:
        print("swallowed", repr(e))


with swallow():
    {}["k"]
with suppress(KeyError, IndexError):
    [][1]
with nullcontext(5) as v, closing(type("Res", (), {"close": lambda self: print("closed")})()) as r:
    print(v, type(r).__name__)
tag("deco")(lambda: print("in deco"))()
print(tag.__name__, tag.__wrapped__.__name__, isinstance(nullcontext(), contextlib.AbstractContextManager))

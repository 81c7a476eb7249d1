# contextlib.contextmanager on a generator that yields twice: RuntimeError on exit.
from contextlib import contextmanager


@contextmanager
def twice():
    yield 1
    yield 2


with twice() as v:
    print("body", v)
print("unreachable")

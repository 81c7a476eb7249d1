# contextlib.contextmanager on a generator that returns without yielding: RuntimeError.
from contextlib import contextmanager


@contextmanager
def maybe(flag):
    if flag:
        yield "ok"


with maybe(True) as v:
    print(v)
with maybe(False):
    print("never")

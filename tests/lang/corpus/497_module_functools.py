# functools: partial (flattening, keywords, repr of a builtin), reduce, wraps / update_wrapper.
import functools
from functools import partial, reduce, wraps

p = partial(int, base=2)
print(p("101"), repr(p), p.func is int, p.args, p.keywords)
add3 = partial(lambda a, b, c: a + b + c, 1)
add3b = partial(add3, 2)
print(add3b(3), add3b.args, add3b.func is add3.func, add3(2, c=10))
print(repr(partial(max, 1, key=abs)), partial(max, 1, key=abs)(-5, 3))
print(reduce(lambda a, b: a * b, range(1, 6)), reduce(lambda a, b: a + b, [], 10))
print(reduce(lambda a, b: a + b, ["x"]), reduce(max, [3, 9, 2]))


def logged(f):
    @wraps(f)
    def wrapper(*args, **kwargs):
        print("calling", f.__name__)
        return f(*args, **kwargs)
    return wrapper


@logged
def hello(name):
    "Say hello."
    return "hello " + name


print(hello("x"), hello.__name__, hello.__doc__, hello.__qualname__)
print(hello.__wrapped__("y"), hello.__module__)


def other():
    pass


other.extra = 7
w = functools.update_wrapper(lambda: None, other)
print(w.__name__, w.extra, w.__wrapped__ is other, functools.WRAPPER_ASSIGNMENTS[:3])

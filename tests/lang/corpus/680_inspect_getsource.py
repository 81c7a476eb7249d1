# inspect.getsource/getsourcelines of a decorated class, a nested class and its method, a
# multi-line signature with comments in the body, a staticmethod, a closure, a lambda and an
# lru_cache-wrapped function.
import inspect, functools

def deco(cls):
    return cls

@deco
class Outer:
    """Doc."""

    x = 1

    class Inner:
        def deep(self):
            # comment inside
            return 1

    def method(self,
               a,
               b=2):
        if a:
            return b
        # trailing comment in body
        return a

    @staticmethod
    def st():
        pass

def make():
    def nested(q):
        return q * 2
    return nested

square = lambda v: v * v

@functools.lru_cache(maxsize=None)
def cached(n):
    return n

print(inspect.getsource(Outer), end="---\n")
print(inspect.getsource(Outer.Inner), end="---\n")
print(inspect.getsource(Outer.Inner.deep), end="---\n")
print(inspect.getsource(Outer.method), end="---\n")
print(inspect.getsource(Outer.st), end="---\n")
print(inspect.getsource(make()), end="---\n")
print(inspect.getsource(square), end="---\n")
print(inspect.getsourcelines(Outer.method)[1], inspect.getsourcelines(Outer)[1])
print(inspect.getsource(cached), end="---\n")
print(inspect.signature(Outer.method), inspect.getdoc(Outer))

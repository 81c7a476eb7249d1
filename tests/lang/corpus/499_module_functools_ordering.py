# functools: total_ordering from each root comparison, cmp_to_key and singledispatch.
import functools


@functools.total_ordering
class Lt:
    def __init__(self, x):
        self.x = x

    def __eq__(self, o):
        return self.x == o.x

    def __lt__(self, o):
        return self.x < o.x


@functools.total_ordering
class Ge:
    __init__, __eq__ = Lt.__init__, Lt.__eq__

    def __ge__(self, o):
        return self.x >= o.x


for K in (Lt, Ge):
    a, b = K(1), K(2)
    print(K.__name__, a < b, a <= b, a > b, a >= b, b > a, a <= K(1), a > K(1), sorted([b, a])[0].x)
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(sorted(["bb", "a", "ccc"], key=functools.cmp_to_key(lambda a, b: len(a) - len(b))))


@functools.singledispatch
def show(x):
    return "object"


show.register(int, lambda x: "int " + str(x))
show.register(list)(lambda x: "list of " + str(len(x)))
print(show(1), show("s"), show([1, 2]), show(True), show.dispatch(bool) is show.dispatch(int))
print(show.registry[object] is show.__wrapped__, show.__name__)

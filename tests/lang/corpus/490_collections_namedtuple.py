# collections.namedtuple: construction (positional, keyword, defaults), fields as attributes,
# tuple behaviour (index, unpack, len, equality, hash, isinstance), repr, _make/_asdict/_replace,
# and the binding errors of the generated __new__.
import collections

Point = collections.namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, repr(p), p.x, p.y, p[0], p[-1], len(p))
a, b = p
print(a + b, p == (1, 2), hash(p) == hash((1, 2)), isinstance(p, tuple), type(p).__name__)
print(Point._fields, Point._make([3, 4]), p._asdict(), p._replace(x=9))
print(list(p), p + (3,), p[:1], tuple(p))
P3 = collections.namedtuple("P3", "a, b c", defaults=[0, 1])
print(P3(5), P3(5, 6, 7), P3._field_defaults)
Other = collections.namedtuple("Other", ["x", "y"])
print(Point(1, 2) == Other(1, 2), type(Point(1, 2)) is type(Other(1, 2)))
print({Point(1, 2): "p"}[(1, 2)])
nested = Point(Point(1, 2), [3])
print(nested, nested.x.y)
for bad in [lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, 2, z=3), lambda: Point(1, x=2)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
for spec in [["x", "x"], ["_a"], ["def"], ["1a"]]:
    try:
        collections.namedtuple("T", spec)
    except ValueError as e:
        print("ValueError", e)
print(collections.namedtuple("R", ["a", "a", "def"], rename=True)._fields)
class Pair(collections.namedtuple("PairBase", "a b")):
    def total(self):
        return self.a + self.b
q = Pair(1, b=2)
print(q, q.total(), q.a, isinstance(q, tuple), type(q).__name__, Pair._fields)
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError")

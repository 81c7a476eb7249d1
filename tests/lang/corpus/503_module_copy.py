# copy: copy / deepcopy of containers, cycles and shared references (the memo), instances,
# namedtuples, exceptions, functions and classes.
import collections
import copy

a = [1, [2, 3], {"k": [4]}]
b, c = copy.copy(a), copy.deepcopy(a)
print(b == a, b is a, b[1] is a[1], c[1] is a[1], c[2]["k"] is a[2]["k"], c)
t = (1, [2])
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy(t), copy.copy({1, 2}), copy.deepcopy(frozenset([1])))
r = [1]
r.append(r)
r2 = copy.deepcopy(r)
shared = [0]
dd = copy.deepcopy({"a": shared, "b": shared})
print(r2[1] is r2, r2[1] is r, dd["a"] is dd["b"], dd["a"] is shared)


class P:
    def __init__(self, x):
        self.x = x
        self.inner = [x]


p = P(3)
q, d = copy.copy(p), copy.deepcopy(p)
print(type(q).__name__, q.x, q.inner is p.inner, d.inner is p.inner, d.inner)
Pt = collections.namedtuple("Pt", "x y")
pt = Pt(1, [2])
e = copy.copy(ValueError("bad", 2))
print(copy.deepcopy(pt), copy.deepcopy(pt).y is pt.y, copy.copy(pt).y is pt.y, repr(e))
print(copy.copy(len) is len, copy.deepcopy(int) is int, issubclass(copy.Error, Exception))

# Checks: id() is stable per object and distinct for live objects (values not printed).
a = [1]
b = a
c = [1]
print(id(a) == id(b), id(a) == id(c))
print(type(id(a)).__name__, id(a) > 0)
x = object()
print(id(x) == id(x))
ids = {id(o) for o in [a, c, x]}
print(len(ids))

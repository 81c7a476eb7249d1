# Checks: list()/tuple()/set()/dict() constructors from iterables.
print(list("abc"), list((1, 2)), list(range(3)), list({"k": 1}))
print(tuple([1, 2]), tuple("xy"), tuple())
print(sorted(set([3, 3, 1])), set())
print(dict([("a", 1), ("b", 2)]), dict(zip("xy", (1, 2))))
print(dict(a=1, **{"b": 2}))
print(dict({"a": 1}, b=3))
print(list(map(int, "123")))
print(list(dict.fromkeys([3, 1, 3, 2])))

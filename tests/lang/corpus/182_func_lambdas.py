# Checks: lambdas with defaults, in sort keys, immediately invoked.
square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(7), add(1), add(1, 2))
print((lambda: "no args")())
print((lambda *a, **k: (a, k))(1, 2, z=3))
pairs = [(1, "one"), (3, "three"), (2, "two")]
print(sorted(pairs, key=lambda p: p[1]))
compose = lambda f, g: lambda x: f(g(x))
print(compose(square, add)(2))
print(list(map(lambda x: x % 3, range(7))))

# Checks: writing map/filter/reduce equivalents by hand (functools-free).
def my_reduce(func, items, initial):
    acc = initial
    for item in items:
        acc = func(acc, item)
    return acc
print(my_reduce(lambda a, b: a + b, [1, 2, 3, 4], 0))
print(my_reduce(lambda a, b: a * b, range(1, 8), 1))
print(my_reduce(lambda a, b: b + a, "abc", ""))
def compose(*fs):
    return my_reduce(lambda f, g: lambda x: g(f(x)), fs, lambda x: x)
print(compose(lambda x: x + 1, lambda x: x * 10)(4))

# Checks: map/filter are lazy iterators; multiple-iterable map.
m = map(lambda x: x * 2, [1, 2, 3])
print(type(m).__name__, list(m), list(m))
print(list(map(pow, [2, 3, 4], [3, 2, 1])))
print(list(map(str.upper, ["a", "b"])))
f = filter(lambda x: x % 2, range(10))
print(list(f))
print(list(filter(None, [0, 1, "", "a", [], [0], None])))
print(sum(map(len, ["ab", "cde", ""])))

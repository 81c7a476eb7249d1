# Checks: reversed and sorted on various iterables.
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(1, 8, 3))))
print(sorted([3, 1, 2]), sorted("cab"), sorted((9, 8)), sorted({5: 0, 2: 0}))
print(sorted([-3, 1, -2], key=abs), sorted([-3, 1, -2], key=abs, reverse=True))
print(sorted([]), sorted(["b", "A", "a", "B"]))
r = reversed([1, 2])
print(type(r).__name__, next(r), list(r))
print(sorted(x % 4 for x in range(8)))

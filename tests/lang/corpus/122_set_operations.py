# Checks: set algebra on small ints.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union([7]), a.intersection({1, 9}), a.difference({1}))
print(a.symmetric_difference(b))
print({1, 2} <= a, {1, 2} < a, a >= a, a > a)
print(a.issubset(range(10)), a.isdisjoint({8, 9}))
s = set()
s.add(3)
s.add(3)
s.update([1, 2])
s.discard(10)
s.remove(2)
print(s, len(s))
print(sorted({"b", "a", "c"} | {"d"}))

# Checks: set pop/clear/copy and in-place operators.
s = {5, 6, 7}
t = s.copy()
s |= {1}
s &= {1, 5, 6}
print(s, t)
s -= {6}
print(s)
s ^= {5, 9}
print(s)
u = {2}
print(u.pop(), u)
t.clear()
print(t)
print(set("aab") == {"a", "b"})
print(len(set(range(100)) - set(range(0, 100, 2))))

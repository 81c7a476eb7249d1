# Checks: tuple/list unpacking and swapping.
a, b = 1, 2
a, b = b, a
print(a, b)
(x, y), z = (3, 4), 5
print(x, y, z)
[p, q] = "pq"
print(p, q)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
first, second, third = range(3)
print(first, second, third)
m = n = 7
print(m, n)

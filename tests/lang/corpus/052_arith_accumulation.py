# Checks: a small numeric program: mean, variance and integer stats.
data = [4, 8, 15, 16, 23, 42]
n = len(data)
mean = sum(data) / n
var = sum((x - mean) ** 2 for x in data) / n
print("n =", n)
print("mean =", mean)
print("var =", var)
print("std approx =", var ** 0.5)
evens = [x for x in data if x % 2 == 0]
print("evens:", evens, "count", len(evens))
prod = 1
for x in data:
    prod *= x
print("product:", prod)

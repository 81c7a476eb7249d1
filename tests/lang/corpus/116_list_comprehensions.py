# Checks: list comprehension forms: filter, nested, conditional expression.
print([x * x for x in range(6)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[i * j for j in range(3)] for i in range(3)])
print(["even" if n % 2 == 0 else "odd" for n in range(4)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([v for row in matrix for v in row])
print([row[i] for row in matrix for i in (0, 2)])
x = "outer"
print([x for x in "ab"], x)

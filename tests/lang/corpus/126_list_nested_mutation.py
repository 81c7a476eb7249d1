# Checks: aliasing of nested lists; the [[]] * n pitfall.
grid = [[0] * 3] * 2
grid[0][0] = 1
print(grid)
grid = [[0] * 3 for _ in range(2)]
grid[0][0] = 1
print(grid)
a = [1, 2]
b = [a, a]
a.append(3)
print(b)
c = list(b)
c[0] = "x"
print(b, c)

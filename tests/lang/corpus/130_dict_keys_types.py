# Checks: tuples, ints, None, bools and frozensets as dict keys.
d = {(0, 0): "origin", 1: "one", None: "nothing", frozenset({1}): "fs"}
print(d[(0, 0)], d[1], d[None], d[frozenset([1])])
d[True] = "true"
print(d[1], len(d))
grid = {}
for x in range(2):
    for y in range(2):
        grid[x, y] = x * 10 + y
print(grid)
print(grid[1, 0])

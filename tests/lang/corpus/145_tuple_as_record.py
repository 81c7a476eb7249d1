# Checks: tuples as records in lists, sorting and unpacking in loops.
points = [(3, 4), (-1, 2), (0, 0), (5, -5)]
for x, y in points:
    print(f"({x:>2}, {y:>2}) dist2={x * x + y * y}")
print(sorted(points, key=lambda p: p[0] ** 2 + p[1] ** 2))
print(max(points), min(points))
xs = [p[0] for p in points]
print(xs, sum(xs))

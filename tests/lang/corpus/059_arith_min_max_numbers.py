# Checks: min/max with mixed numbers and ties return the first.
print(max(3, 1, 2), min(3, 1, 2))
print(max([1.5, 2, 2.0]), min([2.0, 2, 1.5]))
print(max(1, 1.0), max(1.0, 1))
print(min(True, 1), min(1, True))
print(max(-0.0, 0.0), max(0.0, -0.0))
print(max(range(10)), min(range(3, 8)))
print(max(2 ** 70, 1e20))

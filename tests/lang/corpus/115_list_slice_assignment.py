# Checks: slice assignment, extended slice assignment and del on slices.
xs = list(range(8))
xs[2:4] = ["a", "b", "c"]
print(xs)
xs[1:1] = [100, 101]
print(xs)
xs[-2:] = []
print(xs)
ys = list(range(10))
ys[::2] = [0] * 5
print(ys)
del ys[1::3]
print(ys)
del ys[:2]
print(ys)
zs = [1, 2, 3]
zs[:] = "xy"
print(zs)

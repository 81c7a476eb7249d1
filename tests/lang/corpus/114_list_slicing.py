# Checks: list slicing reads with steps and negative indices.
xs = list(range(10))
print(xs[2:7], xs[:4], xs[6:], xs[-3:], xs[:-7])
print(xs[::3], xs[1::4], xs[::-1], xs[7:2:-2])
print(xs[-1:-4:-1], xs[100:], xs[5:1])
copy = xs[:]
copy[0] = 99
print(xs[0], copy[0])
print(xs[slice(1, 9, 3)])

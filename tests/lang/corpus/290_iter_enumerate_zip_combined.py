# Checks: enumerate over zip and unpacking nested tuples.
xs = [0.5, 1.5, 2.5]
ys = [10, 20, 30]
for i, (x, y) in enumerate(zip(xs, ys)):
    print(i, x * y)
table = list(zip(range(1, 4), "abc", [True, False, True]))
for n, ch, flag in table:
    if flag:
        print(n, ch)
print([i * x for i, x in enumerate(xs)])

# Checks: reversed(), slicing reversal and copies are independent.
xs = [1, [2, 3], 4]
r = list(reversed(xs))
print(r)
r[1].append(99)
print(xs)
shallow = xs.copy()
shallow[0] = "changed"
print(xs[0], shallow[0])
print(list(reversed(range(5))), list(reversed("abc")))
print(list(reversed((1, 2))))

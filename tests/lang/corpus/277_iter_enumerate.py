# Checks: enumerate with start values and unpacking.
names = ["conv", "pool", "dense"]
for i, n in enumerate(names):
    print(i, n)
for i, n in enumerate(names, start=1):
    print(i, n)
print(list(enumerate("ab", -2)))
e = enumerate([5, 6])
print(next(e), next(e))
print(dict(enumerate("xyz")))

# Checks: zip with unequal lengths, three iterables, and strict-free use.
a = [1, 2, 3]
b = "abcd"
print(list(zip(a, b)))
print(list(zip(a, b, (True, False))))
print(list(zip(range(10), range(0, 100, 10), "xyz")))
z = zip([1], [2])
print(next(z), next(z, None))
keys = ["lr", "momentum"]
vals = [0.1, 0.9]
for k, v in zip(keys, vals):
    print(f"{k}={v}")

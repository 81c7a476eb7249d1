# Checks: float repr round-trips through float().
samples = [0.1, 0.2, 0.3, 1.1, 2.675, 1/7, 22/7, 1e100, 3.0e-300, 123.456]
for s in samples:
    r = repr(s)
    back = float(r)
    print(r, back == s)
total = 0.0
for i in range(10):
    total += 0.1
print(total, total == 1.0)
print(sum([0.1] * 10))
print(0.1 * 3)
print(1.1 * 1.1)

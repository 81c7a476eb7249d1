# Checks: repr/str of ordinary floats.
values = [0.0, 1.0, -1.5, 3.14, 2.5e10, 1e3, 100.0, 123456.789, 0.5, 1/3, 2/3]
for v in values:
    print(repr(v), str(v))
print(1.0 * 3)
print(10 / 2)
print(7 / 2)
print(float(7))

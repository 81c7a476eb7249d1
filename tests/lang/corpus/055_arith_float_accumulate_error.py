# Checks: floating point rounding errors appear exactly as CPython shows them.
x = 0.0
steps = []
for i in range(7):
    x += 0.1
    steps.append(x)
print(steps)
print(1 - 0.9)
print(0.3 - 0.1)
print(1.1 + 2.2)
print(3.3 * 3)
print(100 * 1.1)
print(0.1 ** 2)

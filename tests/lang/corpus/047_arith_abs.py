# Checks: abs on ints, floats, bools and extremes.
print(abs(-5), abs(5), abs(0))
print(abs(-2.5), abs(-0.0))
print(abs(True), abs(False))
print(abs(-(2 ** 100)))
print(abs(float('-inf')))
print(abs(-9223372036854775808))
print(abs(-1e-300))

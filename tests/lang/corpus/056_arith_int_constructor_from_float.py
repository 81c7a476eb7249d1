# Checks: int() truncates toward zero; math on the result.
for v in [2.9, -2.9, 0.999, -0.5, 1e10, 123456789.987]:
    print(v, int(v))
print(int('7') + int(7.9))
print(int(True), int(False))
print(int(-7 / 2), -7 // 2)

# Checks: round uses banker's rounding and float representation.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5]:
    print(v, round(v))
print(round(2.675, 2))
print(round(1.005, 2))
print(round(3.14159, 3))
print(round(1234.5678, -2))
print(round(1250, -2), round(1350, -2))
print(round(7), round(-7.0), type(round(2.5)), type(round(2.5, 0)))
print(round(0.125, 2), round(0.375, 2))
print(round(15, -1), round(25, -1))

# Checks: floor division rounds toward negative infinity for ints and floats.
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (1, 5), (-1, 5)]
for a, b in pairs:
    print(f"{a} // {b} = {a // b}")
print(7.5 // 2, -7.5 // 2, 7 // 2.0, -7 // 2.0)
print(10 ** 20 // -3)
print(-(10 ** 20) // 7)

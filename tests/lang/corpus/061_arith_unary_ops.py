# Checks: unary +, -, ~ and not on different values.
for v in [0, 5, -5, 2.5, True, 2 ** 65]:
    print(repr(v), +v, -v)
print(~7, ~-8, ~(2 ** 65))
print(not 0, not 1, not -1)
print(- - - 1)

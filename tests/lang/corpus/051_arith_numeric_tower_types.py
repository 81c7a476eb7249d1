# Checks: result types of mixed numeric operations.
exprs = [1 + 1, 1 + 1.0, True + True, 7 // 2, 7.0 // 2, 7 % 2, 2 ** 2, 2 ** -2, 6 / 2, divmod(5, 2)]
for e in exprs:
    print(repr(e), type(e).__name__)
print(type(abs(-3)), type(abs(-3.0)))
print(type(round(3.7)), type(round(3.7, 1)))

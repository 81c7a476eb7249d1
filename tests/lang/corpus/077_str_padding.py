# Checks: zfill, center, ljust, rjust with fill characters.
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2))
print(repr("mid".center(9)), repr("mid".center(10, "*")))
print(repr("ab".center(5)), repr("abc".center(6)))
print(repr("left".ljust(8, ".")), repr("right".rjust(8, ".")))
print(repr("toolong".ljust(3)))
for name, score in [("ann", 9), ("bob", 10), ("christine", 7)]:
    print(name.ljust(10) + str(score).rjust(3))

# Checks: bool behaves as int in arithmetic.
flags = [True, False, True, True]
print(sum(flags))
print(True + 1, True * 10, True / 2)
print(True // 2, True % 2, -True)
print(True ** 5, False ** 0)
print(True & False, True | False, True ^ True)
print(type(True + True), type(True & True))
print(~True, ~False)
print(True == 1.0, hash(True) == hash(1))

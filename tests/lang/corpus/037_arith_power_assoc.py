# Checks: ** is right-associative and binds tighter than unary minus.
print(2 ** 3 ** 2)
print((2 ** 3) ** 2)
print(-2 ** 2)
print(-2 ** -1)
print(2 ** -2 ** 2)
x = 3
print(-x ** 2, (-x) ** 2)
print(2 * 3 ** 2)

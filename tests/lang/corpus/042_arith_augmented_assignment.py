# Checks: augmented assignment operators on numbers.
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 4
print(x)
x //= 5
print(x)
x %= 4
print(x)
x **= 3
print(x)
x /= 2
print(x)
y = 6
y <<= 2; print(y)
y >>= 1; print(y)
y &= 7; print(y)
y |= 8; print(y)
y ^= 3; print(y)

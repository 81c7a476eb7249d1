# Checks: ints beyond 64 bits are promoted to arbitrary precision like CPython.
big = 9223372036854775807
print(big)
print(big + 1)
print(-big - 2)
print(2 ** 64)
print(2 ** 100)
print(-(2 ** 70))
print(10 ** 30 // 7)
print(10 ** 30 % 7)
print((2 ** 64) * (2 ** 64))
print(18446744073709551615 + 1)
print(type(2 ** 100))

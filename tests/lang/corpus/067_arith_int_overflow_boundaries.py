# Checks: behaviour exactly at the 64-bit boundaries.
MAX = 2 ** 63 - 1
MIN = -2 ** 63
print(MAX, MIN)
print(MAX + 1, MIN - 1)
print(MIN // -1)
print(MIN * -1)
print(abs(MIN))
print(-MIN)
print(MAX * MAX // MAX == MAX)
print(MIN % 7, MIN // 7)
print(MAX << 1, MIN >> 1)
print(MIN % -1, MAX % MAX)

# Checks: big int division, modulo and pow stay exact.
a = 123456789012345678901234567890
b = 987654321
print(a // b, a % b)
print(-a // b, -a % b)
print(a // -b, a % -b)
print(a * b)
print((a * b) // b == a)
print(pow(a, 2))
print(pow(2, 200, 10 ** 9 + 7))
print(a - a + 1)

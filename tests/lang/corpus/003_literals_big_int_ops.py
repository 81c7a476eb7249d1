# Checks: arithmetic that overflows 64 bits mid-computation.
def factorial(n):
    result = 1
    for i in range(2, n + 1):
        result *= i
    return result

for n in (10, 20, 21, 25, 30):
    print(n, factorial(n))
x = 9223372036854775807
print(x * x)
print(x * 2 - x)
print((x + 1) // 2)
print(-x * 3)
print(abs(-(2 ** 80)))
print(3 ** 40)
print(int('123456789012345678901234567890') + 1)

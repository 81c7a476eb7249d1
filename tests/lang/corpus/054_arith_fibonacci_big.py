# Checks: iterative Fibonacci grows past 64 bits exactly.
a, b = 0, 1
for i in range(100):
    a, b = b, a + b
    if i in (10, 50, 90, 91, 92, 93, 99):
        print(i + 1, a)
print(len(str(a)))

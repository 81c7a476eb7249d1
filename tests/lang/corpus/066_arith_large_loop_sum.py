# Checks: loop arithmetic remains exact over many iterations.
total = 0
for i in range(1, 10001):
    total += i * i
print(total)
print(total == 10000 * 10001 * 20001 // 6)
alt = 0
for i in range(1, 1001):
    alt += (-1) ** i * i
print(alt)
harmonic = 0.0
for i in range(1, 101):
    harmonic += 1 / i
print(harmonic)

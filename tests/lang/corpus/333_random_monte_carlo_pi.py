# Checks: seeded Monte Carlo estimate is reproducible.
import random
random.seed(2023)
inside = 0
n = 20000
for _ in range(n):
    x, y = random.random(), random.random()
    if x * x + y * y <= 1.0:
        inside += 1
print(inside, 4 * inside / n)

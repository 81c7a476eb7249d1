# Checks: uniform, sample and choices after seeding.
import random
random.seed(42)
print([random.uniform(0, 10) for _ in range(3)])
print(random.uniform(-1, 1))
print(random.sample(range(100), 5))
print(random.sample(["w", "x", "y", "z"], 2))
print(random.choices([1, 2, 3], k=5))

# Checks: randint and randrange sequences after seeding.
import random
random.seed(42)
print([random.randint(1, 10) for _ in range(10)])
print([random.randint(0, 1000000) for _ in range(3)])
random.seed(7)
print([random.randrange(10) for _ in range(8)])
print([random.randrange(5, 50, 5) for _ in range(5)])
print(random.randint(-5, -1), random.randrange(2 ** 40))

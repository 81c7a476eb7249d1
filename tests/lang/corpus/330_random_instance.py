# Checks: random.Random instances with their own seeds are independent.
import random
r1 = random.Random(42)
r2 = random.Random(42)
print(r1.random() == r2.random())
print(r1.randint(1, 6), r2.randint(1, 6))
r3 = random.Random(2024)
print([r3.randint(0, 9) for _ in range(10)])
random.seed(42)
print(random.random() == random.Random(42).random())

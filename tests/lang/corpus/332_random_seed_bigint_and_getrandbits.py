# Checks: seeding with large ints and getrandbits.
import random
random.seed(2 ** 100 + 7)
print(random.random())
random.seed(-5)
print(random.random())
random.seed(99)
print(random.getrandbits(8), random.getrandbits(32), random.getrandbits(70))

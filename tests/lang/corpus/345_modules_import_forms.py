# Checks: import statements: multiple modules, aliases, and module attributes.
import math, random
import sys as system
from random import seed, randint
seed(5)
print(randint(1, 100), random.randint(1, 100))
print(math.floor(2.5), system.maxsize > 0)
print(type(math).__name__, math.__name__, random.__name__)
import math
print(math.sqrt(49))

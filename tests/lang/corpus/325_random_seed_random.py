# Checks: random.seed(42) then random.random() gives CPython's exact MT19937 values.
import random
random.seed(42)
print([random.random() for _ in range(5)])
random.seed(42)
print(random.random())
random.seed(0)
print(random.random(), random.random())
random.seed(12345)
print(random.random())

# Checks: gauss/normalvariate and getstate/setstate reproduce sequences.
import random
random.seed(1)
print(random.gauss(0, 1), random.gauss(0, 1))
random.seed(1)
print(random.normalvariate(0, 1))
state = random.getstate()
a = [random.random() for _ in range(3)]
random.setstate(state)
b = [random.random() for _ in range(3)]
print(a == b, a)

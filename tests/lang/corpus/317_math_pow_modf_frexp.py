# Checks: math.pow vs **, modf, frexp/ldexp.
import math
print(math.pow(2, 10), 2 ** 10, math.pow(2, 0.5), math.pow(-8, 3))
print(math.modf(3.75), math.modf(-2.5))
print(math.frexp(8.0), math.ldexp(0.5, 4))
print(math.remainder(10, 3), math.remainder(11, 3))
print(math.dist([0, 0], [3, 4]))

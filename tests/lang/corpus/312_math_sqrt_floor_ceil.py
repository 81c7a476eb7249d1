# Checks: sqrt, floor, ceil, trunc and their return types.
import math
print(math.sqrt(16), math.sqrt(2), math.sqrt(0.25), math.sqrt(10 ** 20))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1))
print(math.floor(5), math.ceil(5.0), type(math.floor(2.5)).__name__)
print(math.trunc(-3.9), math.trunc(3.9))
print(math.floor(1e20), math.ceil(-1e20))
print(math.isqrt(17), math.isqrt(10 ** 30))

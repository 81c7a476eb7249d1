# Checks: log, log2, log10, log with base, exp, expm1, log1p.
import math
print(math.log(1), math.log(math.e), math.log(100, 10), math.log(8, 2))
print(math.log2(1024), math.log10(1000), math.log10(2))
print(math.exp(0), math.exp(1), math.exp(-1), math.exp(2.5))
print(math.log(2 ** 100), math.log(10))
print(math.log1p(1e-10), math.expm1(1e-10))
print(round(math.exp(math.log(7)), 12))

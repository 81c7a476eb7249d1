# Checks: integer functions gcd, lcm, factorial, comb, perm, prod, fsum.
import math
print(math.gcd(48, 180), math.gcd(0, 5), math.gcd(-12, 18), math.gcd(7, 21))
print(math.lcm(4, 6), math.lcm(3, 5, 7))
print(math.factorial(0), math.factorial(10), math.factorial(30))
print(math.comb(10, 3), math.perm(5, 2), math.comb(50, 25))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod(range(1, 21)))
print(math.fsum([0.1] * 10), sum([0.1] * 10))

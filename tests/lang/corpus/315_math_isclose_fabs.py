# Checks: isclose with tolerances, fabs, copysign, fmod.
import math
print(math.isclose(0.1 + 0.2, 0.3), 0.1 + 0.2 == 0.3)
print(math.isclose(1.0, 1.001), math.isclose(1.0, 1.001, rel_tol=1e-2))
print(math.isclose(0.0, 1e-10), math.isclose(0.0, 1e-10, abs_tol=1e-9))
print(math.fabs(-3), math.fabs(2.5), type(math.fabs(-3)).__name__)
print(math.copysign(3, -0.0), math.copysign(-2.0, 1))
print(math.fmod(7, -3), 7 % -3, math.fmod(-7.5, 2))

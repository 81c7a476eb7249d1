# Checks: math functions with inf/nan inputs.
import math
print(math.sqrt(math.inf), math.exp(-math.inf), math.log(math.inf))
print(math.isnan(math.inf - math.inf), math.isnan(math.nan * 0))
print(math.floor(-0.5), math.ceil(-0.5))
print(math.copysign(1.0, -math.inf))
print(max(3, math.inf), min(-math.inf, -1e308))
print(math.fabs(-math.inf), math.isinf(-math.inf))

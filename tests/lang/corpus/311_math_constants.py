# Checks: math constants pi, e, tau, inf, nan.
import math
print(math.pi, math.e, math.tau)
print(math.inf, -math.inf, math.nan)
print(math.isinf(math.inf), math.isnan(math.nan), math.isfinite(1.0), math.isfinite(math.inf))
print(math.pi * 2 == math.tau)
print(f"{math.pi:.10f} {math.e:.3e}")
print(type(math.pi).__name__)

# Checks: trigonometric functions and degree/radian conversions.
import math
print(math.sin(0), math.cos(0), math.tan(0))
print(math.sin(math.pi / 2), math.cos(math.pi), math.sin(math.pi))
print(math.atan2(1, 1), math.atan(1) * 4, math.asin(1), math.acos(0))
print(math.degrees(math.pi), math.radians(180), math.degrees(1))
print(math.hypot(3, 4), math.hypot(1, 1))
print(math.tanh(0.5), math.sinh(1), math.cosh(1))

# Checks: OverflowError and ValueError from math and float conversions.
import math
tries = [lambda: math.pow(10.0, 400), lambda: math.exp(1000), lambda: int(float("inf")),
         lambda: math.sqrt(-1), lambda: math.log(0), lambda: int(float("nan")),
         lambda: float(10 ** 400)]
for t in tries:
    try:
        t()
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)

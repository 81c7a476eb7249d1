# Checks: Newton's method square root compared with math.sqrt.
import math
def newton_sqrt(x, tol=1e-12):
    guess = x / 2 or 1.0
    steps = 0
    while abs(guess * guess - x) > tol * max(1.0, x):
        guess = (guess + x / guess) / 2
        steps += 1
    return guess, steps
for x in [2, 10, 144, 0.5]:
    approx, steps = newton_sqrt(x)
    print(x, f"{approx:.12f}", steps, math.isclose(approx, math.sqrt(x)))

# Checks: unary minus on literals and formatting of negatives.
x = -5
print(-x, - -x, +x)
print(-0, -0.0, +-3)
print(-2 ** 2, (-2) ** 2)
print(-(-(-1)))
print(-1.5e-3)
print([-1, -2.0, -3e50])
print(~5, ~-1, ~0)

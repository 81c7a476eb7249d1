# Error case: missing 1 required positional argument.
def scale(x, factor):
    return x * factor
print(scale(2, 3))
scale(2)

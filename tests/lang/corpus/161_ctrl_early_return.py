# Checks: return inside loops and nested conditionals.
def first_negative(values):
    for i, v in enumerate(values):
        if v < 0:
            return i, v
    return None
print(first_negative([3, 0, -2, -5]))
print(first_negative([1, 2]))
def check(x):
    while True:
        if x > 100:
            return "big"
        x *= 3
print(check(5), check(200))

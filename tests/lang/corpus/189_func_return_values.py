# Checks: implicit None return, multiple returns, early exits.
def nothing():
    pass
def explicit_none():
    return
def many():
    return 1, "two", [3]
print(nothing(), explicit_none())
a, b, c = many()
print(a, b, c)
print(many())
def sign(x):
    if x > 0:
        return 1
    if x < 0:
        return -1
print(sign(5), sign(-5), sign(0))

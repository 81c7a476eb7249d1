# Checks: closures capture variables from enclosing scopes.
def make_multiplier(factor):
    def multiply(x):
        return x * factor
    return multiply
double = make_multiplier(2)
triple = make_multiplier(3)
print(double(5), triple(5), double(triple(2)))
def counter():
    counts = [0]
    def inc():
        counts[0] += 1
        return counts[0]
    return inc
c1 = counter()
c2 = counter()
print(c1(), c1(), c1(), c2())

# Checks: late binding of loop variables in closures, and default-arg capture.
late = [lambda: i for i in range(3)]
print([f() for f in late])
early = [lambda i=i: i for i in range(3)]
print([f() for f in early])
def make_adders():
    result = []
    for n in (1, 2, 3):
        def add(x, n=n):
            return x + n
        result.append(add)
    return result
print([f(10) for f in make_adders()])

# Checks: positional-only parameters with /.
def divide(a, b, /):
    return a / b
print(divide(9, 3))
def clamp(value, /, lo=0, hi=10):
    return max(lo, min(hi, value))
print(clamp(15), clamp(-2), clamp(5, hi=4), clamp(5, 6))
def f(a, /, b, *, c):
    return (a, b, c)
print(f(1, 2, c=3), f(1, b=2, c=3))
def g(x, /, **kw):
    return x, kw
print(g(1, x=2))

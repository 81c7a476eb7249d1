# Checks: default values are evaluated once at definition time.
calls = []
def make_default():
    calls.append("made")
    return len(calls)
def f(x=make_default()):
    return x
print(f(), f(), f(7))
print(calls)
n = 5
def g(v=n):
    return v
n = 6
print(g())

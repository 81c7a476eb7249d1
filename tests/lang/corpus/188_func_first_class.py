# Checks: functions as values: stored, passed, returned, compared.
def inc(x):
    return x + 1
def dec(x):
    return x - 1
def apply_all(funcs, value):
    return [f(value) for f in funcs]
print(apply_all([inc, dec, inc], 10))
table = {"+": inc, "-": dec}
print(table["+"](1), table["-"](1))
f = inc
print(f is inc, f(f(f(0))))
print(inc.__name__, type(inc).__name__)
print(callable(inc), callable(3))

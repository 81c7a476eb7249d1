# Checks: argument binding with mixed positional/keyword and defaults.
def describe(a, b=2, *args, c, d=4, **kw):
    return f"a={a} b={b} args={args} c={c} d={d} kw={kw}"
print(describe(1, c=3))
print(describe(1, 5, 6, 7, c=3, e=8))
print(describe(c=0, a=9))
print(describe(*(1, 2, 3), **{"c": 3, "d": 5, "z": 6}))

# Checks: LEGB lookup order and shadowing of builtins.
x = "global"
def f():
    x = "local"
    def g():
        return x
    return g()
print(f(), x)
def uses_len(seq):
    len = 99
    return len
print(uses_len([1, 2]), len([1, 2]))
def h():
    return x
print(h())
y = 1
def k():
    return y + 1
y = 10
print(k())

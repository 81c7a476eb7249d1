# Error case: calling a function with too many positional arguments.
def f(x):
    return x * 2
print(f(1))
f(1, 2)

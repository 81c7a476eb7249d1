# Checks: next() raising StopIteration and the default argument.
it = iter([1, 2])
print(next(it), next(it))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", repr(e))
print(next(it, "default"))
print(next(iter([]), None))

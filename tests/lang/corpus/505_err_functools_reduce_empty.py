# functools.reduce of an empty iterable without an initial value: TypeError.
from functools import reduce

print(reduce(lambda a, b: a + b, [1, 2], 0))


def total(items):
    return reduce(lambda a, b: a + b, items)


print(total([1, 2, 3]))
print(total(x for x in []))

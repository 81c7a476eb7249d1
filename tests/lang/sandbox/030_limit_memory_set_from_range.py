# Limit: a set or dict growing from a huge iterable hits the memory cap before its table grows.
# expect: MemoryError
# timeout: 120
try:
    set(range(10 ** 12))
except MemoryError:
    print("caught set")
try:
    dict.fromkeys(range(10 ** 12))
except MemoryError:
    print("caught dict")
s = {x for x in range(10 ** 12)}

# Limit: list(), tuple(), sorted(), [*...] and unpacking of a huge iterable count against the
# memory cap as the items are collected (they used to grow until the allocator aborted).
# expect: MemoryError
# timeout: 120
for make in (list, tuple, sorted, lambda r: [*r], lambda r: list(map(abs, r))):
    try:
        make(range(10 ** 10))
    except MemoryError:
        print("caught")
a, *b = range(10 ** 10)

# feature: generators
# Checks: yield from delegation and flattening nested structures.
def flatten(items):
    for item in items:
        if isinstance(item, list):
            yield from flatten(item)
        else:
            yield item
print(list(flatten([1, [2, [3, 4]], [], [[5]], 6])))
def chain(*iterables):
    for it in iterables:
        yield from it
print(list(chain("ab", range(2), [None])))
def inner():
    yield 1
    return "inner result"
def outer():
    result = yield from inner()
    yield result
print(list(outer()))

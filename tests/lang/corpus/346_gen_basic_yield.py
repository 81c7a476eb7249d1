# feature: generators
# Checks: a generator function yields values lazily, then raises StopIteration.
def countdown(n):
    print("starting")
    while n > 0:
        yield n
        n -= 1
    print("finished")
g = countdown(3)
print(type(g).__name__)
print(next(g))
print(list(g))
print(next(g, "exhausted"))

# Error case: StopIteration escaping from next() at module level.
it = iter([1])
print(next(it))
print("iterator created")
next(it)

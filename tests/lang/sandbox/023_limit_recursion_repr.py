# Limit: repr of a 100000-deep nested list hits the recursion limit, not a native crash.
# expect: RecursionError: maximum recursion depth exceeded
nested = []
for _ in range(100000):
    nested = [nested]
print("built")
print(repr(nested))

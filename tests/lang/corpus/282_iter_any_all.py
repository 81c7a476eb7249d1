# Checks: any/all short-circuit and work on empty iterables.
print(any([]), all([]))
print(any([0, "", None]), all([1, "a", [0]]))
print(any(x > 5 for x in range(10)), all(x < 5 for x in range(10)))
seen = []
def check(x):
    seen.append(x)
    return x > 2
print(any(check(x) for x in range(10)), seen)
seen.clear()
print(all(check(x) for x in [5, 6, 1, 7]), seen)

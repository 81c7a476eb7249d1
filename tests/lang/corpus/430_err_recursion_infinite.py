# Error case: RecursionError maximum recursion depth exceeded.
def descend(n):
    return descend(n + 1) + 1
print("starting descent")
descend(0)

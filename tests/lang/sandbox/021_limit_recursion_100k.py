# Limit: 100000-deep recursion raises RecursionError without overflowing the native stack.
# expect: RecursionError: maximum recursion depth exceeded
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
print("recursing")
print(depth(100000))

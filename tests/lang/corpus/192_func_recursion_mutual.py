# Checks: mutually recursive functions defined at module level.
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print([is_even(n) for n in range(6)])
print(is_odd(99))
def flatten(x):
    if isinstance(x, list):
        return [y for item in x for y in flatten(item)]
    return [x]
print(flatten([1, [2, [3, [4, [5]]]], 6]))

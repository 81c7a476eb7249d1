# Checks: *args collects extra positional arguments as a tuple.
def total(*args):
    print(type(args).__name__, args)
    return sum(args)
print(total())
print(total(1, 2, 3))
def head_tail(first, *rest):
    return first, rest
print(head_tail(1), head_tail(1, 2, 3))
nums = [4, 5, 6]
print(total(*nums), total(*nums, 7, *range(2)))

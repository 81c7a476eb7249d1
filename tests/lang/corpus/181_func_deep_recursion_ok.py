# Checks: recursion a few hundred frames deep works within the default limit.
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
print(depth(900))
def sum_list(xs):
    return 0 if not xs else xs[0] + sum_list(xs[1:])
print(sum_list(list(range(300))))

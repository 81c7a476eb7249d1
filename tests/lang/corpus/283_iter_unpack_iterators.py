# Checks: unpacking from iterators and consuming them partially.
it = iter(range(6))
a, b = next(it), next(it)
c, *rest = it
print(a, b, c, rest)
first, second = map(int, "12")
print(first + second)
x, y, z = "xyz"
print(z, y, x)
pairs = [(1, "a"), (2, "b")]
nums, chars = map(list, zip(*pairs))
print(nums, chars)

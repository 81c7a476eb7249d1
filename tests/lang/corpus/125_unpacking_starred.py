# Checks: starred assignment targets and starred expressions in displays.
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
a, *mid, b = (1, 2)
print(a, mid, b)
head, *_, tail = range(10)
print(head, tail)
nums = [1, 2]
print([*nums, *"xy", 3])
print((*nums,))
print({*nums, 5})
print({**{"a": 1}, "b": 2})
print(*nums, sep="-")

# Checks: list operators: +, *, ==, <, in, +=, *=.
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
a = a + [4]
print(a, b)
c = [0] * 3
c *= 2
print(c)
print([1, 2] == [1, 2], [1, 2] != [2, 1], [1, 2] < [1, 2, 0])
print([] + [], [[]] * 2)
x = [1, 2]
x += "ab"
print(x)

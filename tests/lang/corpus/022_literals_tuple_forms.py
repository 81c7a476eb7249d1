# Checks: tuple literal forms and their display.
a = 1, 2, 3
b = (4,)
c = 5,
d = ()
print(a, b, c, d)
print(type(a), type(d))
print((1, 2) + (3,))
print((0,) * 3)
nested = ((1, 2), (3, (4, 5)))
print(nested, nested[1][1][0])
print(tuple('ab'), tuple([1, 2]))
print(len(a), 2 in a)

# Checks: equality and hashing consistency between int, float and bool.
print(1 == 1.0, 0 == False, 1 == True)
print({1: 'int'}.get(1.0))
print({1.0: 'float'}[1])
print(2 ** 53 == 2.0 ** 53)
print(2 ** 53 + 1 == 2.0 ** 53 + 1)
print(10 ** 20 == 1e20)
print(float(10 ** 20) == 1e20)
print(0.5 == 1 / 2)
d = {}
d[1] = 'a'
d[1.0] = 'b'
d[True] = 'c'
print(d)

# Checks: truthiness of numbers in if/while conditions.
for v in [0, 1, -1, 0.0, 0.1, -0.0, 2 ** 100]:
    if v:
        print(repr(v), 'truthy')
    else:
        print(repr(v), 'falsy')
n = 5
while n:
    n -= 2 if n > 1 else 1
    print('n', n)

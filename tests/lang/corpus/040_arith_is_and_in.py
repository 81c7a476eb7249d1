# Checks: is / is not / in / not in operators.
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c)
print(a is not c)
print(None is None)
print(2 in a, 3 not in a)
print('ell' in 'hello', 'z' in 'hello')
print('' in 'abc')
print(1 in {1: 'x'}, 'x' in {1: 'x'})
print(3 in range(5), 5 in range(5), 4 in range(0, 10, 2))
print((1, 2) in [(1, 2), (3, 4)])
print(1.0 in [1, 2])

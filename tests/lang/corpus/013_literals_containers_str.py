# Checks: str/repr of nested containers.
data = [1, 'two', 3.0, [4, (5, 6)], {'k': [7, 8]}, None, True]
print(data)
print(str(data) == repr(data))
print((1,))
print(())
print([])
print({})
print(set())
print({'a': 1, 'b': {'c': (2, 3)}})
print([[], [[]], [[[]]]])
print((1, [2, (3, {4: 'four'})]))
print({1: 'one', 2.5: 'two and a half', (1, 2): 'tuple', None: 'none'})

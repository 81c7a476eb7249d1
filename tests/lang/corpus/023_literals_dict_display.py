# Checks: dict literal display preserves insertion order and key types.
d = {'zeta': 1, 'alpha': 2, 'mid': 3}
print(d)
d['beta'] = 4
print(d)
d['zeta'] = 10
print(d)
del d['alpha']
print(d)
d['alpha'] = 0
print(d)
print({1: 'a', True: 'b'})
print({2: 'x', 2.0: 'y'})
print(dict(a=1, b=2))
print(list(d), list(d.values()), list(d.items()))

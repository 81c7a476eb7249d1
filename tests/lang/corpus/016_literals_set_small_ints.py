# Checks: set repr for small ints (deterministic order) and frozenset.
s = {3, 1, 2}
print(s)
print({0, 5, 7, 2})
print(set([4, 4, 1, 1]))
print(frozenset({1, 2}))
print(frozenset())
print(sorted({'pear', 'apple', 'fig'}))
print(len({1, 1.0, True}))
print({1, 2} == {2, 1})

# itertools: groupby (lazy groups sharing the input), tee, zip_longest and the combinatoric
# iterators product, permutations, combinations, combinations_with_replacement.
from itertools import *

print([(k, list(g)) for k, g in groupby("aaabbcaa")])
print([(k, list(g)) for k, g in groupby([1, 2, 4, 5, 7], key=lambda x: x // 3)])
groups = [(k, g) for k, g in groupby("aabb")]
print([(k, list(g)) for k, g in groups])
g = groupby("aaab")
k, grp = next(g)
print(k, next(grp))
k2, grp2 = next(g)
print(k2, list(grp), list(grp2), list(g))
a, b = tee(iter([1, 2, 3]))
print(next(a), list(b), list(a), len(tee("x", 3)), tee("x", 0))
print(list(zip_longest("ab", "xyz", fillvalue="-")), list(zip_longest()), list(zip_longest([1], [])))
print(list(product("ab", range(2))), list(product([1, 2], repeat=2)), list(product()), list(product("a", "")))
print(list(permutations("abc", 2)), len(list(permutations(range(4)))), list(permutations("ab", 3)))
print(list(permutations([1, 2, 3]))[:3], list(permutations("a", 0)))
print(list(combinations("abcd", 2)), list(combinations(range(4), 3)), list(combinations("ab", 3)))
print(list(combinations("abc", 0)), len(list(combinations(range(10), 4))))
print(list(combinations_with_replacement("abc", 2)), list(combinations_with_replacement("", 0)))
print(list(combinations_with_replacement("", 1)), len(list(combinations_with_replacement(range(5), 3))))

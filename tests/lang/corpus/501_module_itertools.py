# itertools: the infinite iterators (count, cycle, repeat and their reprs), accumulate, chain,
# compress, dropwhile / takewhile / filterfalse, starmap, pairwise and islice.
import operator
from itertools import *

print(list(islice(count(5, 2), 4)), repr(count(3)), repr(count(1, 0.5)), list(islice(count(0.5), 2)))
c = count()
next(c)
print(repr(c), list(islice(cycle("ab"), 5)), list(repeat(7, 3)), repr(repeat("x", 2)), repr(repeat(1)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], operator.mul, initial=10)), list(accumulate([])))
print(list(accumulate([3, 1, 4], max)), list(accumulate([], initial=0)))
print(list(chain("ab", [1, 2])), list(chain.from_iterable(["xy", "z"])), list(compress("abcdef", [1, 0, 1, 0, 1, 1])))
print(list(dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(takewhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(filterfalse(None, [0, 1, "", "a"])), list(filterfalse(lambda x: x % 2, range(6))))
print(list(pairwise("abcd")), list(pairwise("a")), list(starmap(pow, [(2, 5), (3, 2)])))
print(list(islice("abcdefg", 2)), list(islice("abcdefg", 2, 4)), list(islice("abcdefg", 2, None)))
print(list(islice("abcdefg", 0, None, 3)), list(islice("abc", None)), list(islice(range(10), 1, 8, 3)))
src = iter(range(10))
print(list(islice(src, 0, 5, 2)), next(src))
src = iter(range(10))
print(list(islice(src, 0, 6, 2)), next(src))
print(type(chain()).__name__, isinstance(chain(), chain), iter(c) is c)
ch = chain([1], [2])
print(next(ch), list(ch), list(ch))

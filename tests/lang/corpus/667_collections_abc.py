# collections.abc: builtins registered, classes recognised by their methods, mixin methods of
# Sequence and MutableMapping, abstract methods refusing instantiation.
from collections.abc import (Iterable, Iterator, Sized, Container, Callable, Sequence, MutableSequence, Mapping,
                             MutableMapping, Set, Hashable, Collection)
import collections.abc
print([isinstance(x, Iterable) for x in ([], (), {}, "s", 3, set(), range(2))])
print(isinstance([], Sequence), isinstance((), MutableSequence), isinstance({}, Mapping), isinstance({}, MutableMapping))
print(isinstance(frozenset(), Set), isinstance(len, Callable), isinstance(3, Callable), isinstance(3, Hashable))
class It:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration
print(isinstance(It(), Iterator), issubclass(It, Iterable), issubclass(It, Sized))
class Bag:
    def __len__(self):
        return 2
    def __contains__(self, x):
        return True
    def __iter__(self):
        return iter([1, 2])
print(isinstance(Bag(), Sized), isinstance(Bag(), Container), isinstance(Bag(), Collection))
class MySeq(Sequence):
    def __init__(self, *items):
        self._items = list(items)
    def __getitem__(self, i):
        return self._items[i]
    def __len__(self):
        return len(self._items)
s = MySeq(3, 1, 3)
print(list(s), 3 in s, s.index(1), s.count(3), list(reversed(s)), isinstance(s, Iterable))
class Store(MutableMapping):
    def __init__(self):
        self._d = {}
    def __getitem__(self, k):
        return self._d[k]
    def __setitem__(self, k, v):
        self._d[k] = v
    def __delitem__(self, k):
        del self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
st = Store()
st.update(a=1, b=2)
st.setdefault("c", 3)
print(sorted(st.items()), st.get("z", 0), st.pop("a"), len(st), "b" in st, st == {"b": 2, "c": 3})
class Half(Mapping):
    def __len__(self):
        return 0
try:
    Half()
except TypeError as e:
    print("TypeError", e)
print(collections.abc.Mapping.__name__, collections.abc.Sequence.__module__)

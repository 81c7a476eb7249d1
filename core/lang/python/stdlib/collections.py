# The `collections` module: namedtuple is native (`_collections`, core/lang/module_collections.cpp);
# OrderedDict, defaultdict and Counter (dict subclasses), deque and ChainMap are written here with
# CPython 3.11's behaviour and reprs. GraphLens's dicts keep insertion order, so OrderedDict adds
# only its order-aware methods and comparisons; deque is a list with an optional maxlen.
from _collections import namedtuple
import collections.abc as abc

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList', 'UserString', 'defaultdict', 'deque',
           'namedtuple']


def _repr_guard(fn):
    # the reprs of self-containing containers show '...' as CPython's reprlib.recursive_repr
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            return fn(self)
        finally:
            running.discard(key)

    wrapper.__name__ = fn.__name__
    return wrapper


def _plain(d):
    # the items as a plain dict: compared and printed by dict's own code, not the subclass's
    return dict(d.items())


class OrderedDict(dict):
    """Dictionary that remembers insertion order."""

    def __init__(self, other=(), /, **kwds):
        self.update(other, **kwds)

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(self.items())
        dict.clear(self)
        dict.__setitem__(self, key, value)
        dict.update(self, rest)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        key = list(self)[-1] if last else next(iter(self))
        return key, dict.pop(self, key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return _plain(self) == _plain(other) and list(self) == list(other)
        if isinstance(other, dict):
            return _plain(self) == _plain(other)
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None

    @_repr_guard
    def __repr__(self):
        if not self:
            return '%s()' % (type(self).__name__,)
        return '%s(%r)' % (type(self).__name__, list(self.items()))

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    def __reduce__(self):
        return type(self), (), (vars(self) or None), None, iter(self.items())

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for k in iterable:
            d[k] = value
        return d

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


class defaultdict(dict):
    """dict subclass that calls a factory function to supply missing values."""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    @_repr_guard
    def __repr__(self):
        return '%s(%r, %r)' % (type(self).__name__, self.default_factory, _plain(self))

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return type(self), (self.default_factory,), None, None, iter(self.items())

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new


class Counter(dict):
    """Dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count if isinstance(count, int) else 0):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, abc.Mapping):
                if self:
                    self_get = self.get
                    for elem, count in iterable.items():
                        self[elem] = count + self_get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                self_get = self.get
                for elem in iterable:
                    self[elem] = self_get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            self_get = self.get
            if isinstance(iterable, abc.Mapping):
                for elem, count in iterable.items():
                    self[elem] = self_get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self_get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    def __reduce__(self):
        return type(self), (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            super().__delitem__(elem)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    __hash__ = None

    @_repr_guard
    def __repr__(self):
        if not self:
            return '%s()' % type(self).__name__
        try:
            d = dict(self.most_common())
        except TypeError:
            d = _plain(self)
        return '%s(%r)' % (type(self).__name__, d)

    def _keep(self, pairs):
        result = Counter()
        for elem, count in pairs:
            if count > 0:
                result[elem] = count
        return result

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, c + other[e]) for e, c in self.items()] +
                          [(e, c) for e, c in other.items() if e not in self])

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, c - other[e]) for e, c in self.items()] +
                          [(e, 0 - c) for e, c in other.items() if e not in self])

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, max(c, other[e])) for e, c in self.items()] +
                          [(e, c) for e, c in other.items() if e not in self])

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, min(c, other[e])) for e, c in self.items()])

    def __pos__(self):
        return self._keep(list(self.items()))

    def __neg__(self):
        return self._keep([(e, 0 - c) for e, c in self.items()])


class deque:
    """Double-ended queue with an optional maxlen (items fall off the other end)."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._items = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def append(self, x):
        self._items.append(x)
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[0]

    def appendleft(self, x):
        self._items.insert(0, x)
        if self._maxlen is not None and len(self._items) > self._maxlen:
            self._items.pop()

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def pop(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop(0)

    def clear(self):
        self._items.clear()

    def copy(self):
        return deque(self._items, self._maxlen)

    __copy__ = copy

    def count(self, x):
        return self._items.count(x)

    def index(self, x, start=0, stop=None):
        try:
            return self._items.index(x, start, len(self._items) if stop is None else stop)
        except ValueError:
            raise ValueError('%r is not in deque' % (x,)) from None

    def insert(self, i, x):
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        self._items.insert(i, x)

    def remove(self, value):
        try:
            self._items.remove(value)
        except ValueError:
            raise ValueError('%r is not in deque' % (value,)) from None

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        if self._items:
            n %= len(self._items)
            if n:
                self._items[:] = self._items[-n:] + self._items[:-n]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return bool(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return reversed(list(self._items))

    def __contains__(self, x):
        return x in self._items

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError('sequence index must be integer, not %r' % type(i).__name__)
        n = len(self._items)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('deque index out of range')
        return i

    def __getitem__(self, i):
        return self._items[self._index(i)]

    def __setitem__(self, i, x):
        self._items[self._index(i)] = x

    def __delitem__(self, i):
        del self._items[self._index(i)]

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items < other._items

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items <= other._items

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items > other._items

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items >= other._items

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' % type(other).__name__)
        return deque(self._items + other._items, self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return deque(self._items * n, self._maxlen)

    @_repr_guard
    def __repr__(self):
        if self._maxlen is None:
            return 'deque(%r)' % (self._items,)
        return 'deque(%r, maxlen=%d)' % (self._items, self._maxlen)


class ChainMap(abc.MutableMapping):
    """Several mappings seen as one: lookups search them in order, writes go to the first."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    @_repr_guard
    def __repr__(self):
        return '%s(%s)' % (type(self).__name__, ', '.join(map(repr, self.maps)))

    def copy(self):
        return type(self)(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,)) from None

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.') from None

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,)) from None

    def clear(self):
        self.maps[0].clear()


class UserDict(abc.MutableMapping):
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(type(self), '__missing__'):
            return type(self).__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    def copy(self):
        return type(self)(self.data)


class UserList(abc.MutableSequence):
    def __init__(self, initlist=None):
        self.data = [] if initlist is None else list(initlist)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.__class__(self.data[i]) if isinstance(i, slice) else self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def insert(self, i, item):
        self.data.insert(i, item)

    def __eq__(self, other):
        return self.data == (other.data if isinstance(other, UserList) else other)

    def __repr__(self):
        return repr(self.data)


class UserString:
    def __init__(self, seq):
        self.data = seq.data[:] if isinstance(seq, UserString) else str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __len__(self):
        return len(self.data)

    def __eq__(self, other):
        return self.data == (other.data if isinstance(other, UserString) else other)

    def __getattr__(self, name):
        return getattr(self.data, name)

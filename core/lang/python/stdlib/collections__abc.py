# The `collections.abc` module: the container ABCs, recognising classes by the methods they define
# (__subclasshook__) and the builtin containers by registration, written from the documented
# behaviour of CPython 3.11.
from abc import ABCMeta, abstractmethod

__all__ = ['Hashable', 'Iterable', 'Iterator', 'Reversible', 'Generator', 'Sized', 'Container', 'Callable',
           'Collection', 'Sequence', 'MutableSequence', 'Set', 'MutableSet', 'Mapping', 'MutableMapping',
           'MappingView', 'KeysView', 'ItemsView', 'ValuesView', 'ByteString', 'Awaitable', 'Coroutine',
           'AsyncIterable', 'AsyncIterator', 'AsyncGenerator']


def _defines(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _hook(*methods):
    def __subclasshook__(cls, C):
        if cls.__dict__.get('_abc_methods') == methods:
            return _defines(C, *methods)
        return NotImplemented
    return classmethod(__subclasshook__)


def _abc(name, bases, methods, abstract=()):
    ns = {'__module__': 'collections.abc', '__qualname__': name, '_abc_methods': methods,
          '__subclasshook__': _hook(*methods) if methods else classmethod(lambda cls, C: NotImplemented)}
    for m in abstract:
        def stub(self, *args):
            raise NotImplementedError
        stub.__isabstractmethod__ = True
        stub.__name__ = m
        ns[m] = stub
    return ABCMeta(name, bases, ns)


Hashable = _abc('Hashable', (), ('__hash__',), ('__hash__',))
Iterable = _abc('Iterable', (), ('__iter__',), ('__iter__',))
Iterator = _abc('Iterator', (Iterable,), ('__iter__', '__next__'), ('__next__',))
Reversible = _abc('Reversible', (Iterable,), ('__reversed__', '__iter__'), ('__reversed__',))
Generator = _abc('Generator', (Iterator,), ('__iter__', '__next__', 'send', 'throw', 'close'), ('send', 'throw'))
Sized = _abc('Sized', (), ('__len__',), ('__len__',))
Container = _abc('Container', (), ('__contains__',), ('__contains__',))
Callable = _abc('Callable', (), ('__call__',), ('__call__',))
Collection = _abc('Collection', (Sized, Iterable, Container), ('__len__', '__iter__', '__contains__'))
Sequence = _abc('Sequence', (Reversible, Collection), (), ('__getitem__', '__len__'))
MutableSequence = _abc('MutableSequence', (Sequence,), (), ('__setitem__', '__delitem__', 'insert'))
ByteString = _abc('ByteString', (Sequence,), ())
Set = _abc('Set', (Collection,), (), ('__contains__', '__iter__', '__len__'))
MutableSet = _abc('MutableSet', (Set,), (), ('add', 'discard'))
Mapping = _abc('Mapping', (Collection,), (), ('__getitem__', '__iter__', '__len__'))
MutableMapping = _abc('MutableMapping', (Mapping,), (), ('__setitem__', '__delitem__'))
MappingView = _abc('MappingView', (Sized,), ())
KeysView = _abc('KeysView', (MappingView, Set), ())
ItemsView = _abc('ItemsView', (MappingView, Set), ())
ValuesView = _abc('ValuesView', (MappingView, Collection), ())
Awaitable = _abc('Awaitable', (), ('__await__',), ('__await__',))
Coroutine = _abc('Coroutine', (Awaitable,), ('__await__', 'send', 'throw', 'close'))
AsyncIterable = _abc('AsyncIterable', (), ('__aiter__',), ('__aiter__',))
AsyncIterator = _abc('AsyncIterator', (AsyncIterable,), ('__aiter__', '__anext__'))
AsyncGenerator = _abc('AsyncGenerator', (AsyncIterator,), ('__aiter__', '__anext__', 'asend', 'athrow'))


def _mixin(cls, **methods):
    for k, v in methods.items():
        setattr(cls, k, v)


def _seq_contains(self, value):
    for v in self:
        if v is value or v == value:
            return True
    return False


def _seq_iter(self):
    i = 0
    try:
        while True:
            yield self[i]
            i += 1
    except IndexError:
        return


def _seq_reversed(self):
    for i in reversed(range(len(self))):
        yield self[i]


def _seq_index(self, value, start=0, stop=None):
    i = start
    while stop is None or i < stop:
        try:
            v = self[i]
        except IndexError:
            break
        if v is value or v == value:
            return i
        i += 1
    raise ValueError


def _seq_count(self, value):
    return sum(1 for v in self if v is value or v == value)


_mixin(Sequence, __contains__=_seq_contains, __iter__=_seq_iter, __reversed__=_seq_reversed, index=_seq_index,
       count=_seq_count)


def _map_get(self, key, default=None):
    try:
        return self[key]
    except KeyError:
        return default


def _map_contains(self, key):
    try:
        self[key]
    except KeyError:
        return False
    return True


def _map_keys(self):
    return list(self)


def _map_items(self):
    return [(k, self[k]) for k in self]


def _map_values(self):
    return [self[k] for k in self]


def _map_eq(self, other):
    if not isinstance(other, Mapping):
        return NotImplemented
    return dict(self.items()) == dict(other.items())


_mixin(Mapping, get=_map_get, __contains__=_map_contains, keys=_map_keys, items=_map_items, values=_map_values,
       __eq__=_map_eq)

_missing = object()


def _mm_pop(self, key, default=_missing):
    try:
        value = self[key]
    except KeyError:
        if default is _missing:
            raise
        return default
    del self[key]
    return value


def _mm_setdefault(self, key, default=None):
    try:
        return self[key]
    except KeyError:
        self[key] = default
    return default


def _mm_update(self, other=(), /, **kwds):
    if isinstance(other, Mapping) or hasattr(other, 'keys'):
        for key in other.keys():
            self[key] = other[key]
    else:
        for key, value in other:
            self[key] = value
    for key, value in kwds.items():
        self[key] = value


def _mm_clear(self):
    for key in list(self):
        del self[key]


def _mm_popitem(self):
    for key in self:
        value = self[key]
        del self[key]
        return key, value
    raise KeyError


_mixin(MutableMapping, pop=_mm_pop, setdefault=_mm_setdefault, update=_mm_update, clear=_mm_clear,
       popitem=_mm_popitem)


def _ms_append(self, value):
    self.insert(len(self), value)


def _ms_extend(self, values):
    for v in values:
        self.append(v)


def _ms_pop(self, index=-1):
    v = self[index]
    del self[index]
    return v


_mixin(MutableSequence, append=_ms_append, extend=_ms_extend, pop=_ms_pop)

for _t in (tuple, str, range, bytes):
    Sequence.register(_t)
for _t in (list, bytearray):
    MutableSequence.register(_t)
ByteString.register(bytes)
ByteString.register(bytearray)
Set.register(frozenset)
MutableSet.register(set)
MutableMapping.register(dict)
for _t in (int, float, bool, str, bytes, tuple, frozenset, type(None), type, range):
    Hashable.register(_t)
for _t in (type(len), type(_defines), type(Set.register), type(lambda: None)):
    Callable.register(_t)
del _t

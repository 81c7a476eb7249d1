# The `operator` module: Python's operators as functions, and itemgetter / attrgetter /
# methodcaller, written from the documented behaviour of CPython 3.11's operator.

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf',
           'delitem', 'eq', 'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand',
           'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod', 'imul',
           'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift',
           'is_', 'is_not', 'isub', 'itemgetter', 'itruediv', 'ixor', 'le',
           'length_hint', 'lshift', 'lt', 'matmul', 'methodcaller', 'mod',
           'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift',
           'setitem', 'sub', 'truediv', 'truth', 'xor']

_abs = abs


# Comparisons

def lt(a, b, /):
    return a < b


def le(a, b, /):
    return a <= b


def eq(a, b, /):
    return a == b


def ne(a, b, /):
    return a != b


def ge(a, b, /):
    return a >= b


def gt(a, b, /):
    return a > b


# Logical and identity

def not_(a, /):
    return not a


def truth(a, /):
    return True if a else False


def is_(a, b, /):
    return a is b


def is_not(a, b, /):
    return a is not b


# Arithmetic and bitwise

def abs(a, /):
    return _abs(a)


def add(a, b, /):
    return a + b


def and_(a, b, /):
    return a & b


def floordiv(a, b, /):
    return a // b


def index(a, /):
    if isinstance(a, int):
        return int(a)
    try:
        method = type(a).__index__
    except AttributeError:
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer") from None
    return method(a)


def inv(a, /):
    return ~a


def invert(a, /):
    return ~a


def lshift(a, b, /):
    return a << b


def mod(a, b, /):
    return a % b


def mul(a, b, /):
    return a * b


def matmul(a, b, /):
    return a @ b


def neg(a, /):
    return -a


def or_(a, b, /):
    return a | b


def pos(a, /):
    return +a


def pow(a, b, /):
    return a ** b


def rshift(a, b, /):
    return a >> b


def sub(a, b, /):
    return a - b


def truediv(a, b, /):
    return a / b


def xor(a, b, /):
    return a ^ b


# Sequences

def concat(a, b, /):
    if not hasattr(a, '__getitem__'):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b, /):
    return b in a


def countOf(a, b, /):
    count = 0
    for item in a:
        if item is b or item == b:
            count += 1
    return count


def delitem(a, b, /):
    del a[b]


def getitem(a, b, /):
    return a[b]


def indexOf(a, b, /):
    for i, item in enumerate(a):
        if item is b or item == b:
            return i
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c, /):
    a[b] = c


def length_hint(obj, default=0, /):
    if not isinstance(default, int):
        raise TypeError(f"'{type(default).__name__}' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    try:
        hint = type(obj).__length_hint__
    except AttributeError:
        return default
    val = hint(obj)
    if val is NotImplemented:
        return default
    if not isinstance(val, int):
        raise TypeError(f'__length_hint__ must be integer, not {type(val).__name__}')
    if val < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return val


def call(obj, /, *args, **kwargs):
    return obj(*args, **kwargs)


# Getters

class attrgetter:
    """Return a callable object that fetches the given attribute(s) from its operand."""

    def __init__(self, attr, /, *attrs):
        for name in (attr,) + attrs:
            if not isinstance(name, str):
                raise TypeError('attribute name must be a string')
        self._attrs = (attr,) + attrs
        self._paths = tuple(tuple(name.split('.')) for name in self._attrs)

    def _get(self, obj, path):
        for name in path:
            obj = getattr(obj, name)
        return obj

    def __call__(self, obj, /):
        if len(self._paths) == 1:
            return self._get(obj, self._paths[0])
        return tuple(self._get(obj, path) for path in self._paths)

    def __repr__(self):
        args = ', '.join(map(repr, self._attrs))
        return f'{type(self).__module__}.{type(self).__qualname__}({args})'


class itemgetter:
    """Return a callable object that fetches the given item(s) from its operand."""

    def __init__(self, *items):
        if not items:
            raise TypeError('itemgetter expected 1 argument, got 0')
        self._items = items

    def __call__(self, obj, /):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        args = ', '.join(map(repr, self._items))
        return f'{type(self).__module__}.{type(self).__qualname__}({args})'


class methodcaller:
    """Return a callable object that calls the given method on its operand."""

    def __init__(self, *args, **kwargs):
        if not args:
            raise TypeError('methodcaller needs at least one argument, the method name')
        if not isinstance(args[0], str):
            raise TypeError('method name must be a string')
        self._name = args[0]
        self._args = args[1:]
        self._kwargs = kwargs

    def __call__(self, obj, /):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        args = [repr(self._name)]
        args.extend(map(repr, self._args))
        args.extend(f'{k}={v!r}' for k, v in self._kwargs.items())
        return f"{type(self).__module__}.{type(self).__qualname__}({', '.join(args)})"


# In-place operations

def iadd(a, b, /):
    a += b
    return a


def iand(a, b, /):
    a &= b
    return a


def iconcat(a, b, /):
    if not hasattr(a, '__getitem__'):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    a += b
    return a


def ifloordiv(a, b, /):
    a //= b
    return a


def ilshift(a, b, /):
    a <<= b
    return a


def imod(a, b, /):
    a %= b
    return a


def imul(a, b, /):
    a *= b
    return a


def imatmul(a, b, /):
    a @= b
    return a


def ior(a, b, /):
    a |= b
    return a


def ipow(a, b, /):
    a **= b
    return a


def irshift(a, b, /):
    a >>= b
    return a


def isub(a, b, /):
    a -= b
    return a


def itruediv(a, b, /):
    a /= b
    return a


def ixor(a, b, /):
    a ^= b
    return a


# The dunder aliases (operator.__add__ is operator.add)
__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__call__ = call
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor

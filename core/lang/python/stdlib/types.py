# The `types` module: names for the interpreter's own types, SimpleNamespace, and GenericAlias
# (what list[int] makes).
import sys

__all__ = ['FunctionType', 'LambdaType', 'MethodType', 'BuiltinFunctionType', 'BuiltinMethodType',
           'GeneratorType', 'ModuleType', 'NoneType', 'EllipsisType', 'NotImplementedType',
           'SimpleNamespace', 'GenericAlias', 'UnionType', 'MappingProxyType', 'new_class']


def _f():
    pass


def _g():
    yield 1


class _C:
    def m(self):
        pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
MethodType = type(_C().m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type(len)
GeneratorType = type(_g())
ModuleType = type(sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)
del _f, _g, _C


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, FunctionType):
        return obj.__name__
    return repr(obj)


class GenericAlias:
    """A parameterized builtin container, such as list[int]."""

    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        params = []
        for a in args:
            for p in getattr(a, '__parameters__', ()):
                if p not in params:
                    params.append(p)
            if _is_typevar(a) and a not in params:
                params.append(a)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        if not self.__args__:
            return _type_repr(self.__origin__) + '[()]'
        return _type_repr(self.__origin__) + '[' + ', '.join(_type_repr(a) for a in self.__args__) + ']'

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __getitem__(self, item):
        if not isinstance(item, tuple):
            item = (item,)
        if len(item) != len(self.__parameters__):
            raise TypeError('Too ' + ('many' if len(item) > len(self.__parameters__) else 'few') +
                            ' arguments for ' + repr(self))
        subst = dict(zip(self.__parameters__, item))
        return GenericAlias(self.__origin__, tuple(subst.get(a, a) if _is_typevar(a) else a for a in self.__args__))

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError('isinstance() argument 2 cannot be a parameterized generic')

    def __subclasscheck__(self, cls):
        raise TypeError('issubclass() argument 2 cannot be a parameterized generic')

    def __or__(self, other):
        if other is None or isinstance(other, (type, GenericAlias, UnionType)):
            return UnionType(self, other)
        return NotImplemented

    def __ror__(self, other):
        if other is None or isinstance(other, (type, GenericAlias, UnionType)):
            return UnionType(other, self)
        return NotImplemented


class UnionType:
    """X | Y of types: isinstance and issubclass accept it, typing treats it as Union[X, Y]."""

    def __init__(self, *operands):
        args = []
        for op in operands:
            if op is None:
                op = NoneType
            for a in (op.__args__ if isinstance(op, UnionType) else (op,)):
                if a not in args:
                    args.append(a)
        self.__args__ = tuple(args)
        params = []
        for a in args:
            for p in getattr(a, '__parameters__', ()) if not isinstance(a, type) else ():
                if p not in params:
                    params.append(p)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        return ' | '.join('None' if a is NoneType else _type_repr(a) for a in self.__args__)

    def __or__(self, other):
        if other is None or isinstance(other, (type, GenericAlias, UnionType)):
            return UnionType(self, other)
        return NotImplemented

    def __ror__(self, other):
        if other is None or isinstance(other, (type, GenericAlias, UnionType)):
            return UnionType(other, self)
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, UnionType):
            return set(self.__args__) == set(other.__args__)
        if repr(getattr(other, '__origin__', None)) == 'typing.Union':
            return set(self.__args__) == set(other.__args__)
        return NotImplemented

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __instancecheck__(self, obj):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError('isinstance() argument 2 cannot be a parameterized generic')
        return any(isinstance(obj, a) for a in self.__args__)

    def __subclasscheck__(self, cls):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError('issubclass() argument 2 cannot be a parameterized generic')
        return any(issubclass(cls, a) for a in self.__args__)


def _is_typevar(a):
    return type(a).__name__ == 'TypeVar' and type(a).__module__ == 'typing'


class SimpleNamespace:
    def __init__(self, /, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        items = ', '.join(k + '=' + repr(v) for k, v in self.__dict__.items())
        return ('namespace(' if type(self) is SimpleNamespace else type(self).__name__ + '(') + items + ')'

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


class MappingProxyType:
    """A read-only view of a mapping."""

    def __init__(self, mapping):
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return dict(self._mapping)

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return 'mappingproxy(' + repr(self._mapping) + ')'

    def __str__(self):
        return str(self._mapping)

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")


def new_class(name, bases=(), kwds=None, exec_body=None):
    kwds = dict(kwds or {})
    meta = kwds.pop('metaclass', type)
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    return meta(name, tuple(bases), ns, **kwds)

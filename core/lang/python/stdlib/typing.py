# The `typing` module: the special forms, generic aliases, TypeVar, Generic, Protocol,
# NamedTuple, TypedDict and the runtime helpers (cast, overload, get_type_hints, get_origin,
# get_args, ...), written from the documented behaviour of CPython 3.11's typing: the same
# reprs (typing.Optional[int], typing.List[int], ~T) and errors.
import sys
import types as _types
import _gl_source
import collections
import collections.abc as _cabc
from abc import ABCMeta, abstractmethod

__all__ = ['Any', 'Callable', 'ClassVar', 'Final', 'ForwardRef', 'Generic', 'Literal', 'Optional', 'Protocol',
           'Tuple', 'Type', 'TypeVar', 'Union', 'Annotated', 'AbstractSet', 'ByteString', 'Container',
           'Collection', 'Hashable', 'ItemsView', 'Iterable', 'Iterator', 'KeysView', 'Mapping', 'MappingView',
           'MutableMapping', 'MutableSequence', 'MutableSet', 'Sequence', 'Sized', 'ValuesView', 'Reversible',
           'Generator', 'Dict', 'DefaultDict', 'List', 'OrderedDict', 'Counter', 'Deque', 'Set', 'FrozenSet',
           'NamedTuple', 'TypedDict', 'AnyStr', 'Text', 'TYPE_CHECKING', 'NoReturn', 'Never', 'Self',
           'LiteralString', 'TypeAlias', 'TypeGuard', 'Required', 'NotRequired', 'cast', 'final', 'get_args',
           'get_origin', 'get_type_hints', 'is_typeddict', 'NewType', 'no_type_check', 'overload',
           'get_overloads', 'clear_overloads', 'runtime_checkable', 'assert_never', 'assert_type',
           'reveal_type', 'dataclass_transform', 'ParamSpec', 'Concatenate', 'SupportsInt', 'SupportsFloat',
           'SupportsIndex', 'SupportsAbs', 'SupportsRound', 'SupportsBytes', 'IO', 'TextIO', 'BinaryIO']

TYPE_CHECKING = False
_NoneType = type(None)


def _type_repr(obj):
    if isinstance(obj, type) and not isinstance(obj, _GenericAlias):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    if obj is ...:
        return '...'
    if isinstance(obj, _types.FunctionType):
        return obj.__name__
    if isinstance(obj, list):
        return '[' + ', '.join(_type_repr(a) for a in obj) + ']'
    return repr(obj)


def _type_check(arg, msg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    if isinstance(arg, _SpecialForm) and arg._name in ('ClassVar', 'Final', 'Union', 'Optional', 'Generic',
                                                       'Protocol', 'Literal'):
        raise TypeError('Plain ' + repr(arg) + ' is not valid as type argument')
    if callable(arg) or isinstance(arg, (TypeVar, ForwardRef, _GenericAlias, _types.GenericAlias, _SpecialForm,
                                         ParamSpec, _types.UnionType)) or arg is ...:
        return arg
    raise TypeError(msg + ' Got ' + repr(arg)[:100] + '.')


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, (TypeVar, ParamSpec)):
            if a not in params:
                params.append(a)
        elif isinstance(a, list):
            for p in _collect_parameters(a):
                if p not in params:
                    params.append(p)
        else:
            for p in getattr(a, '__parameters__', ()) if not isinstance(a, type) or isinstance(a, _GenericAlias) \
                    else ():
                if p not in params:
                    params.append(p)
    return tuple(params)


class ForwardRef:
    """A string annotation, resolved by get_type_hints."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got ' + repr(arg))
        self.__forward_arg__ = arg
        self.__forward_module__ = module

    def __eq__(self, other):
        return isinstance(other, ForwardRef) and self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __repr__(self):
        return 'ForwardRef(' + repr(self.__forward_arg__) + ')'


class _SpecialForm:
    def __init__(self, name, doc, getitem=None):
        self._name = name
        self.__doc__ = doc
        self._getitem = getitem

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError('Cannot instantiate ' + repr(self))

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError(repr(self) + ' is not subscriptable')
        return self._getitem(self, parameters)

    def __instancecheck__(self, obj):
        raise TypeError(repr(self) + ' cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(repr(self) + ' cannot be used with issubclass()')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass ' + repr(self))


class _GenericAlias:
    """A subscripted (or bare, for List and friends) generic: List[int], Box[T], Union[int, str]."""

    def __init__(self, origin, args, *, name=None, inst=True, special=False, nparams=-1):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = _collect_parameters(args)
        self._name = name
        self._inst = inst
        self._special = special
        self._nparams = nparams
        if not name:
            self.__module__ = getattr(origin, '__module__', 'typing')

    def __repr__(self):
        if self._name:
            head = 'typing.' + self._name
        else:
            head = _type_repr(self.__origin__)
        if self._special:
            return head
        if self.__origin__ is Union:
            args = self.__args__
            if len(args) == 2 and _NoneType in args:
                other = args[0] if args[1] is _NoneType else args[1]
                return 'typing.Optional[' + _type_repr(other) + ']'
        if self.__origin__ is _cabc.Callable and self.__args__ and not self._special:
            params, ret = self.__args__[:-1], self.__args__[-1]
            if len(params) == 1 and params[0] is ...:
                return head + '[..., ' + _type_repr(ret) + ']'
            return head + '[[' + ', '.join(_type_repr(a) for a in params) + '], ' + _type_repr(ret) + ']'
        if not self.__args__:
            return head + '[()]'
        return head + '[' + ', '.join(_type_repr(a) for a in self.__args__) + ']'

    def __eq__(self, other):
        if self.__origin__ is Union and isinstance(other, _types.UnionType):
            return set(self.__args__) == set(other.__args__)
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        if self.__origin__ is Union and other.__origin__ is Union:
            return set(self.__args__) == set(other.__args__)
        return (self.__origin__ == other.__origin__ and self.__args__ == other.__args__ and
                self._special == other._special)

    def __hash__(self):
        if self.__origin__ is Union:
            return hash(frozenset(self.__args__))
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type ' + self._name + ' cannot be instantiated; use ' +
                            self.__origin__.__name__ + '() instead')
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError('Cannot instantiate ' + repr(self.__origin__))
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._special:
            return _subscript_special(self, params)
        if not self.__parameters__:
            raise TypeError(repr(self) + ' is not a generic class')
        if len(params) != len(self.__parameters__):
            raise TypeError('Too ' + ('many' if len(params) > len(self.__parameters__) else 'few') +
                            ' arguments for ' + repr(self) + '; actual ' + str(len(params)) + ', expected ' +
                            str(len(self.__parameters__)))
        subst = dict(zip(self.__parameters__, params))

        def sub(a):
            if isinstance(a, (TypeVar, ParamSpec)):
                return subst.get(a, a)
            if isinstance(a, (_GenericAlias, _types.GenericAlias)) and a.__parameters__:
                return a[tuple(subst.get(p, p) for p in a.__parameters__)]
            if isinstance(a, list):
                return [sub(x) for x in a]
            return a
        new_args = tuple(sub(a) for a in self.__args__)
        if self.__origin__ is Union:
            return Union[new_args]
        return _GenericAlias(self.__origin__, new_args, name=self._name, inst=self._inst)

    def __mro_entries__(self, bases):
        origin = self.__origin__
        if isinstance(origin, _SpecialForm):
            raise TypeError('Cannot subclass ' + repr(self))
        if origin is Generic or (isinstance(origin, type) and issubclass(origin, Generic)):
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _GenericAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                    if origin is Generic:
                        return ()
            if origin is Generic:
                for b in bases:
                    if b is not self and isinstance(b, _GenericAlias) and b.__origin__ is not Generic and \
                            isinstance(b.__origin__, type) and issubclass(b.__origin__, Generic):
                        return ()
            return (origin,)
        return (origin,)

    def __instancecheck__(self, obj):
        if self.__origin__ is Union:
            return any(isinstance(obj, a) for a in self.__args__)
        if self._special:
            return isinstance(obj, self.__origin__)
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        if self.__origin__ is Union:
            return any(issubclass(cls, a) for a in self.__args__)
        if self._special:
            return issubclass(cls, self.__origin__)
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __getattr__(self, attr):
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)


def _subscript_special(alias, params):
    name = alias._name
    if alias._nparams >= 0 and name != 'Tuple' and name != 'Callable':
        if len(params) != alias._nparams:
            raise TypeError('Too ' + ('many' if len(params) > alias._nparams else 'few') +
                            ' arguments for ' + repr(alias) + '; actual ' + str(len(params)) + ', expected ' +
                            str(alias._nparams))
    if name == 'Callable':
        if len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        if args is ...:
            return _GenericAlias(alias.__origin__, (..., _type_check(result, 'Callable[args, result]:')),
                                 name=name, inst=alias._inst)
        if not isinstance(args, list):
            raise TypeError('Callable[args, result]: args must be a list. Got ' + repr(args))
        return _GenericAlias(alias.__origin__, tuple(_type_check(a, 'Callable[args, result]:') for a in args) +
                             (_type_check(result, 'Callable[args, result]:'),), name=name, inst=alias._inst)
    msg = 'Parameters to generic types must be types.'
    if name == 'Tuple' and params == ((),):
        params = ()
    args = tuple(a if a is ... else _type_check(a, msg) for a in params)
    return _GenericAlias(alias.__origin__, args, name=name, inst=alias._inst)


def _special(origin, name, nparams, inst=True):
    return _GenericAlias(origin, (), name=name, inst=inst, special=True, nparams=nparams)


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        p = _type_check(p, 'Union[arg, ...]: each arg must be a type.')
        if isinstance(p, _GenericAlias) and p.__origin__ is Union or isinstance(p, _types.UnionType):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    unique = []
    for p in flat:
        if p not in unique:
            unique.append(p)
    if len(unique) == 1:
        return unique[0]
    return _GenericAlias(Union, tuple(unique))


def _optional_getitem(self, parameters):
    arg = _type_check(parameters, repr(self) + ' requires a single type.')
    return Union[arg, _NoneType]


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    unique = []
    for p in parameters:
        if isinstance(p, _GenericAlias) and p.__origin__ is Literal:
            values = p.__args__
        else:
            values = (p,)
        for v in values:
            if not any(v == u and type(v) is type(u) for u in unique):
                unique.append(v)
    return _GenericAlias(Literal, tuple(unique))


def _single_getitem(self, parameters):
    item = _type_check(parameters, self._name + ' accepts only single type.')
    return _GenericAlias(self, (item,))


def _annotated_getitem(self, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError('Annotated[...] should be used with at least two arguments (a type and an annotation).')
    origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.')
    return _AnnotatedAlias(origin, tuple(params[1:]))


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        _GenericAlias.__init__(self, origin, (origin,))
        self.__metadata__ = metadata

    def __repr__(self):
        return 'typing.Annotated[' + _type_repr(self.__origin__) + ', ' + \
            ', '.join(repr(m) for m in self.__metadata__) + ']'

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


Any = _SpecialForm('Any', 'Special type indicating an unconstrained type.')
NoReturn = _SpecialForm('NoReturn', 'Special type indicating functions that never return.')
Never = _SpecialForm('Never', 'The bottom type.')
Self = _SpecialForm('Self', 'Used to spell the type of "self" in classes.')
LiteralString = _SpecialForm('LiteralString', 'Represents an arbitrary literal string.')
TypeAlias = _SpecialForm('TypeAlias', 'Special marker indicating that an assignment is a type alias.')
ClassVar = _SpecialForm('ClassVar', 'Special type construct to mark class variables.', _single_getitem)
Final = _SpecialForm('Final', 'Special typing construct to indicate final names.', _single_getitem)
Required = _SpecialForm('Required', 'A required key of a TypedDict.', _single_getitem)
NotRequired = _SpecialForm('NotRequired', 'A key of a TypedDict that may be left out.', _single_getitem)
TypeGuard = _SpecialForm('TypeGuard', 'Special typing form for user-defined type guards.', _single_getitem)
Union = _SpecialForm('Union', 'Union type; Union[X, Y] means either X or Y.', _union_getitem)
Optional = _SpecialForm('Optional', 'Optional[X] is equivalent to Union[X, None].', _optional_getitem)
Literal = _SpecialForm('Literal', 'Special typing form to define literal types.', _literal_getitem)


class Annotated:
    """Add context-specific metadata to a type: Annotated[int, 'meta']."""

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        return _annotated_getitem(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError('Cannot subclass typing.Annotated')


Concatenate = _SpecialForm('Concatenate', 'Used with ParamSpec and Callable.',
                           lambda self, p: _GenericAlias(self, p if isinstance(p, tuple) else (p,)))


class TypeVar:
    """A type variable: T = TypeVar('T'); repr ~T (+T covariant, -T contravariant)."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__name__ = name
        self.__constraints__ = tuple(_type_check(c, 'TypeVar(name, constraint, ...): constraints must be types.')
                                     for c in constraints)
        self.__bound__ = _type_check(bound, 'Bound must be a type.') if bound is not None else None
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        frame_module = sys._getframe(1).f_globals.get('__name__', '__main__') if hasattr(sys, '_getframe') \
            else '__main__'
        self.__module__ = frame_module

    def __repr__(self):
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __reduce__(self):
        return self.__name__


class ParamSpec:
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant
        self.args = _ParamSpecPart(self, 'args')
        self.kwargs = _ParamSpecPart(self, 'kwargs')

    def __repr__(self):
        return '~' + self.__name__


class _ParamSpecPart:
    def __init__(self, origin, kind):
        self.__origin__ = origin
        self._kind = kind

    def __repr__(self):
        return self.__origin__.__name__ + '.' + self._kind


AnyStr = TypeVar('AnyStr', bytes, str)
Text = str


class Generic:
    """Base of generic classes: class Box(Generic[T]) makes Box[int] a generic alias."""
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if not params and cls is not Tuple:
            raise TypeError('Parameter list to ' + cls.__qualname__ + '[...] cannot be empty')
        if cls in (Generic, Protocol):
            for p in params:
                if not isinstance(p, (TypeVar, ParamSpec)):
                    raise TypeError('Parameters to ' + cls.__name__ + '[...] must all be type variables or '
                                    'parameter specification variables.')
            if len(set(params)) != len(params):
                raise TypeError('Parameters to ' + cls.__name__ + '[...] must all be unique')
            return _GenericAlias(cls, params, name=cls.__name__)
        own = cls.__dict__.get('__parameters__', ())
        if len(params) != len(own):
            if not own:
                raise TypeError(repr(cls) + ' is not a generic class')
            raise TypeError('Too ' + ('many' if len(params) > len(own) else 'few') + ' arguments for ' +
                            repr(cls) + '; actual ' + str(len(params)) + ', expected ' + str(len(own)))
        params = tuple(p if p is ... else _type_check(p, 'Parameters to generic types must be types.')
                       for p in params)
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        orig = cls.__dict__.get('__orig_bases__', ())
        gvars = None
        for base in orig:
            if isinstance(base, _GenericAlias) and base.__origin__ is Generic:
                gvars = base.__parameters__
        for base in orig:
            if isinstance(base, (_GenericAlias, _types.GenericAlias)):
                for p in base.__parameters__:
                    if p not in tvars:
                        tvars.append(p)
        if gvars is not None:
            missing = [t for t in tvars if t not in gvars]
            if missing:
                raise TypeError('Some type variables (' + ', '.join(str(t) for t in missing) +
                                ') are not listed in Generic[' + ', '.join(str(g) for g in gvars) + ']')
            tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


class _ProtocolMeta(ABCMeta):
    def __instancecheck__(cls, instance):
        if cls.__dict__.get('_is_protocol', False):
            if not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
            if all(hasattr(instance, attr) and (not callable(getattr(cls, attr, None)) or
                                                getattr(instance, attr) is not None)
                   for attr in _protocol_attrs(cls)):
                return True
            # nominal and registered subclasses; the structural issubclass() check (which refuses
            # protocols with data members) is not what isinstance() asks
            return ABCMeta.__subclasscheck__(cls, type(instance))
        return super().__instancecheck__(instance)

    def __subclasscheck__(cls, other):
        if cls.__dict__.get('_is_protocol', False):
            if not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
            if not isinstance(other, type):
                raise TypeError('issubclass() arg 1 must be a class')
            if any(not callable(getattr(cls, attr, None)) for attr in _protocol_attrs(cls)):
                raise TypeError("Protocols with non-method members don't support issubclass()")
            if all(any(attr in b.__dict__ for b in other.__mro__) for attr in _protocol_attrs(cls)):
                return True
        return super().__subclasscheck__(other)


_SPECIAL_NAMES = {'__abstractmethods__', '__annotations__', '__dict__', '__doc__', '__init__', '__module__',
                  '__new__', '__slots__', '__subclasshook__', '__weakref__', '__class_getitem__', '__qualname__',
                  '__parameters__', '__orig_bases__', '__init_subclass__', '_is_protocol', '_is_runtime_protocol',
                  '__protocol_attrs__', '_abc_impl'}


def _protocol_attrs(cls):
    attrs = []
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic', 'object'):
            continue
        for attr in list(base.__dict__) + list(base.__dict__.get('__annotations__', {})):
            if not attr.startswith('_abc_') and attr not in _SPECIAL_NAMES and attr not in attrs:
                attrs.append(attr)
    return attrs


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base of protocol classes (structural subtyping)."""
    __slots__ = ()
    _is_protocol = True

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol or (isinstance(b, _GenericAlias) and b.__origin__ is Protocol)
                                   for b in cls.__dict__.get('__orig_bases__', cls.__bases__))
        if cls._is_protocol and '__init__' not in cls.__dict__:
            def _no_init(self, *args, **kwargs):
                if type(self)._is_protocol:
                    raise TypeError('Protocols cannot be instantiated')
            cls.__init__ = _no_init
        if cls.__dict__.get('_is_protocol', False) and '__subclasshook__' not in cls.__dict__:
            cls.__subclasshook__ = classmethod(lambda c, other: NotImplemented)


def runtime_checkable(cls):
    """Mark a protocol class usable with isinstance() and issubclass()."""
    if not (isinstance(cls, type) and issubclass(cls, Generic) and cls._is_protocol):
        raise TypeError('@runtime_checkable can be only applied to protocol classes, got ' + repr(cls))
    cls._is_runtime_protocol = True
    return cls


def _proto(name, method):
    ns = {'__module__': 'typing', '__qualname__': name, '_is_protocol': True, '_is_runtime_protocol': True}

    def stub(self):
        raise NotImplementedError
    ns[method] = abstractmethod(stub)
    return _ProtocolMeta(name, (Protocol,), ns)


SupportsInt = _proto('SupportsInt', '__int__')
SupportsFloat = _proto('SupportsFloat', '__float__')
SupportsIndex = _proto('SupportsIndex', '__index__')
SupportsAbs = _proto('SupportsAbs', '__abs__')
SupportsRound = _proto('SupportsRound', '__round__')
SupportsBytes = _proto('SupportsBytes', '__bytes__')

Hashable = _special(_cabc.Hashable, 'Hashable', 0)
Sized = _special(_cabc.Sized, 'Sized', 0)
Iterable = _special(_cabc.Iterable, 'Iterable', 1)
Iterator = _special(_cabc.Iterator, 'Iterator', 1)
Reversible = _special(_cabc.Reversible, 'Reversible', 1)
Container = _special(_cabc.Container, 'Container', 1)
Collection = _special(_cabc.Collection, 'Collection', 1)
Callable = _special(_cabc.Callable, 'Callable', 2)
AbstractSet = _special(_cabc.Set, 'AbstractSet', 1)
MutableSet = _special(_cabc.MutableSet, 'MutableSet', 1)
Mapping = _special(_cabc.Mapping, 'Mapping', 2)
MutableMapping = _special(_cabc.MutableMapping, 'MutableMapping', 2)
Sequence = _special(_cabc.Sequence, 'Sequence', 1)
MutableSequence = _special(_cabc.MutableSequence, 'MutableSequence', 1)
ByteString = _special(_cabc.ByteString, 'ByteString', 0)
MappingView = _special(_cabc.MappingView, 'MappingView', 1)
KeysView = _special(_cabc.KeysView, 'KeysView', 1)
ItemsView = _special(_cabc.ItemsView, 'ItemsView', 2)
ValuesView = _special(_cabc.ValuesView, 'ValuesView', 1)
Generator = _special(_cabc.Generator, 'Generator', 3)
Awaitable = _special(_cabc.Awaitable, 'Awaitable', 1)
Coroutine = _special(_cabc.Coroutine, 'Coroutine', 3)
AsyncIterable = _special(_cabc.AsyncIterable, 'AsyncIterable', 1)
AsyncIterator = _special(_cabc.AsyncIterator, 'AsyncIterator', 1)
Tuple = _special(tuple, 'Tuple', -1, inst=False)
List = _special(list, 'List', 1, inst=False)
Dict = _special(dict, 'Dict', 2, inst=False)
Set = _special(set, 'Set', 1, inst=False)
FrozenSet = _special(frozenset, 'FrozenSet', 1, inst=False)
Type = _special(type, 'Type', 1, inst=False)
DefaultDict = _special(getattr(collections, 'defaultdict', dict), 'DefaultDict', 2, inst=False)
OrderedDict = _special(getattr(collections, 'OrderedDict', dict), 'OrderedDict', 2, inst=False)
Counter = _special(getattr(collections, 'Counter', dict), 'Counter', 1, inst=False)
Deque = _special(getattr(collections, 'deque', list), 'Deque', 1, inst=False)
ChainMap = _special(getattr(collections, 'ChainMap', dict), 'ChainMap', 2, inst=False)


class IO(Generic):
    pass


class TextIO(IO):
    pass


class BinaryIO(IO):
    pass


def cast(typ, val):
    """Tell a type checker val has type typ; returns val unchanged."""
    return val


def assert_type(val, typ, /):
    return val


def reveal_type(obj, /):
    print('Runtime type is ' + repr(type(obj).__name__), file=sys.stderr)
    return obj


def assert_never(arg, /):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: ' + value)


def final(f):
    """Mark a method or class final (for type checkers); sets __final__."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    return decorator


def dataclass_transform(**kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = kwargs
        return cls_or_fn
    return decorator


_overloads = {}


def _overload_dummy(*args, **kwds):
    raise NotImplementedError('You should not call an overloaded function. A series of @overload-decorated '
                              'functions outside a stub module should always be followed by an implementation '
                              'that is not @overload-ed.')


def overload(func):
    """Decorator for overloaded signatures; the decorated function cannot be called."""
    key = getattr(func, '__module__', '') + '.' + getattr(func, '__qualname__', '')
    _overloads.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    key = getattr(func, '__module__', '') + '.' + getattr(func, '__qualname__', '')
    return list(_overloads.get(key, []))


def clear_overloads():
    _overloads.clear()


class NewType:
    """NewType('UserId', int): a callable that returns its argument, for type checkers."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        self.__name__ = name.rpartition('.')[2]
        self.__supertype__ = tp
        self.__module__ = '__main__'

    def __repr__(self):
        return self.__module__ + '.' + self.__qualname__

    def __call__(self, x):
        return x

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of NewType. Perhaps you were looking for: `' +
                        self.__name__ + ' = NewType(' + repr(self.__name__) + ', ' + self.__name__ + ')`')

    def __or__(self, other):
        return Union[self, other]


def get_origin(tp):
    """The unsubscripted form of a generic: get_origin(List[int]) is list."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, _types.GenericAlias)):
        return tp.__origin__
    if isinstance(tp, _types.UnionType):
        return _types.UnionType
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    """The arguments of a subscripted generic: get_args(Dict[str, int]) is (str, int)."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, _types.GenericAlias)):
        if getattr(tp, '_special', False):
            return ()
        res = tp.__args__
        if tp.__origin__ is _cabc.Callable and not (len(res) == 2 and res[0] is ...):
            res = (list(res[:-1]), res[-1])
        return res
    if isinstance(tp, _types.UnionType):
        return tp.__args__
    return ()


def is_typeddict(tp):
    return isinstance(tp, _TypedDictMeta)


def _resolve(text, globalns, localns):
    text = text.strip()
    if text == 'None':
        return _NoneType
    if len(text) > 1 and text[0] in '\'"' and text[-1] == text[0]:
        return _resolve(text[1:-1], globalns, localns)
    level = 0
    for i, ch in enumerate(text):
        if ch in '[(':
            level += 1
        elif ch in '])':
            level -= 1
        elif ch == '|' and level == 0:
            left = _resolve(text[:i], globalns, localns)
            right = _resolve(text[i + 1:], globalns, localns)
            return (None if left is _NoneType else left) | (None if right is _NoneType else right)
    depth = 0
    if text.endswith(']'):
        for i, ch in enumerate(text):
            if ch == '[':
                if depth == 0:
                    head = _resolve(text[:i], globalns, localns)
                    inner = text[i + 1:-1]
                    parts = []
                    level = 0
                    start = 0
                    for j, c in enumerate(inner):
                        if c in '[(':
                            level += 1
                        elif c in '])':
                            level -= 1
                        elif c == ',' and level == 0:
                            parts.append(inner[start:j])
                            start = j + 1
                    parts.append(inner[start:])
                    args = []
                    for p in parts:
                        p = p.strip()
                        if p.startswith('[') and p.endswith(']'):
                            args.append([_resolve(q, globalns, localns) for q in p[1:-1].split(',') if q.strip()])
                        elif p == '...':
                            args.append(...)
                        elif p:
                            args.append(_resolve(p, globalns, localns))
                    return head[tuple(args)] if len(args) != 1 else head[args[0]]
                depth += 1
    names = text.split('.')
    first = names[0]
    if localns is not None and first in localns:
        obj = localns[first]
    elif first in globalns:
        obj = globalns[first]
    elif first in _BUILTIN_TYPES:
        obj = _BUILTIN_TYPES[first]
    else:
        raise NameError("name '" + first + "' is not defined")
    for n in names[1:]:
        obj = getattr(obj, n)
    return obj


_BUILTIN_TYPES = {t.__name__: t for t in (int, float, bool, str, bytes, bytearray, list, dict, tuple, set, frozenset,
                                         type, object, range, slice, property, BaseException, Exception,
                                         ValueError, TypeError, KeyError, IndexError, RuntimeError)}


def _eval_hint(value, globalns, localns):
    if value is None:
        return _NoneType
    if isinstance(value, str):
        return _resolve(value, globalns, localns)
    if isinstance(value, ForwardRef):
        return _resolve(value.__forward_arg__, globalns, localns)
    if isinstance(value, _AnnotatedAlias):
        return _AnnotatedAlias(_eval_hint(value.__origin__, globalns, localns), value.__metadata__)
    if isinstance(value, _GenericAlias) and not value._special and any(
            isinstance(a, (str, ForwardRef)) for a in value.__args__):
        args = tuple(_eval_hint(a, globalns, localns) for a in value.__args__)
        if value.__origin__ is Union:
            return Union[args]
        return value.copy_with(args)
    return value


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if isinstance(t, _GenericAlias) and not t._special and t.__origin__ in (Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class (along its MRO), module or function, strings resolved."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            g = globalns if globalns is not None else (_gl_source.module_globals(base.__module__) or {})
            loc = localns if localns is not None else dict(vars(base))
            for name, value in ann.items():
                hints[name] = _eval_hint(value, g, loc)
    else:
        if isinstance(obj, _types.ModuleType):
            ann = getattr(obj, '__annotations__', {})
            g = obj.__dict__ if globalns is None else globalns
        else:
            target = obj
            while hasattr(target, '__wrapped__'):
                target = target.__wrapped__
            ann = getattr(obj, '__annotations__', None)
            if ann is None:
                if callable(obj):
                    return {}
                raise TypeError(repr(obj) + ' is not a module, class, method, or function.')
            g = getattr(target, '__globals__', {}) if globalns is None else globalns
        for name, value in ann.items():
            hints[name] = _eval_hint(value, g, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns):
        types_ = ns.get('__annotations__', {})
        fields = list(types_)
        defaults = []
        for name in fields:
            if name in ns:
                defaults.append(ns[name])
            elif defaults:
                raise TypeError('Non-default namedtuple field ' + name + ' cannot follow default field' +
                                ('s ' if len(defaults) > 1 else ' ') +
                                ', '.join(n for n in fields[:fields.index(name)] if n in ns))
        nt = collections.namedtuple(typename, fields, defaults=defaults or None)
        nt.__annotations__ = dict(types_)
        for key, value in ns.items():
            if key in ('__annotations__', '__module__', '__qualname__', '__orig_bases__', '__doc__'):
                continue
            if key in fields:
                continue
            if key in ('_make', '_replace', '_asdict', '_fields', '_field_defaults', '__new__', '__init__',
                       '__slots__', '__getnewargs__', '__getattr__'):
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            setattr(nt, key, value)
        if ns.get('__doc__'):
            nt.__doc__ = ns['__doc__']
        nt.__module__ = ns.get('__module__', '__main__')
        return nt


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed namedtuple: class Point(NamedTuple): x: int; or NamedTuple('Point', [('x', int)])."""
    if fields is None:
        fields = list(kwargs.items())
    ns = {'__annotations__': {n: _type_check(t, 'field ' + n + ' annotation must be a type') for n, t in fields}}
    return _NamedTupleMeta(typename, (), ns)


_NamedTupleBase = type.__new__(_NamedTupleMeta, 'NamedTuple', (), {'__module__': 'typing'})


NamedTuple.__mro_entries__ = lambda bases: (_NamedTupleBase,)


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        for b in bases:
            if type(b) is not _TypedDictMeta and b is not dict:
                raise TypeError('cannot inherit from both a TypedDict type and a non-TypedDict base class')
        tp = super().__new__(mcls, name, tuple(b for b in bases if b is not dict) or (), ns)
        annotations = {}
        required, optional = set(), set()
        for base in bases:
            if type(base) is _TypedDictMeta:
                annotations.update(base.__dict__.get('__annotations__', {}))
                required.update(base.__dict__.get('__required_keys__', ()))
                optional.update(base.__dict__.get('__optional_keys__', ()))
        own = ns.get('__annotations__', {})
        annotations.update(own)
        for key, t in own.items():
            origin = getattr(t, '__origin__', None)
            if origin is Required:
                required.add(key)
            elif origin is NotRequired:
                optional.add(key)
            elif total:
                required.add(key)
            else:
                optional.add(key)
        tp.__annotations__ = annotations
        tp.__required_keys__ = frozenset(required)
        tp.__optional_keys__ = frozenset(optional)
        tp.__total__ = total
        return tp

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __instancecheck__(cls, obj):
        raise TypeError('TypedDict does not support instance and class checks')

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A dict type with fixed keys: class Movie(TypedDict): title: str; calling it makes a dict."""
    if fields is None:
        fields = kwargs
    ns = {'__annotations__': dict(fields), '__module__': '__main__'}
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDictBase = type.__new__(_TypedDictMeta, 'TypedDict', (), {'__module__': 'typing'})


TypedDict.__mro_entries__ = lambda bases: (_TypedDictBase,)

# The `abc` module: abstract base classes (ABCMeta, ABC, abstractmethod), virtual subclasses
# through register() and __subclasshook__, written from the documented behaviour of CPython
# 3.11. Instantiating a class with abstract methods left is refused by object creation itself
# (core/lang/interp_call.cpp), as CPython's object.__new__ does.

__all__ = ['ABCMeta', 'ABC', 'abstractmethod', 'abstractclassmethod', 'abstractstaticmethod',
           'abstractproperty', 'get_cache_token', 'update_abstractmethods']

_cache_token = [0]


def abstractmethod(funcobj):
    """Mark a method abstract: a class with one left cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """Deprecated: use classmethod over abstractmethod."""
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    """Deprecated: use staticmethod over abstractmethod."""
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    """Deprecated: use property over abstractmethod."""
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


def get_cache_token():
    return _cache_token[0]


class _AbcState:
    def __init__(self):
        self.registry = []
        self.subclasses = []


def _abstract_names(cls, ns):
    names = set()
    for name, value in ns.items():
        if getattr(value, '__isabstractmethod__', False):
            names.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if getattr(value, '__isabstractmethod__', False):
                names.add(name)
    return frozenset(names)


class ABCMeta(type):
    """Metaclass of abstract base classes."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstract_names(cls, namespace)
        cls._abc_impl = _AbcState()
        for base in bases:
            state = base.__dict__.get('_abc_impl') if isinstance(base, ABCMeta) else None
            if state is not None:
                state.subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Register a virtual subclass of this ABC; returns it, so it works as a decorator."""
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError('Refusing to create an inheritance cycle')
        cls._abc_impl.registry.append(subclass)
        _cache_token[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = type(instance)
        if subclass is cls:
            return True
        return cls.__subclasscheck__(subclass)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        hook = getattr(cls, '__subclasshook__', None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        if cls in subclass.__mro__:
            return True
        for rcls in cls._abc_impl.registry:
            if issubclass(subclass, rcls):
                return True
        for scls in cls._abc_impl.subclasses:
            if issubclass(subclass, scls):
                return True
        return False

    def _dump_registry(cls, file=None):
        print('Class: ' + cls.__module__ + '.' + cls.__qualname__, file=file)
        print('Inv. counter: ' + str(get_cache_token()), file=file)

    def _abc_registry_clear(cls):
        cls._abc_impl.registry.clear()

    def _abc_caches_clear(cls):
        pass


def update_abstractmethods(cls):
    """Recompute an ABC's abstract methods after methods were added or changed."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    cls.__abstractmethods__ = _abstract_names(cls, dict(cls.__dict__))
    return cls


class ABC(metaclass=ABCMeta):
    """Helper class: subclass it to make an abstract base class."""
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented

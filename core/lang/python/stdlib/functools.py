# The `functools` module: higher-order functions (partial, reduce, wraps, lru_cache / cache,
# cached_property, total_ordering, cmp_to_key, singledispatch, partialmethod), written from the
# documented behaviour of CPython 3.11's functools.
from collections import namedtuple

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering',
           'cache', 'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod',
           'singledispatch', 'singledispatchmethod', 'cached_property']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # set last, so that a __wrapped__ copied from wrapped's __dict__ is replaced
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function."""
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


_initial_missing = object()


def reduce(*args):
    """reduce(function, iterable[, initial]) -> value"""
    if len(args) < 2:
        raise TypeError(f"reduce expected at least 2 arguments, got {len(args)}")
    if len(args) > 3:
        raise TypeError(f"reduce expected at most 3 arguments, got {len(args)}")
    function, sequence = args[0], args[1]
    try:
        it = iter(sequence)
    except TypeError:
        raise TypeError("reduce() arg 2 must support iteration") from None
    if len(args) == 3:
        value = args[2]
    else:
        for value in it:
            break
        else:
            raise TypeError("reduce() of empty iterable with no initial value")
    for element in it:
        value = function(value, element)
    return value


class partial:
    """New function with partial application of the given arguments and keywords."""

    def __new__(cls, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, args = args[0], args[1:]
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if type(func) is partial:
            # partial(partial(f, 1), 2) is partial(f, 1, 2)
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = super(partial, cls).__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        cls = type(self)
        return f"{cls.__module__}.{cls.__qualname__}({', '.join(parts)})"


class partialmethod:
    """Method descriptor with partial application of the given arguments and keywords."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = {**func.keywords, **keywords}
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        cls = type(self)
        return f"{cls.__module__}.{cls.__qualname__}({', '.join(parts)})"

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        func, args, keywords = self.func, self.args, self.keywords

        def _method(*call_args, **call_keywords):
            return func(obj, *args, *call_args, **{**keywords, **call_keywords})
        return _method


# ----------------------------------------------------------------------------------------------
# lru_cache

_CacheInfo = namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"])


class _KwdMark:
    def __repr__(self):
        return '<kwd_mark>'


_kwd_mark = (_KwdMark(),)


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += _kwd_mark
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    return key


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]  # hits, misses

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            if key in cache:
                stats[0] += 1
                return cache[key]
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result
    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            if key in cache:
                # most recently used moves to the end of the insertion order
                result = cache.pop(key)
                cache[key] = result
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key not in cache:
                if len(cache) >= maxsize:
                    del cache[next(iter(cache))]
                cache[key] = result
            return result

    def cache_info():
        """Report cache statistics"""
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        cache.clear()
        stats[0] = stats[1] = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        # @lru_cache used without arguments: maxsize is the function
        user_function, maxsize = maxsize, 128
        wrapper = _lru_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        wrapper = _lru_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)
    return decorating_function


def cache(user_function, /):
    """Simple lightweight unbounded cache.  Sometimes called "memoize"."""
    return lru_cache(maxsize=None)(user_function)


# ----------------------------------------------------------------------------------------------
# cached_property

_NOT_FOUND = object()


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError("Cannot assign the same cached_property to two different names "
                            f"({self.attrname!r} and {name!r}).")

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError("Cannot use cached_property instance without calling __set_name__ on it.")
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = (f"No '__dict__' attribute on {type(instance).__name__!r} "
                   f"instance to cache {self.attrname!r} property.")
            raise TypeError(msg) from None
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val


# ----------------------------------------------------------------------------------------------
# total_ordering and cmp_to_key

def _derive_fast(op, base):
    # The comparison `op` from the class's own `base` comparison and ==; == is evaluated only
    # where the result depends on it, and a NotImplemented from `base` passes through.
    if base == '__lt__':
        if op == '__gt__':
            def f(self, other):
                r = type(self).__lt__(self, other)
                return r if r is NotImplemented else (not r and self != other)
        elif op == '__le__':
            def f(self, other):
                r = type(self).__lt__(self, other)
                return r if r is NotImplemented else (r or self == other)
        else:
            def f(self, other):
                r = type(self).__lt__(self, other)
                return r if r is NotImplemented else not r
    elif base == '__le__':
        if op == '__ge__':
            def f(self, other):
                r = type(self).__le__(self, other)
                return r if r is NotImplemented else (not r or self == other)
        elif op == '__lt__':
            def f(self, other):
                r = type(self).__le__(self, other)
                return r if r is NotImplemented else (r and self != other)
        else:
            def f(self, other):
                r = type(self).__le__(self, other)
                return r if r is NotImplemented else not r
    elif base == '__gt__':
        if op == '__lt__':
            def f(self, other):
                r = type(self).__gt__(self, other)
                return r if r is NotImplemented else (not r and self != other)
        elif op == '__ge__':
            def f(self, other):
                r = type(self).__gt__(self, other)
                return r if r is NotImplemented else (r or self == other)
        else:
            def f(self, other):
                r = type(self).__gt__(self, other)
                return r if r is NotImplemented else not r
    else:
        if op == '__le__':
            def f(self, other):
                r = type(self).__ge__(self, other)
                return r if r is NotImplemented else (not r or self == other)
        elif op == '__gt__':
            def f(self, other):
                r = type(self).__ge__(self, other)
                return r if r is NotImplemented else (r and self != other)
        else:
            def f(self, other):
                r = type(self).__ge__(self, other)
                return r if r is NotImplemented else not r
    f.__name__ = op
    f.__qualname__ = op
    return f


def _defines(cls, op):
    for klass in cls.__mro__:
        if klass is object:
            return False
        if op in klass.__dict__ and klass.__dict__[op] is not None:
            return True
    return False


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    roots = [op for op in ('__lt__', '__le__', '__gt__', '__ge__') if _defines(cls, op)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = roots[0]
    for op in ('__lt__', '__le__', '__gt__', '__ge__'):
        if op != root and op not in roots:
            setattr(cls, op, _derive_fast(op, root))
    return cls


def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function"""
    class K(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


# ----------------------------------------------------------------------------------------------
# singledispatch

def _find_impl(cls, registry):
    for klass in cls.__mro__:
        if klass in registry:
            return registry[klass]
    return registry[object]


def singledispatch(func):
    """Single-dispatch generic function decorator."""
    registry = {}
    dispatch_cache = {}

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>"""
        try:
            return dispatch_cache[cls]
        except KeyError:
            pass
        impl = _find_impl(cls, registry)
        dispatch_cache[cls] = impl
        return impl

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func"""
        if isinstance(cls, type):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(f"Invalid first argument to `register()`. "
                                f"{cls!r} is not a class or union type.")
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(f"Invalid first argument to `register()`: {cls!r}. "
                                f"Use either `@register(some_class)` or plain `@register` "
                                f"on an annotated function.")
            func = cls
            argname, cls = next(iter(ann.items()))
            if not isinstance(cls, type):
                raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} is not a class.")
        registry[cls] = func
        dispatch_cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = dispatch_cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """Single-dispatch generic method descriptor."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatcher = self.dispatcher

        def _method(*args, **kwargs):
            impl = dispatcher.dispatch(args[0].__class__)
            if obj is None:
                return impl(*args, **kwargs)
            return impl(obj, *args, **kwargs)
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

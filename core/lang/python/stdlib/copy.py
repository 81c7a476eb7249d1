# The `copy` module: shallow and deep copies (copy, deepcopy with its memo, __copy__ /
# __deepcopy__, __reduce_ex__ / __reduce__, __getstate__ / __setstate__), written from the
# documented behaviour of CPython 3.11's copy.
import sys as _sys

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error


def _fn():
    pass


class _C:
    def _m(self):
        pass


def _gen():
    yield


_function_type = type(_fn)
_method_type = type(_C()._m)
_builtin_type = type(len)
_generator_type = type(_gen())
_module_type = type(_sys)

# Values whose copies (shallow and deep) are themselves.
_atomic = {type(None), int, float, bool, str, bytes, type, range, _function_type, _builtin_type,
           type(NotImplemented), type(Ellipsis), property}
# Shallow copies of these are themselves too (their items are not copied).
_immutable = _atomic | {tuple, frozenset, slice}


def _no_copy(x):
    raise TypeError(f"cannot pickle '{type(x).__name__}' object")


def _own_method(cls, name):
    # A method `name` defined by a Python class in cls's MRO (not object's own).
    for klass in cls.__mro__:
        if klass is object:
            return None
        d = klass.__dict__
        if name in d:
            return d[name]
    return None


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _immutable:
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set:
        return x.copy()
    if cls is bytearray:
        return bytearray(x)
    if issubclass(cls, type):
        return x
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    return _via_reduce(x, cls, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic or issubclass(cls, type):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is tuple:
        items = [deepcopy(item, memo) for item in x]
        # a tuple that refers to itself through a mutable item was copied meanwhile
        if d in memo:
            return memo[d]
        y = x
        for a, b in zip(x, items):
            if a is not b:
                y = tuple(items)
                break
    elif cls is _method_type:
        y = cls(x.__func__, deepcopy(x.__self__, memo))
    else:
        copier = getattr(x, '__deepcopy__', None) if cls not in (set, frozenset, bytearray) else None
        if copier is not None:
            y = copier(memo)
        else:
            y = _via_reduce(x, cls, memo)
    # y is x for atomic values: nothing to keep
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    # Keep x alive while memo lives, so its id is not reused during this deepcopy.
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _via_reduce(x, cls, memo):
    # Copy what __reduce_ex__ / __reduce__ describe, or what object's reduction would: a new
    # instance of cls (made by cls.__new__, or from the args of a tuple subclass or exception)
    # with the state of __getstate__ or __dict__.
    deep = memo is not None
    reductor = _own_method(cls, '__reduce_ex__')
    if reductor is not None:
        rv = reductor(x, 4)
    else:
        reductor = _own_method(cls, '__reduce__')
        rv = reductor(x) if reductor is not None else None
    if rv is not None:
        if isinstance(rv, str):
            return x
        return _reconstruct(x, memo, *rv)
    if cls in (set, frozenset):
        return cls([deepcopy(v, memo) for v in x]) if deep else cls(x)
    if isinstance(x, (list, dict)):
        # a subclass: object.__reduce_ex__(4) gives cls.__new__(cls), the __dict__, and the
        # items to append or assign (through the subclass's own append / __setitem__)
        return _reconstruct(x, memo, cls.__new__, (cls,), getattr(x, '__dict__', None) or None,
                            iter(x) if isinstance(x, list) else None,
                            iter(x.items()) if isinstance(x, dict) else None)
    if cls is bytearray:
        return bytearray(x)
    if cls is _generator_type or cls is _module_type:
        _no_copy(x)
    if isinstance(x, BaseException):
        args = deepcopy(x.args, memo) if deep else x.args
        y = cls(*args)
    elif isinstance(x, tuple):
        # namedtuple classes
        items = [deepcopy(v, memo) for v in x] if deep else list(x)
        y = cls._make(items) if hasattr(cls, '_make') else cls.__new__(cls, *items)
    elif hasattr(x, '__dict__'):
        y = cls.__new__(cls)
    else:
        _no_copy(x)
    if deep:
        memo[id(x)] = y
    getstate = _own_method(cls, '__getstate__')
    state = getstate(x) if getstate is not None else (getattr(x, '__dict__', None) or None)
    if state:
        if deep:
            state = deepcopy(state, memo)
        _set_state(y, state)
    return y


def _set_state(y, state):
    setstate = getattr(y, '__setstate__', None)
    if setstate is not None:
        setstate(state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        y.__dict__.update(state)
    if slotstate:
        for key, value in slotstate.items():
            setattr(y, key, value)


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *rest):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        _set_state(y, state)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key, value = deepcopy(key, memo), deepcopy(value, memo)
            y[key] = value
    return y

# The `dataclasses` module, written from the documented behaviour of CPython 3.11's dataclasses.
# Without exec the methods are not generated source: __init__ is one generic function per class
# that binds its arguments as the generated one would (CPython's messages for missing, extra and
# repeated arguments), and inspect.signature reads the fields to show the generated signature.
import copy as _copy
import types as _types

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING', 'fields',
           'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FieldKind:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FieldKind('_FIELD')
_FIELD_CLASSVAR = _FieldKind('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FieldKind('_FIELD_INITVAR')


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            name = self.type.__name__
        else:
            name = repr(self.type)
        return 'dataclasses.InitVar[' + name + ']'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash', 'init', 'compare', 'metadata',
                 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _types.MappingProxyType(dict(metadata) if metadata else {})
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(name=' + repr(self.name) + ',type=' + repr(self.type) + ',default=' + repr(self.default) +
                ',default_factory=' + repr(self.default_factory) + ',init=' + repr(self.init) + ',repr=' +
                repr(self.repr) + ',hash=' + repr(self.hash) + ',compare=' + repr(self.compare) + ',metadata=' +
                repr(self.metadata) + ',kw_only=' + repr(self.kw_only) + ',_field_type=' +
                repr(self._field_type) + ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=' + repr(self.init) + ',repr=' + repr(self.repr) + ',eq=' + repr(self.eq) +
                ',order=' + repr(self.order) + ',unsafe_hash=' + repr(self.unsafe_hash) + ',frozen=' +
                repr(self.frozen) + ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING):
    """Describe one field of a dataclass (default, default_factory, init, repr, compare, ...)."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(tp):
    if isinstance(tp, str):
        return tp.startswith('ClassVar') or tp.startswith('typing.ClassVar')
    typing = _typing()
    if typing is None:
        return False
    return tp is typing.ClassVar or (isinstance(tp, typing._GenericAlias) and tp.__origin__ is typing.ClassVar)


def _is_initvar(tp):
    if isinstance(tp, str):
        return tp.startswith('InitVar') or tp.startswith('dataclasses.InitVar')
    return tp is InitVar or isinstance(tp, InitVar)


def _typing():
    import typing
    return typing


def _get_field(cls, name, tp, kw_only):
    default = getattr(cls, name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        if isinstance(default, _types.MemberDescriptorType if hasattr(_types, 'MemberDescriptorType') else ()):
            default = MISSING
        f = field(default=default)
    f.name = name
    f.type = tp
    f._field_type = _FIELD
    if _is_classvar(tp):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(tp):
        f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError('field ' + name + ' cannot have a default factory')
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError('field ' + name + ' is a ClassVar but specifies kw_only')
    if f._field_type is _FIELD and isinstance(f.default, (list, dict, set)):
        raise ValueError('mutable default ' + repr(type(f.default)) + ' for field ' + name +
                         ' is not allowed: use default_factory')
    return f


def _names(names):
    quoted = ["'" + n + "'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _make_init(cls, all_fields, frozen, has_post_init):
    qual = cls.__qualname__ + '.__init__'
    init_fields = [f for f in all_fields if f.init and f._field_type in (_FIELD, _FIELD_INITVAR)]
    pos = [f for f in init_fields if not f.kw_only]
    kw = [f for f in init_fields if f.kw_only]
    seen_default = None
    for f in pos:
        if _has_default(f):
            seen_default = f
        elif seen_default is not None:
            raise TypeError('non-default argument ' + repr(f.name) + ' follows default argument')
    by_name = {f.name: f for f in init_fields}
    npos = len(pos)
    ndef = sum(1 for f in pos if _has_default(f))
    plain = [f for f in all_fields if f._field_type is _FIELD]
    initvars = [f for f in all_fields if f._field_type is _FIELD_INITVAR]

    def __init__(self, *args, **kwargs):
        if len(args) > npos:
            if ndef:
                takes = 'from ' + str(npos - ndef + 1) + ' to ' + str(npos + 1) + ' positional arguments'
            else:
                takes = str(npos + 1) + ' positional argument' + ('' if npos == 0 else 's')
            given = len(args) + 1
            raise TypeError(qual + '() takes ' + takes + ' but ' + str(given) + (' was' if given == 1 else ' were') +
                            ' given')
        values = {}
        for f, a in zip(pos, args):
            values[f.name] = a
        for k, v in kwargs.items():
            if k not in by_name:
                raise TypeError(qual + "() got an unexpected keyword argument '" + k + "'")
            if k in values:
                raise TypeError(qual + "() got multiple values for argument '" + k + "'")
            values[k] = v
        missing = [f.name for f in pos if f.name not in values and not _has_default(f)]
        if missing:
            raise TypeError(qual + '() missing ' + str(len(missing)) + ' required positional argument' +
                            ('s' if len(missing) > 1 else '') + ': ' + _names(missing))
        missing = [f.name for f in kw if f.name not in values and not _has_default(f)]
        if missing:
            raise TypeError(qual + '() missing ' + str(len(missing)) + ' required keyword-only argument' +
                            ('s' if len(missing) > 1 else '') + ': ' + _names(missing))
        for f in init_fields:
            if f.name not in values:
                values[f.name] = f.default_factory() if f.default_factory is not MISSING else f.default
        for f in plain:
            if f.init:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                continue
            if frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__(*[values[f.name] for f in initvars])

    __init__.__qualname__ = qual
    __init__.__dataclass_init_fields__ = (pos, kw)
    return __init__


_repr_running = set()


def _make_repr(fields_):
    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            return (self.__class__.__qualname__ + '(' +
                    ', '.join(f.name + '=' + repr(getattr(self, f.name)) for f in fields_) + ')')
        finally:
            _repr_running.discard(key)
    return __repr__


def _tuple_of(self, fields_):
    return tuple(getattr(self, f.name) for f in fields_)


def _make_cmp(name, fields_, op):
    def method(self, other):
        if other.__class__ is self.__class__:
            return op(_tuple_of(self, fields_), _tuple_of(other, fields_))
        return NotImplemented
    method.__name__ = name
    return method


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _frozen_methods(cls, fields_):
    names = {f.name for f in fields_}

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot assign to field ' + repr(name))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot delete field ' + repr(name))
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    all_fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get('__dataclass_fields__')
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if b.__dict__['__dataclass_params__'].frozen:
                any_frozen_base = True
    annotations = cls.__dict__.get('__annotations__', {})
    own = []
    kw_flag = kw_only
    for name, tp in annotations.items():
        if tp is KW_ONLY or (isinstance(tp, str) and tp in ('KW_ONLY', 'dataclasses.KW_ONLY')):
            if kw_flag is True and kw_only is not True:
                raise TypeError(repr(name) + ' is KW_ONLY, but KW_ONLY has already been specified')
            kw_flag = True
            continue
        own.append(_get_field(cls, name, tp, kw_flag))
    for f in own:
        all_fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(repr(name) + ' is a field but has no type annotation')
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen and any(b.__dict__.get('__dataclass_fields__') is not None
                                                  for b in cls.__mro__[1:]):
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')
    cls.__dataclass_fields__ = all_fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)
    field_list = [f for f in all_fields.values() if f._field_type is _FIELD]
    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))
    if init:
        has_post_init = hasattr(cls, '__post_init__')
        _set_new_attribute(cls, '__init__', _make_init(cls, list(all_fields.values()), frozen, has_post_init))
    if repr:
        _set_new_attribute(cls, '__repr__', _make_repr([f for f in field_list if f.repr]))
    cmp_fields = [f for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _make_cmp('__eq__', cmp_fields, lambda a, b: a == b))
    if order:
        if not eq:
            raise ValueError('eq must be true if order is true')
        for name, op in (('__lt__', lambda a, b: a < b), ('__le__', lambda a, b: a <= b),
                         ('__gt__', lambda a, b: a > b), ('__ge__', lambda a, b: a >= b)):
            if _set_new_attribute(cls, name, _make_cmp(name, cmp_fields, op)):
                raise TypeError('Cannot overwrite attribute ' + name + ' in class ' + cls.__name__ +
                                '. Consider using functools.total_ordering')
    if frozen:
        setter, deleter = _frozen_methods(cls, field_list)
        for name, fn in (('__setattr__', setter), ('__delattr__', deleter)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError('Cannot overwrite attribute ' + name + ' in class ' + cls.__name__)
    hash_fields = [f for f in field_list if (f.compare if f.hash is None else f.hash)]

    def __hash__(self):
        return hash(_tuple_of(self, hash_fields))
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class ' + cls.__name__)
        cls.__hash__ = __hash__
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = __hash__
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None
    if not getattr(cls, '__doc__'):
        try:
            import inspect
            cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(' -> None', '')
        except (TypeError, ValueError):
            cls.__doc__ = ''
    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in all_fields.values()
                                                       if f.init and f._field_type is _FIELD and not f.kw_only))
    if slots:
        # GraphLens has no slot descriptors: __slots__ is recorded, attributes stay in __dict__
        if '__slots__' in cls.__dict__:
            raise TypeError(cls.__name__ + ' already specifies __slots__')
        cls.__slots__ = tuple(f.name for f in field_list)
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Add __init__, __repr__, __eq__ (and more on request) to a class from its annotated fields."""
    def wrap(c):
        return _process_class(c, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """The fields of a dataclass or instance, in order (not ClassVars or InitVars)."""
    try:
        fs = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fs.values() if f._field_type is _FIELD)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def asdict(obj, *, dict_factory=dict):
    """A dataclass instance as a dict, recursing into dataclasses, lists, tuples and dicts."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """A dataclass instance as a tuple, recursing like asdict."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def replace(obj, /, **changes):
    """A new instance of obj's dataclass with some fields changed."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in obj.__dataclass_fields__.values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field ' + f.name + ' is declared with init=False, it cannot be specified with '
                                 'replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar ' + repr(f.name) + ' must be specified with replace()')
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    """Create a dataclass from (name, type[, Field]) specs."""
    ns = dict(namespace or {})
    annotations = {}
    seen = set()
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            ns[name] = spec
        else:
            raise TypeError('Invalid field: ' + repr(item))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError('Field names must be valid identifiers: ' + repr(name))
        if name in seen:
            raise TypeError('Field name duplicated: ' + repr(name))
        seen.add(name)
        annotations[name] = tp
    ns['__annotations__'] = annotations
    ns['__module__'] = module or '__main__'
    ns['__qualname__'] = cls_name
    cls = type(cls_name, tuple(bases), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots)

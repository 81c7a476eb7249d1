# The `enum` module: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, written from the
# documented behaviour of CPython 3.11's enum. IntEnum / IntFlag / StrEnum members (and those of
# enums mixing in int, str or float) are instances of that type; a mixin class before Enum in
# their bases gives them their value's arithmetic, comparisons and hashing, and the type itself
# comes last so that Enum's repr, str and format win over the type's (CPython's EnumType copies
# Enum's methods onto such classes instead).
import types as _types

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum', 'auto',
           'unique', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP', 'member', 'nonmember',
           'property', 'verify', 'global_enum']

_builtin_property = property


class auto:
    """Stands for a member value chosen by _generate_next_value_."""

    def __init__(self, value=None):
        self._given = value

    def __repr__(self):
        return 'auto(...)' if self._given is None else 'auto(' + repr(self._given) + ')'

    # In a class body CPython has already replaced an auto() by its value (AB = A | B); here
    # the values come once the body has run, so operators on autos are kept and evaluated then.
    def __or__(self, other):
        return _AutoExpr(lambda a, b: a | b, self, other)

    def __ror__(self, other):
        return _AutoExpr(lambda a, b: a | b, other, self)

    def __and__(self, other):
        return _AutoExpr(lambda a, b: a & b, self, other)

    def __rand__(self, other):
        return _AutoExpr(lambda a, b: a & b, other, self)

    def __xor__(self, other):
        return _AutoExpr(lambda a, b: a ^ b, self, other)

    def __rxor__(self, other):
        return _AutoExpr(lambda a, b: a ^ b, other, self)


class _AutoExpr(auto):
    def __init__(self, op, left, right):
        auto.__init__(self)
        self._op = op
        self._left = left
        self._right = right

    def _evaluate(self):
        return self._op(_auto_value(self._left), _auto_value(self._right))


def _auto_value(x):
    if isinstance(x, _AutoExpr):
        return x._evaluate()
    if isinstance(x, auto):
        return x._resolved
    return x


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1] != '_' and name[-2] != '_'


def _is_private(cls_name, name):
    prefix = '_' + cls_name.lstrip('_') + '__'
    return name.startswith(prefix) and not name.endswith('__')


def _is_descriptor(obj):
    if isinstance(obj, (_types.FunctionType, classmethod, staticmethod, _builtin_property, type)):
        return isinstance(obj, (_types.FunctionType, classmethod, staticmethod, _builtin_property))
    t = type(obj)
    return hasattr(t, '__get__') or hasattr(t, '__set__') or hasattr(t, '__delete__')


def _high_bit(value):
    return value.bit_length() - 1


def _power_of_two(value):
    return value > 0 and value & (value - 1) == 0


def _bits(value):
    out = []
    bit = 1
    while bit <= value:
        if value & bit:
            out.append(bit)
        bit <<= 1
    return out


class FlagBoundary:
    def __init__(self, name):
        self.name = name
        self.value = name.lower()

    def __repr__(self):
        return '<FlagBoundary.' + self.name + ": '" + self.value + "'>"


STRICT = FlagBoundary('STRICT')
CONFORM = FlagBoundary('CONFORM')
EJECT = FlagBoundary('EJECT')
KEEP = FlagBoundary('KEEP')


# Stand-ins for the builtin types an enum may mix in (class Color(int, Enum)).
class _ValueMixin:
    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError("'" + type(self).__name__ + "' object has no attribute '" + name + "'")
        return getattr(self._value_, name)

    def __eq__(self, other):
        return self._value_ == _plain(other)

    def __ne__(self, other):
        return self._value_ != _plain(other)

    def __lt__(self, other):
        return self._value_ < _plain(other)

    def __le__(self, other):
        return self._value_ <= _plain(other)

    def __gt__(self, other):
        return self._value_ > _plain(other)

    def __ge__(self, other):
        return self._value_ >= _plain(other)

    def __hash__(self):
        return hash(self._value_)

    def __bool__(self):
        return bool(self._value_)


def _plain(x):
    return x._value_ if isinstance(x, _ValueMixin) else x


class _IntMixin(_ValueMixin):
    def __int__(self):
        return int(self._value_)

    def __index__(self):
        return int(self._value_)

    def __float__(self):
        return float(self._value_)

    def __add__(self, o):
        return self._value_ + _plain(o)

    def __radd__(self, o):
        return _plain(o) + self._value_

    def __sub__(self, o):
        return self._value_ - _plain(o)

    def __rsub__(self, o):
        return _plain(o) - self._value_

    def __mul__(self, o):
        return self._value_ * _plain(o)

    def __rmul__(self, o):
        return _plain(o) * self._value_

    def __truediv__(self, o):
        return self._value_ / _plain(o)

    def __rtruediv__(self, o):
        return _plain(o) / self._value_

    def __floordiv__(self, o):
        return self._value_ // _plain(o)

    def __rfloordiv__(self, o):
        return _plain(o) // self._value_

    def __mod__(self, o):
        return self._value_ % _plain(o)

    def __rmod__(self, o):
        return _plain(o) % self._value_

    def __pow__(self, o):
        return self._value_ ** _plain(o)

    def __rpow__(self, o):
        return _plain(o) ** self._value_

    def __neg__(self):
        return -self._value_

    def __pos__(self):
        return +self._value_

    def __abs__(self):
        return abs(self._value_)

    def __lshift__(self, o):
        return self._value_ << _plain(o)

    def __rshift__(self, o):
        return self._value_ >> _plain(o)

    def __or__(self, o):
        return self._value_ | _plain(o)

    def __ror__(self, o):
        return _plain(o) | self._value_

    def __and__(self, o):
        return self._value_ & _plain(o)

    def __rand__(self, o):
        return _plain(o) & self._value_

    def __xor__(self, o):
        return self._value_ ^ _plain(o)

    def __rxor__(self, o):
        return _plain(o) ^ self._value_

    def __invert__(self):
        return ~self._value_


class _FloatMixin(_IntMixin):
    pass


class _StrMixin(_ValueMixin):
    def __len__(self):
        return len(self._value_)

    def __getitem__(self, i):
        return self._value_[i]

    def __iter__(self):
        return iter(self._value_)

    def __contains__(self, x):
        return _plain(x) in self._value_

    def __add__(self, o):
        return self._value_ + _plain(o)

    def __radd__(self, o):
        return _plain(o) + self._value_

    def __mul__(self, n):
        return self._value_ * n

    def __mod__(self, args):
        return self._value_ % args


_MIXINS = {int: _IntMixin, str: _StrMixin, float: _FloatMixin}


def _new_member(enum_class, args):
    # a member of an enum that mixes in int, str or float is made by that type's __new__
    for base in enum_class.__mro__:
        if base in _MIXINS:
            return base.__new__(enum_class, *args)
    return object.__new__(enum_class)


class EnumType(type):
    """Metaclass of Enum: turns the class body's plain attributes into members."""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        bases = tuple(_MIXINS.get(b, b) for b in bases) + tuple(b for b in bases if b in _MIXINS)
        first_enum = None
        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType):
                    if first_enum is None:
                        first_enum = base
                    if base._member_names_:
                        raise TypeError('<enum ' + repr(cls) + '> cannot extend ' + repr(base))
        ignore = classdict.get('_ignore_', [])
        if isinstance(ignore, str):
            ignore = ignore.replace(',', ' ').split()
        members = []
        body = {}
        for key, value in classdict.items():
            if key in ignore or key == '_ignore_':
                continue
            if isinstance(value, nonmember):
                body[key] = value.value
            elif isinstance(value, member):
                members.append((key, value.value))
            elif (_is_dunder(key) or _is_sunder(key) or _is_private(cls, key) or _is_descriptor(value)):
                body[key] = value
            else:
                members.append((key, value))
        gen = body.get('_generate_next_value_')
        if isinstance(gen, staticmethod):
            gen = gen.__func__
        if gen is None and first_enum is not None:
            gen = first_enum._generate_next_value_
        resolved = []
        last_values = []
        for key, value in members:
            if isinstance(value, _AutoExpr):
                value._resolved = value = value._evaluate()
            elif isinstance(value, auto):
                given = value
                if value._given is not None:
                    value = value._given
                else:
                    value = gen(key, 1, len(last_values), last_values[:])
                given._resolved = value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(gen(key, 1, len(last_values), last_values[:]) if isinstance(v, auto) else v
                              for v in value)
            resolved.append((key, value))
            last_values.append(value)
        new_member = body.pop('__new__', None)
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        if new_member is None and first_enum is not None:
            new_member = first_enum.__dict__.get('_new_member_') or getattr(first_enum, '_new_member_', None)
        body['_member_names_'] = []
        body['_member_map_'] = {}
        body['_value2member_map_'] = {}
        body['_new_member_'] = new_member
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        if boundary is None:
            boundary = getattr(enum_class, '_boundary_', None)
        type.__setattr__(enum_class, '_boundary_', boundary)
        is_flag = Flag is not None and issubclass(enum_class, Flag)
        init = getattr(enum_class, '__init__', None)
        has_init = first_enum is not None and init is not None and init is not object.__init__
        for key, value in resolved:
            args = value if isinstance(value, tuple) else (value,)
            if new_member is not None:
                m = new_member(enum_class, *args)
                if not hasattr(m, '_value_'):
                    m._value_ = value
            else:
                if enum_class.__dict__.get('_member_type_') is str or issubclass(enum_class, _StrMixin):
                    if not isinstance(value, str):
                        raise TypeError(repr(value) + ' is not a string')
                m = _new_member(enum_class, args)
                m._value_ = value
            m._name_ = key
            m.__objclass__ = enum_class
            if has_init and type(init) is _types.FunctionType:
                init(m, *args)
            canonical = None
            for other in enum_class._member_map_.values():
                if other._value_ == m._value_:
                    canonical = other
                    break
            if canonical is not None:
                m = canonical
            elif is_flag and not (isinstance(m._value_, int) and (_power_of_two(m._value_) or m._value_ == 0)):
                pass
            else:
                enum_class._member_names_.append(key)
            enum_class._member_map_[key] = m
            try:
                enum_class._value2member_map_.setdefault(m._value_, m)
            except TypeError:
                pass
            type.__setattr__(enum_class, key, m)
        if is_flag:
            mask = 0
            for m in enum_class._member_map_.values():
                mask |= m._value_
            type.__setattr__(enum_class, '_flag_mask_', mask)
            type.__setattr__(enum_class, '_all_bits_', 2 ** mask.bit_length() - 1)
        return enum_class

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            return cls._lookup_(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start,
                            boundary=boundary)

    def _lookup_(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError(repr(value) + ' is not a valid ' + cls.__qualname__)
        raise TypeError('error in ' + cls.__name__ + '._missing_: returned ' + repr(result) +
                        ' instead of None or a valid member')

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        bases = (cls,) if type is None else (type, cls)
        ns = {}
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        names = list(names.items()) if isinstance(names, dict) else list(names)
        if names and isinstance(names[0], str):
            gen = cls._generate_next_value_
            values = []
            for i, n in enumerate(names):
                values.append(gen(n, start, i, values[:]))
            names = list(zip(names, values))
        for n, v in names:
            ns[n] = v
        ns['__module__'] = module or '__main__'
        if qualname is not None:
            ns['__qualname__'] = qualname
        return EnumType(class_name, bases, ns, boundary=boundary)

    def __contains__(cls, obj):
        if not isinstance(obj, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(obj).__qualname__ + "' and '" +
                            type(cls).__qualname__ + "'")
        return isinstance(obj, cls) and obj._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[n] for n in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[n] for n in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag '" + cls.__name__ + "'>"
        return "<enum '" + cls.__name__ + "'>"

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get('_member_map_', {}):
            raise AttributeError('cannot reassign member ' + repr(name))
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls.__dict__.get('_member_map_', {}):
            raise AttributeError(repr(cls.__name__) + ' cannot delete member ' + repr(name) + '.')
        super().__delattr__(name)

    @_builtin_property
    def __members__(cls):
        return _types.MappingProxyType(dict(cls._member_map_))


EnumMeta = EnumType
Flag = None
Enum = None


class Enum(metaclass=EnumType):
    """Generic enumeration: subclass it and list the members as class attributes."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return '<' + type(self).__name__ + '.' + self._name_ + ': ' + repr(self._value_) + '>'

    def __str__(self):
        return type(self).__name__ + '.' + self._name_

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return type(self), (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __dir__(self):
        return ['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value']

    @_builtin_property
    def name(self):
        return self._name_

    @_builtin_property
    def value(self):
        return self._value_


class ReprEnum(Enum):
    """An enum whose str() and format() are its value's (repr stays the enum's)."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


class IntEnum(int, ReprEnum):
    """An enum whose members behave as ints."""


class StrEnum(str, ReprEnum):
    """An enum whose members behave as strs."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def _bin(num, max_bits):
    digits = format(num, 'b')
    if len(digits) < max_bits:
        digits = '0' * (max_bits - len(digits)) + digits
    return '0b0 ' + digits


class Flag(Enum, boundary=STRICT):
    """An enum of bit flags combined with |, & and ^."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            high = max(high, _high_bit(v))
        return 2 ** (high + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(repr(value) + ' is not a valid ' + cls.__qualname__)
        mask = cls._flag_mask_
        if value < 0:
            value = value & cls._all_bits_
        extra = value & ~mask
        if extra and cls._boundary_ is STRICT:
            bits = max(value.bit_length(), mask.bit_length())
            raise ValueError(repr(cls) + ' invalid value ' + repr(value) + '\n    given ' + _bin(value, bits) +
                             '\n  allowed ' + _bin(mask, bits))
        if extra and cls._boundary_ is CONFORM:
            value &= mask
            extra = 0
        pseudo = _new_member(cls, (value,))
        pseudo._value_ = value
        names = [m._name_ for m in cls if m._value_ & value]
        if extra:
            names.append(hex(extra) if cls._boundary_ is not KEEP else str(extra))
        pseudo._name_ = '|'.join(names) if names else None
        return cls._value2member_map_.setdefault(value, pseudo)

    def __repr__(self):
        if self._name_ is None:
            return '<' + type(self).__name__ + ': ' + repr(self._value_) + '>'
        return '<' + type(self).__name__ + '.' + self._name_ + ': ' + repr(self._value_) + '>'

    def __str__(self):
        if self._name_ is None:
            return type(self).__name__ + '(' + repr(self._value_) + ')'
        return type(self).__name__ + '.' + self._name_

    def __bool__(self):
        return bool(self._value_)

    def __hash__(self):
        return hash(self._value_)

    def _other_value(self, other):
        if isinstance(other, type(self)):
            return other._value_
        if isinstance(self, _IntMixin) and isinstance(other, int):
            return other
        return None

    def __or__(self, other):
        v = self._other_value(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ | v)

    def __and__(self, other):
        v = self._other_value(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ & v)

    def __xor__(self, other):
        v = self._other_value(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ ^ v)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return type(self)(self._flag_mask_ ^ self._value_)

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(other).__qualname__ + "' and '" +
                            type(self).__qualname__ + "'")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter([m for m in type(self) if m._value_ & self._value_ and _power_of_two(m._value_)])

    def __len__(self):
        return len(_bits(self._value_))


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """A Flag whose members behave as ints."""

    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__or__
    __rand__ = Flag.__and__
    __rxor__ = Flag.__xor__
    __invert__ = Flag.__invert__
    __contains__ = Flag.__contains__
    __iter__ = Flag.__iter__
    __len__ = Flag.__len__
    __bool__ = Flag.__bool__
    __hash__ = Flag.__hash__
    __repr__ = Flag.__repr__


def unique(enumeration):
    """Class decorator: refuse aliases (members sharing a value)."""
    duplicates = [(name, m._name_) for name, m in enumeration.__members__.items() if name != m._name_]
    if duplicates:
        raise ValueError('duplicate values found in ' + repr(enumeration) + ': ' +
                         ', '.join(a + ' -> ' + b for a, b in duplicates))
    return enumeration


def verify(*checks):
    def decorate(enumeration):
        return enumeration
    return decorate


def global_enum(cls):
    return cls


property = _builtin_property

# enum members in use: iteration and len (aliases skipped), __members__, name/value, methods and
# properties on members, tuple values with __init__, a custom __new__ setting _value_,
# _missing_, _ignore_, auto with _generate_next_value_, the functional API, dict keys, identity.
from enum import Enum, IntEnum, auto
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)
print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 2), Planet((3.303e+23, 2.4397e6)))
class Weekday(Enum):
    MON = auto()
    TUE = auto()
    WED = 10
    THU = auto()
    def is_early(self):
        return self.value < 3
    @classmethod
    def first(cls):
        return next(iter(cls))
print(list(Weekday), len(Weekday), Weekday.TUE.is_early(), Weekday.first(), [d.name for d in reversed(Weekday)])
print(Weekday.THU.value, Weekday.MON in Weekday, Weekday["WED"], Weekday(10), Weekday.MON is Weekday(1))
class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2
print([s.name for s in Shape], list(Shape.__members__), Shape.ALIAS_FOR_SQUARE is Shape.SQUARE, Shape(2).name)
class Lower(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)
    ALPHA = auto()
    BETA = auto()
print(Lower.ALPHA.value, Lower.BETA.value)
class Coded(Enum):
    def __new__(cls, code, label):
        obj = object.__new__(cls)
        obj._value_ = code
        obj.label = label
        return obj
    OK = (200, "fine")
    MISSING = (404, "not found")
print(Coded(404), Coded.OK.label, Coded.OK.value)
class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"
    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None
print(Status("ACTIVE"), Status("Inactive"))
try:
    Status("gone")
except ValueError as e:
    print("ValueError", e)
class Ign(Enum):
    _ignore_ = ["tmp"]
    tmp = 5
    A = 1
print(list(Ign), hasattr(Ign, "tmp"))
Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, repr(Animal))
Sizes = Enum("Sizes", [("S", 1), ("M", 5)])
print(Sizes.M, Sizes(1))
Nums = IntEnum("Nums", {"ONE": 1, "TWO": 2})
print(Nums.TWO + 3, list(Nums))
counts = {Weekday.MON: 1, Weekday.TUE: 2}
print(counts[Weekday.MON], Weekday.MON == Weekday.MON, Weekday.MON != Weekday.TUE, Weekday.MON == 1)
print(isinstance(Weekday.MON, Weekday), type(Weekday.MON) is Weekday, Weekday.MON.__class__.__name__)
print(sorted(Weekday, key=lambda d: d.value, reverse=True))

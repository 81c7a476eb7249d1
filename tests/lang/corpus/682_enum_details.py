# enum details: docstrings and __members__ items, IntEnum arithmetic/indexing/hashing/format,
# StrEnum as a str, the StrEnum non-string TypeError, Flag aliases built with | in the body,
# iteration of Flag members, inherited enum methods, unique().
import enum
class Status(enum.Enum):
    """Job states."""
    PENDING = "p"
    DONE = "d"
print(Status.__doc__, Status.PENDING.__doc__ if False else "", len(Status.__members__), list(Status.__members__.items()))
print(Status.DONE.name, Status.DONE.value, repr(Status("p")), Status.PENDING == Status.PENDING, Status.PENDING is Status["PENDING"])
class Num(enum.IntEnum):
    LOW = 1
    HIGH = 10
print(Num.LOW + Num.HIGH, Num.HIGH * 2, Num.LOW == 1, 1 == Num.LOW, hash(Num.LOW) == hash(1), [10, 20][Num.LOW], int(Num.HIGH), float(Num.LOW))
print(sorted([3, Num.HIGH, Num.LOW]), Num(10), Num.LOW < 5, str(Num.LOW), repr(Num.HIGH), f"{Num.HIGH:>4}|")
class Shade(enum.StrEnum):
    DARK = enum.auto()
    LIGHT = "light"
print(Shade.DARK, Shade.DARK == "dark", Shade.LIGHT.upper(), Shade.DARK + "!", "li" in Shade.LIGHT, len(Shade.LIGHT), {"dark": 1}[Shade.DARK])
try:
    class Bad(enum.StrEnum):
        X = 1
except TypeError as e:
    print("TypeError", e)
try:
    Status.PENDING.value = "z"
except AttributeError as e:
    print("AttributeError")
class Flags(enum.Flag):
    A = enum.auto()
    B = enum.auto()
    C = enum.auto()
    AB = A | B
print(Flags.AB, list(Flags), Flags.A | Flags.B is Flags.AB, repr(Flags.A | Flags.C), Flags(7), Flags.AB & Flags.A)
print([m.name for m in Flags.AB], Flags.C in Flags.AB, Flags(0) == Flags(0), bool(Flags.A))
try:
    Flags["Z"]
except KeyError as e:
    print("KeyError", e)
class Base(enum.Enum):
    def label(self):
        return self.name.title()
class Child(Base):
    RED = 1
print(Child.RED.label(), isinstance(Child.RED, Base), Child.__mro__[1].__name__)
print(enum.unique(Status) is Status)

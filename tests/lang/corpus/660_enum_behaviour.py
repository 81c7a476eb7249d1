# enum: reprs/str/format as 3.11 prints them, lookups and their errors, aliases, @unique, member
# protection, Flag/IntFlag combination and boundaries, StrEnum/IntEnum values, comparisons.
from enum import Enum, IntEnum, Flag, IntFlag, StrEnum, auto, unique
class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1
print(repr(Color), str(Color), Color.__members__)
try: Color(5)
except ValueError as e: print(e)
try: Color['X']
except KeyError as e: print(repr(e))
try:
    class C2(Color): X = 3
except TypeError as e: print(e)
try:
    @unique
    class U(Enum):
        A = 1; B = 1; C=2; D=2
except ValueError as e: print(e)
try: Color.RED = 3
except AttributeError as e: print(e)
try: del Color.RED
except AttributeError as e: print(e)
class P(Flag):
    R = auto(); W = auto(); X = auto()
print(repr(P.R|P.W), str(P.R|P.W), repr(P(0)), str(P(0)), list(P.R|P.X), P.R in (P.R|P.W), repr(~P.R), bool(P(0)))
class IP(IntFlag):
    R = 4; W = 2
print(repr(IP.R|IP.W), str(IP.R|IP.W), IP.R|IP.W == 6, repr(IP.R | 8), format(IP.R))
class S(StrEnum):
    A = auto(); B = 'bee'
print(repr(S.A), str(S.A), S.B.upper(), format(S.A), f'{S.B}')
class I(IntEnum):
    ONE = 1; TWO = 2
print(repr(I.ONE), str(I.ONE), I.ONE + 1, format(I.TWO, '03d'), f'{I.ONE}', I.ONE < I.TWO, I(2), sorted([I.TWO, I.ONE]))
print(format(Color.RED), f'{Color.RED:>12}', hash(Color.RED) == hash('RED'))
try: Color.RED < Color.GREEN
except TypeError as e: print(e)
print(Color.RED.__class__, Color.RED._name_, P.R._value_)
try: P(8)
except ValueError as e: print(e)
print(Color._member_names_)

# IntEnum, StrEnum, IntFlag and enums mixing in str or int: members are instances of that type,
# so json, isinstance checks, indexing and the type's methods see the value.
import enum
import json


class Split(str, enum.Enum):
    TRAIN = "train"
    TEST = "test"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 3


class Act(enum.StrEnum):
    RELU = enum.auto()
    GELU = enum.auto()


class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1


print(isinstance(Split.TRAIN, str), isinstance(Level.HIGH, int), isinstance(Act.RELU, str), isinstance(Perm.R, int))
print(json.dumps({"split": Split.TRAIN, "level": Level.HIGH, "act": Act.GELU, "perm": Perm.R | Perm.W}))
print(Split.TRAIN.upper(), Split.TEST.startswith("te"), Act.RELU.capitalize(), "-".join([Act.RELU, Act.GELU]))
print(Level.HIGH + 1, Level.LOW * 10, [0, 10, 20, 30][Level.HIGH], list(range(Level.HIGH)), Level.HIGH.bit_length())
print(repr(Split.TRAIN), str(Split.TRAIN), f"{Split.TRAIN}", repr(Level.LOW), str(Level.LOW), f"{Level.LOW:03d}")
print(repr(Act.RELU), str(Act.RELU), f"{Act.RELU:>6}", Act("gelu") is Act.GELU, Act.RELU == "relu")
print(repr(Perm.R | Perm.X), Perm.R | Perm.X == 5, int(Perm.W), Perm(6), Perm.R in Perm(5), str(Perm(7)))
print({"train": 1}[Split.TRAIN], Level(3) is Level.HIGH, sorted([Level.HIGH, 2, Level.LOW]), max(Level))
print(type(Level.HIGH + 1).__name__, type(Split.TRAIN.upper()).__name__, hash(Level.LOW) == hash(1))
print(Split.TRAIN.value, Split.TRAIN.name, Level.HIGH.value, len(Split), [m.value for m in Act])

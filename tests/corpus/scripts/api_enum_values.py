# Members of IntEnum, IntFlag, StrEnum and float-mixing enums are the values they stand for when
# TF converts them: tf.constant of an IntEnum member is int32, lists of them pack, a StrEnum member
# is a string tensor, and plain Enum members are refused as TF refuses them.
import enum
import tensorflow as tf

class Color(enum.IntEnum):
    RED = 3
    GREEN = 4

class Perm(enum.IntFlag):
    R = 4
    W = 2

class Mode(str, enum.Enum):
    TRAIN = "train"
    EVAL = "eval"

class Rate(float, enum.Enum):
    SLOW = 0.5
    FAST = 2.0

class Plain(enum.Enum):
    A = 1

print(tf.constant(Color.RED))
print(tf.constant([Color.RED, Color.GREEN]))
print(tf.constant(Perm.R | Perm.W))
print(tf.constant(Mode.TRAIN))
print(tf.constant([Rate.SLOW, Rate.FAST]))
print(tf.constant(Color.GREEN, dtype=tf.float32))
print(tf.add(Color.RED, 1))
print(tf.range(Color.RED))
print(tf.reshape(tf.range(12), [Color.RED, Color.GREEN]).shape)
print(tf.zeros([Color.RED]).shape)

class MyInt(int):
    pass

print(tf.constant(MyInt(7)))
print(tf.constant([[MyInt(1), 2], [3, MyInt(4)]]))
try:
    tf.constant(Plain.A)
except (ValueError, TypeError) as e:
    print(type(e).__name__, str(e)[:80])

@tf.function
def scale(x, c):
    return x * tf.cast(c, x.dtype)

print(scale(tf.constant([1.0, 2.0]), Color.GREEN))

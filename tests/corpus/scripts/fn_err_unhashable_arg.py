# An unhashable Python object as a tf.function argument: no trace type, TypeError.
import tensorflow as tf

class Unhashable:
    __hash__ = None

@tf.function
def f(x, obj):
    return x

try:
    f(tf.constant(1), Unhashable())
except Exception as e:
    print(type(e).__name__)

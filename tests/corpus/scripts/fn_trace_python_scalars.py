# Tracing: Python scalars are part of the cache key by value; 1, 1.0 and True compare equal.
import tensorflow as tf

@tf.function
def f(x):
    print("trace with", repr(x))
    return tf.constant(x) * 2

f(1)
f(1.0)
f(True)
f(2)
f(2)
print(f.experimental_get_tracing_count())

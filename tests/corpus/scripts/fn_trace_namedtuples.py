# Tracing: namedtuples of tensors; a new value of the same structure reuses the trace;
# another namedtuple type with the same fields retraces.
import collections
import tensorflow as tf

Point = collections.namedtuple("Point", ["x", "y"])

@tf.function
def norm2(p):
    return p.x * p.x + p.y * p.y

print(norm2(Point(tf.constant(3.0), tf.constant(4.0))).numpy())
print(norm2(Point(tf.constant(1.0), tf.constant(1.0))).numpy())
Other = collections.namedtuple("Other", ["x", "y"])
print(norm2(Other(tf.constant(3.0), tf.constant(4.0))).numpy())
print(norm2.experimental_get_tracing_count())

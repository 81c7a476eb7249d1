# Tracing: variables are keyed by dtype and shape, not by value or identity.
import tensorflow as tf

@tf.function
def read(v):
    return v * 2

v1 = tf.Variable(1.0)
v2 = tf.Variable(5.0)
v3 = tf.Variable([1.0, 2.0])
print(read(v1).numpy())
print(read(v2).numpy())
print(read.experimental_get_tracing_count())
print(read(v3).numpy())
v1.assign(7.0)
print(read(v1).numpy())
print(read.experimental_get_tracing_count())

# Tracing: a new input shape retraces; the same shape reuses the trace.
import tensorflow as tf

@tf.function
def add_one(z):
    print("new trace for", z.shape)
    return z + 1

add_one(tf.constant([1.0, 2.0]))
add_one(tf.constant([3.0, 4.0]))
add_one(tf.constant([1.0, 2.0, 3.0]))
add_one(tf.constant(1))
print(add_one.experimental_get_tracing_count())

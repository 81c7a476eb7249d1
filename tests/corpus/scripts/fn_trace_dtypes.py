# Tracing: a new dtype retraces even with the same shape.
import tensorflow as tf

@tf.function
def show_trace(x):
    print("Tracing!", x.dtype.name)
    return x + 1

print(show_trace(tf.constant(1)).numpy())
print(show_trace(tf.constant(2)).numpy())
print(show_trace(tf.constant(1.0)).numpy())
print(show_trace(tf.constant(1, dtype=tf.int64)).numpy())
print(show_trace.experimental_get_tracing_count())

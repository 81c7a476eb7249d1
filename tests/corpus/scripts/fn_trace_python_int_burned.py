# Tracing: a Python int argument is burned into the graph; each new value retraces.
import tensorflow as tf

@tf.function
def n_times(n):
    return tf.range(n) * 2

print(n_times(3).numpy())
print(n_times(5).numpy())
print(n_times(3).numpy())
print(n_times.experimental_get_tracing_count())

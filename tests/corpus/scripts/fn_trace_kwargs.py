# Tracing: keyword and positional calls bind to the same parameters and share a trace.
import tensorflow as tf

@tf.function
def f(x, y):
    return x - y

a, b = tf.constant(5), tf.constant(3)
print(f(a, b).numpy())
print(f(a, y=b).numpy())
print(f(y=b, x=a).numpy())
print(f.experimental_get_tracing_count())

# experimental_get_tracing_count before any call, after calls, and for a fresh tf.function.
import tensorflow as tf

def body(x):
    return x + 1

f = tf.function(body)
print(f.experimental_get_tracing_count())
f(tf.constant(1))
print(f.experimental_get_tracing_count())
g = tf.function(body)
print(g.experimental_get_tracing_count())
g(tf.constant(1.0))
g(tf.constant([1.0]))
print(f.experimental_get_tracing_count(), g.experimental_get_tracing_count())

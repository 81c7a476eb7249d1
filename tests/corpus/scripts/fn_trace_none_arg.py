# Tracing: None is a Python value in the key, different from a tensor.
import tensorflow as tf

@tf.function
def f(x, bias=None):
    if bias is None:
        return x
    return x + bias

print(f(tf.constant(1.0)).numpy())
print(f(tf.constant(1.0), tf.constant(2.0)).numpy())
print(f(tf.constant(3.0)).numpy())
print(f.experimental_get_tracing_count())

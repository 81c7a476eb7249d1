# Tracing: tuples of tensors; a tuple and a list of the same tensors are different keys.
import tensorflow as tf

@tf.function
def f(pair):
    a, b = pair
    return a * b

print(f((tf.constant(2), tf.constant(3))).numpy())
print(f((tf.constant(4), tf.constant(5))).numpy())
print(f([tf.constant(4), tf.constant(5)]).numpy())
print(f.experimental_get_tracing_count())

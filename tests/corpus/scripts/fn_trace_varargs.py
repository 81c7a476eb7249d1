# Tracing: *args functions are keyed by the number and types of the extra arguments.
import tensorflow as tf

@tf.function
def total(*xs):
    return tf.add_n(list(xs))

print(total(tf.constant(1), tf.constant(2)).numpy())
print(total(tf.constant(3), tf.constant(4)).numpy())
print(total(tf.constant(1), tf.constant(2), tf.constant(3)).numpy())
print(total.experimental_get_tracing_count())

# Tracing: a list of tensors is keyed by the length and each tensor's shape and dtype.
import tensorflow as tf

@tf.function
def total(xs):
    return tf.add_n(xs)

print(total([tf.constant(1), tf.constant(2)]).numpy())
print(total([tf.constant(5), tf.constant(6)]).numpy())
print(total([tf.constant(1), tf.constant(2), tf.constant(3)]).numpy())
print(total([tf.constant([1, 1]), tf.constant([2, 2])]).numpy())
print(total.experimental_get_tracing_count())

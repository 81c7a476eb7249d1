# input_signature: Python scalars and lists are converted to the signature's dtype.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=(), dtype=tf.int32)])
def n_times_fixed(n):
    return tf.range(n) * 2

print(n_times_fixed(tf.constant(7)).numpy())
print(n_times_fixed(3).numpy())
print(n_times_fixed.experimental_get_tracing_count())

@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def total(x):
    return tf.reduce_sum(x)

print(total([1, 2, 3]).numpy())
print(total(tf.constant([0.5, 0.25])).numpy())

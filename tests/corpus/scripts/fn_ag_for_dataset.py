# AutoGraph: a `for` over a tf.data.Dataset inside tf.function becomes a dataset reduction loop.
import tensorflow as tf

ds = tf.data.Dataset.range(1, 6)

@tf.function
def sum_squares(dataset):
    s = tf.constant(0, dtype=tf.int64)
    for x in dataset:
        s += x * x
    return s

print(sum_squares(ds).numpy())

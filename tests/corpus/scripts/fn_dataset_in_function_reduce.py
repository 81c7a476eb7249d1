# A tf.data pipeline built and reduced inside a tf.function.
import tensorflow as tf

@tf.function
def total(n):
    ds = tf.data.Dataset.range(n).map(lambda x: x * 2)
    return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + b)

print(total(tf.constant(5, tf.int64)).numpy())

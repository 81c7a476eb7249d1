# A tf.function used as a Dataset.map function; the dataset iterated eagerly.
import tensorflow as tf

@tf.function
def normalize(x):
    return tf.cast(x, tf.float32) / 10.0

ds = tf.data.Dataset.range(4).map(normalize)
print([float(v) for v in ds])

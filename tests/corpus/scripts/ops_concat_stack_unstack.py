# ConcatV2, Pack (tf.stack) and Unpack (tf.unstack) along several axes.
import tensorflow as tf

a = tf.constant([[1, 2], [3, 4]])
b = tf.constant([[5, 6]])
print(tf.concat([a, b], axis=0))
print(tf.concat([a, a], axis=1))
print(tf.concat([a, a], axis=-1).shape)
print(tf.stack([tf.constant([1, 2]), tf.constant([3, 4])]))
print(tf.stack([tf.constant([1, 2]), tf.constant([3, 4])], axis=1))
parts = tf.unstack(a)
print(len(parts), parts[0], parts[1])
cols = tf.unstack(a, axis=1)
print(cols)

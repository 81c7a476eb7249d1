# tf.one_hot with depth, on/off values, axis, and out-of-range labels.
import tensorflow as tf

print(tf.one_hot([0, 2, 1], depth=3))
print(tf.one_hot([1, 3], depth=3, on_value=5, off_value=-1))
print(tf.one_hot([0, 1], depth=2, axis=0))
print(tf.one_hot(tf.constant([[0], [1]]), 2).shape)

# Dtypes of results when tensors meet Python scalars and each other; int64 and float64 constants.
import numpy as np
import tensorflow as tf

i = tf.constant([1, 2])
f = tf.constant([1.0, 2.0])
print((i + 1).dtype, (f + 1).dtype, (f * 2).dtype)
print(tf.constant(1, dtype=tf.int64) + 2)
d = tf.constant([0.5], dtype=tf.float64)
print(d * 2)
print(tf.constant(np.array([1, 2])).dtype)
print(tf.constant(np.array([1.5])).dtype)
print(tf.constant([1, 2.5]).dtype)
print((i > 1).dtype)
print(tf.constant("ab").dtype)

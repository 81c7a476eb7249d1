# RandomUniform / RandomStandardNormal with only the global seed: the sequence restarts after set_seed.
import numpy as np
import tensorflow as tf

tf.random.set_seed(1234)
a = tf.random.uniform([3])
b = tf.random.normal([2, 2])
print(np.round(a.numpy(), 4))
print(np.round(b.numpy(), 4))
tf.random.set_seed(1234)
a2 = tf.random.uniform([3])
b2 = tf.random.normal([2, 2])
print(bool(tf.reduce_all(a == a2)), bool(tf.reduce_all(b == b2)))
c = tf.random.uniform([3])
print(bool(tf.reduce_all(a == c)))
print(a.dtype, b.shape)

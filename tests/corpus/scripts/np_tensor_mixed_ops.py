# Mixing tensors and ndarrays in operators: tensor op ndarray gives a tensor.
import numpy as np
import tensorflow as tf

t = tf.constant([1.0, 2.0, 3.0])
a = np.array([10.0, 20.0, 30.0], dtype=np.float32)
r = t + a
print(r)
print(type(r).__name__ == type(t).__name__)
print(t * a)
print(tf.matmul(tf.ones([1, 3]), a.reshape(3, 1)))
print(tf.maximum(t, np.float32(2.0)))
print(tf.reduce_sum(t * np.array([1, 0, 1], dtype=np.float32)))

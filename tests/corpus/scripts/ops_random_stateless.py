# Stateless random ops: the same seed pair gives the same values on every call.
import numpy as np
import tensorflow as tf

s = tf.random.stateless_uniform([3], seed=[1, 2])
print(np.round(s.numpy(), 4))
print(bool(tf.reduce_all(s == tf.random.stateless_uniform([3], seed=[1, 2]))))
print(np.round(tf.random.stateless_normal([2, 2], seed=[3, 4]).numpy(), 4))
print(np.round(tf.random.stateless_truncated_normal([4], seed=[5, 6]).numpy(), 4))
print(tf.random.stateless_uniform([5], seed=[7, 8], minval=0, maxval=100, dtype=tf.int32))
print(np.round(tf.random.stateless_uniform([2], seed=[1, 3]).numpy(), 4))

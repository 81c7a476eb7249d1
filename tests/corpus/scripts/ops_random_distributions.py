# RandomUniform with minval/maxval, int RandomUniformInt, TruncatedNormal, normal mean/stddev.
import numpy as np
import tensorflow as tf

tf.random.set_seed(42)
u = tf.random.uniform([2, 3], minval=-1.0, maxval=1.0)
print(np.round(u.numpy(), 4))
i = tf.random.uniform([8], minval=0, maxval=10, dtype=tf.int32)
print(i)
t = tf.random.truncated_normal([6], mean=0.0, stddev=1.0)
print(np.round(t.numpy(), 4))
print(bool(tf.reduce_all(tf.abs(t) <= 2.0)))
n = tf.random.normal([4], mean=10.0, stddev=0.5, seed=3)
print(np.round(n.numpy(), 4))
d = tf.random.uniform([3], dtype=tf.float64, seed=1)
print(d.dtype, np.round(d.numpy(), 4))

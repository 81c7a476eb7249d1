# Op-level seeds: with a global seed, the same op seed gives a new value on each eager call,
# and set_seed restarts it; with only an op seed TF uses its default global seed.
import numpy as np
import tensorflow as tf

x1 = tf.random.uniform([2], seed=7)
x2 = tf.random.uniform([2], seed=7)
print(np.round(x1.numpy(), 4), np.round(x2.numpy(), 4))
tf.random.set_seed(5)
y1 = tf.random.uniform([2], seed=7)
y2 = tf.random.uniform([2], seed=7)
print(np.round(y1.numpy(), 4), np.round(y2.numpy(), 4))
tf.random.set_seed(5)
y3 = tf.random.uniform([2], seed=7)
print(bool(tf.reduce_all(y1 == y3)))
z = tf.random.normal([3], seed=7)
print(np.round(z.numpy(), 4))

# Variables initialised from tensors and callables; shape and dtype inference.
import tensorflow as tf

a = tf.Variable(tf.zeros([2, 3]))
b = tf.Variable(lambda: tf.ones([2]))
c = tf.Variable(tf.constant([1, 2], dtype=tf.int64))
print(a.shape, a.dtype)
print(b.numpy(), c.dtype)
d = tf.Variable(tf.fill([2, 2], 0.5), name="d")
print(d)
e = tf.Variable(a)
a.assign(tf.ones([2, 3]))
print(e.numpy().sum(), a.numpy().sum())

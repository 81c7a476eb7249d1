# t.numpy() printed, repr of the numpy value, and repr(t) of vectors and matrices.
import tensorflow as tf

t = tf.constant([[1.0, 2.5], [3.0, 4.0]])
print(t.numpy())
print(repr(t.numpy()))
print(repr(t))
i = tf.constant([1, 2, 3])
print(i.numpy(), repr(i.numpy()))
print(repr(tf.constant(5).numpy()), tf.constant(5).numpy())
print(repr(tf.constant([1.5], dtype=tf.float64).numpy()))
print(repr(tf.constant([True])))

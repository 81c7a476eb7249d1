# Select/SelectV2 via tf.where(cond, x, y) with broadcasting, and tf.where(cond) indices.
import tensorflow as tf

c = tf.constant([True, False, True])
print(tf.where(c, tf.constant([1, 2, 3]), tf.constant([10, 20, 30])))
m = tf.constant([[1.0, -2.0], [-3.0, 4.0]])
print(tf.where(m > 0, m, 0.0))
print(tf.where(tf.constant([[True], [False]]), tf.constant([1, 2]), tf.constant([7, 8])))
print(tf.where(c))
print(tf.where(m < 0))
print(tf.compat.v1.where(c, [1, 2, 3], [4, 5, 6]))

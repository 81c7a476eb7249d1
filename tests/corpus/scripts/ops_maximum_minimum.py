# Maximum and Minimum with broadcasting and mixed signs.
import tensorflow as tf

a = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
print(tf.maximum(a, 0.0))
print(tf.minimum(a, 0.0))
print(tf.maximum(a, tf.constant([0.0, -3.0, 4.0])))
print(tf.math.minimum(tf.constant([3, 1, 2]), tf.constant([2, 2, 2])))
print(tf.maximum(tf.constant(5), tf.constant(7)))

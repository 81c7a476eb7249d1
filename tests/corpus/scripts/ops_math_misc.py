# Common elementwise helpers: clip_by_value, round (half to even), floor, ceil, squared_difference, add_n.
import tensorflow as tf

x = tf.constant([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5])
print(tf.clip_by_value(x, -1.0, 1.0))
print(tf.round(x))
print(tf.floor(x), tf.math.ceil(x))
print(tf.math.squared_difference(tf.constant([1.0, 5.0]), tf.constant([3.0, 2.0])))
print(tf.add_n([tf.constant([1, 2]), tf.constant([3, 4]), tf.constant([5, 6])]))
print(tf.math.reciprocal(tf.constant([2.0, 4.0])))
print(tf.math.cumsum(tf.constant([1, 2, 3, 4])))

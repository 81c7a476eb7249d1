# Max, Min, Prod reductions with axes and keepdims.
import tensorflow as tf

t = tf.constant([[3, -1, 4], [1, 5, -9]])
print(tf.reduce_max(t), tf.reduce_min(t), tf.reduce_prod(t))
print(tf.reduce_max(t, axis=0))
print(tf.reduce_min(t, axis=1, keepdims=True))
print(tf.reduce_prod(tf.constant([[0.5, 2.0], [3.0, 4.0]]), axis=1))
print(tf.math.reduce_max(tf.constant([-1.5, -0.5])))
print(tf.math.reduce_std(tf.constant([1.0, 3.0])), tf.math.reduce_variance(tf.constant([1.0, 3.0])))

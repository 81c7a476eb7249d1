# Sum and Mean: all axes, one axis, negative axis, keepdims, int mean truncates.
import tensorflow as tf

t = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tf.reduce_sum(t))
print(tf.reduce_sum(t, axis=0))
print(tf.reduce_sum(t, axis=-1, keepdims=True))
print(tf.reduce_mean(t))
print(tf.reduce_mean(t, axis=1))
print(tf.reduce_mean(tf.constant([1, 2, 4])))
print(tf.math.reduce_sum(t, axis=[0, 1]))
print(tf.reduce_sum(tf.zeros([0])))

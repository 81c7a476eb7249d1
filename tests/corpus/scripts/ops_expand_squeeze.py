# ExpandDims and Squeeze, including negative axes and tf.newaxis indexing.
import tensorflow as tf

t = tf.constant([1, 2, 3])
print(tf.expand_dims(t, 0))
print(tf.expand_dims(t, -1))
print(tf.expand_dims(t, 1).shape)
s = tf.zeros([1, 3, 1, 2])
print(tf.squeeze(s).shape)
print(tf.squeeze(s, axis=[2]).shape)
print(tf.squeeze(s, axis=0).shape)
print(t[tf.newaxis, :, tf.newaxis].shape)

# Transpose: default reverses dims, explicit perm, tf.linalg.matrix_transpose.
import tensorflow as tf

m = tf.constant([[1, 2, 3], [4, 5, 6]])
print(tf.transpose(m))
t = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.transpose(t).shape)
print(tf.transpose(t, perm=[1, 0, 2]))
print(tf.linalg.matrix_transpose(t).shape)

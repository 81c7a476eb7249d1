# Reshape (with -1), Shape, Size, Rank and their dtypes.
import tensorflow as tf

t = tf.range(12)
r = tf.reshape(t, [3, 4])
print(r)
print(tf.reshape(t, [2, -1, 3]).shape)
print(tf.shape(r))
print(tf.size(r))
print(tf.rank(r))
print(tf.shape(r, out_type=tf.int64))
print(tf.reshape(r, [-1]))
print(tf.reshape(tf.constant([5]), []))
print(tf.shape(tf.constant(1.0)))

# Slice and StridedSlice via tf.slice, tf.strided_slice and Python indexing.
import tensorflow as tf

t = tf.reshape(tf.range(20), [4, 5])
print(tf.slice(t, [1, 1], [2, 3]))
print(tf.slice(t, [2, 0], [-1, 2]))
print(t[1])
print(t[1:3, ::2])
print(t[:, -1])
print(t[::-1, 0])
print(t[..., 1:2].shape)
print(t[2, 3])
print(tf.strided_slice(t, [0, 0], [4, 5], [2, 2]))
print(t[-1, -2:])

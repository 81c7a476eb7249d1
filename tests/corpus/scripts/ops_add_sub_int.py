# AddV2 and Sub on int32 tensors: tf.add / tf.subtract / operators, broadcasting, raw printing.
import tensorflow as tf

a = tf.constant([1, 2, 3])
b = tf.constant([10, 20, 30])
print(tf.add(a, b))
print(tf.subtract(a, b))
print(a + b)
print(b - a)
print(a + 1)
print(100 - a)
m = tf.constant([[1, 2, 3], [4, 5, 6]])
print(m + a)
print(m - tf.constant([[1], [2]]))
print(tf.math.add(m, 0).dtype)

# Const from Python values (with dtype and shape), Identity, tf.convert_to_tensor.
import tensorflow as tf

print(tf.constant(3))
print(tf.constant(3.0))
print(tf.constant([1, 2], dtype=tf.float32))
print(tf.constant(0, shape=[2, 2]))
print(tf.constant([[1.5]], dtype=tf.float64))
a = tf.constant([1, 2, 3])
b = tf.identity(a)
print(b, b.dtype)
print(tf.convert_to_tensor([1.0, 2.0]))
print(tf.constant(True), tf.constant(2**40))

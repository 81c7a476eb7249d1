# zeros/ones and ZerosLike/OnesLike, with dtypes.
import tensorflow as tf

print(tf.zeros([2, 3]))
print(tf.ones([2], dtype=tf.int32))
x = tf.constant([[1.5, 2.5]])
print(tf.zeros_like(x))
print(tf.ones_like(x))
print(tf.ones_like(tf.constant([True, False])))
print(tf.zeros_like(tf.constant([1, 2]), dtype=tf.float32))
print(tf.eye(3))

# Broadcasting rules across ranks for binary ops; tf.broadcast_to.
import tensorflow as tf

col = tf.constant([[1.0], [2.0], [3.0]])
row = tf.constant([10.0, 20.0])
print(col + row)
print(col * row)
print((col - row).shape)
s = tf.constant(2.0)
print(s * tf.ones([2, 2]))
print(tf.broadcast_to(tf.constant([1, 2, 3]), [2, 3]))
t3 = tf.reshape(tf.range(6.0), [2, 1, 3])
print(t3 + tf.constant([[0.0], [100.0]]))

# BatchMatMulV2: batched matmul with broadcasting of the batch dimensions, adjoint flags.
import tensorflow as tf

x = tf.reshape(tf.range(12.0), [2, 2, 3])
y = tf.reshape(tf.range(6.0), [3, 2])
print(tf.matmul(x, y))
w = tf.ones([1, 3, 1])
print(tf.matmul(x, w).shape)
print(tf.matmul(x, x, adjoint_b=True))
z = tf.reshape(tf.range(8.0), [2, 1, 2, 2])
print(tf.matmul(z, tf.eye(2, batch_shape=[3])).shape)

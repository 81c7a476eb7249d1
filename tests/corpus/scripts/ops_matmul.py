# MatMul with transpose_a/transpose_b, int and float, vector as 1xN matrix.
import tensorflow as tf

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
print(tf.matmul(a, b))
print(tf.matmul(a, a, transpose_b=True))
print(tf.matmul(a, a, transpose_a=True))
print(tf.linalg.matmul(tf.constant([[1, 2]]), tf.constant([[3], [4]])))
print(tf.matmul(tf.eye(2), a))

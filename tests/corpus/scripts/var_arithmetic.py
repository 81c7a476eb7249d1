# Variables take part in ops like tensors; results are tensors, not variables.
import tensorflow as tf

v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
print(v + 1.0)
print(v * v)
print(tf.matmul(v, v))
print(tf.reduce_sum(v))
r = v * 2
print(type(r).__name__ == type(tf.constant(1.0)).__name__, isinstance(r, tf.Variable))
print(v[0], v[:, 1])
print(-v)
print(float(tf.reduce_mean(v)))

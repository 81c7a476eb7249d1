# Python operators on tensors, including reflected forms with Python scalars and @.
import tensorflow as tf

t = tf.constant([2.0, 4.0])
print(t + 1, 1 + t)
print(t - 1, 1 - t)
print(t * 3, 3 * t)
print(t / 2, 8 / t)
print(t // 3, 9 // t)
print(t % 3, 9 % t)
print(t ** 2, 2 ** t)
m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(m @ m)
print(-m)
n = tf.constant(7)
print(n + 1, n * 2, n - 10)

# Mul and RealDiv on float32 with exactly representable results; int / int gives float64.
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0, 4.0])
y = tf.constant([0.5, 4.0, -2.0, 8.0])
print(tf.multiply(x, y))
print(x * y)
print(tf.divide(x, y))
print(x / y)
print(tf.math.truediv(x, 2.0))
print(x * 0.25)
print(1.0 / x[1:2])
i = tf.constant([1, 2, 3])
j = tf.constant([2, 4, 4])
q = i / j
print(q)
print(q.dtype)
print(tf.realdiv(x, y))

# Neg, Abs, Square, Sign on int and float tensors; unary minus and abs() on tensors.
import tensorflow as tf

x = tf.constant([-2.5, -1.0, 0.0, 1.5, 3.0])
print(tf.negative(x))
print(-x)
print(tf.abs(x))
print(abs(x))
print(tf.square(x))
print(tf.math.sign(x))
n = tf.constant([-3, 0, 4])
print(-n, tf.abs(n), tf.square(n))

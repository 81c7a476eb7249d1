# FloorDiv and FloorMod (Python semantics: rounding toward -inf, sign of the divisor).
import tensorflow as tf

a = tf.constant([7, -7, 7, -7, 0])
b = tf.constant([2, 2, -2, -2, 3])
print(tf.math.floordiv(a, b))
print(a // b)
print(tf.math.floormod(a, b))
print(a % b)
f = tf.constant([7.5, -7.5, 5.0, -1.0])
g = tf.constant([2.0, 2.0, -3.0, 4.0])
print(f // g)
print(f % g)
print(tf.math.mod(a, 3))
print(tf.constant(17) // 5, tf.constant(17) % 5)

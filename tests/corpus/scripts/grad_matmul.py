# Gradient of MatMul (including transpose flags) and of BatchMatMulV2.
import tensorflow as tf

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([[0.5, -1.0], [2.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    c = tf.matmul(a, b)
    ct = tf.matmul(a, b, transpose_a=True)
    bx = tf.matmul(tf.stack([a, b]), b)
print(tape.gradient(c, [a, b]))
print(tape.gradient(ct, a))
print(tape.gradient(bx, b))

# Gradients through SelectV2 (tf.where), Cast between floats, Identity; Cast to int stops gradients.
import tensorflow as tf

x = tf.constant([-1.0, 2.0, -3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    w = tf.reduce_sum(tf.where(x > 0, x * 2.0, x * x))
    c = tf.reduce_sum(tf.cast(x, tf.float64) * 3.0)
    i = tf.reduce_sum(tf.identity(x) * 5.0)
    n = tf.cast(tf.cast(x, tf.int32), tf.float32)
print(tape.gradient(w, x))
print(tape.gradient(c, x))
print(tape.gradient(i, x))
print(tape.gradient(n, x))

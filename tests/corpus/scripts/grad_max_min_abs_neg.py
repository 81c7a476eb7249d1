# Gradients of Maximum, Minimum, Abs, Neg, and of ties in Maximum.
import tensorflow as tf

x = tf.constant([-2.0, 1.0, 3.0])
y = tf.constant([0.0, 1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    mx = tf.maximum(x, y)
    mn = tf.minimum(x, y)
    ab = tf.abs(x)
    ng = -x
print(tape.gradient(mx, [x, y]))
print(tape.gradient(mn, [x, y]))
print(tape.gradient(ab, x))
print(tape.gradient(ng, x))

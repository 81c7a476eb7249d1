# Second derivatives with nested tapes.
import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 3 + 2.0 * x
    dy = inner.gradient(y, x)
d2y = outer.gradient(dy, x)
print(dy, d2y)

# Constants must be watched; variables are watched automatically.
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x * x
print(tape.gradient(y, x))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x))
v = tf.Variable(4.0)
with tf.GradientTape() as tape:
    z = v * v
print(tape.gradient(z, v))

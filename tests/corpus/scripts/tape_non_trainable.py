# Non-trainable variables are not watched automatically; tape.watch makes them count.
import tensorflow as tf

v = tf.Variable(3.0, trainable=False)
with tf.GradientTape() as tape:
    y = v * v
print(tape.gradient(y, v))
with tf.GradientTape() as tape:
    tape.watch(v)
    y = v * v
print(tape.gradient(y, v))

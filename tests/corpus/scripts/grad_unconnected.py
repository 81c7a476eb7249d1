# Unconnected sources give None by default and zeros with UnconnectedGradients.ZERO.
import tensorflow as tf

x = tf.Variable(2.0)
z = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    y = x * x
print(tape.gradient(y, z))
print(tape.gradient(y, [x, z]))
print(tape.gradient(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(tape.gradient(y, x, output_gradients=tf.constant(10.0)))

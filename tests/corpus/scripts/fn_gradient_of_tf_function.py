# GradientTape outside a tf.function: gradients flow through the function call.
import tensorflow as tf

@tf.function
def f(x):
    return x * x * x

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = f(x)
print(y.numpy(), tape.gradient(y, x).numpy())

# Gradients of BiasAdd, Relu, Relu6, LeakyRelu, Elu (rounded).
import numpy as np
import tensorflow as tf

x = tf.constant([[-1.0, 0.5, 7.0], [2.0, -3.0, 5.0]])
bias = tf.constant([1.0, 1.0, 1.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, bias])
    y = tf.nn.bias_add(x, bias)
    r = tf.nn.relu(x)
    r6 = tf.nn.relu6(x)
    lr = tf.nn.leaky_relu(x, alpha=0.1)
    el = tf.nn.elu(x)
print(tape.gradient(y, bias))
print(tape.gradient(r, x))
print(tape.gradient(r6, x))
print(tape.gradient(lr, x))
print(np.round(tape.gradient(el, x).numpy(), 4))

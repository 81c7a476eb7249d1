# Tanh and Sigmoid (rounded), with the exact points 0 and saturation.
import numpy as np
import tensorflow as tf

x = tf.constant([-3.0, -1.0, 0.0, 0.5, 1.0, 3.0])
print(np.round(tf.tanh(x).numpy(), 4))
print(np.round(tf.sigmoid(x).numpy(), 4))
print(tf.math.tanh(tf.constant(0.0)), tf.math.sigmoid(tf.constant(0.0)))
print(tf.nn.sigmoid(tf.constant([-100.0, 100.0])))
print(tf.tanh(tf.constant([-50.0, 50.0])))

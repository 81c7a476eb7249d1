# Relu, Relu6, Elu (rounded), LeakyRelu, Selu/softplus rounded.
import numpy as np
import tensorflow as tf

x = tf.constant([-8.0, -1.0, -0.5, 0.0, 0.5, 3.0, 7.0])
print(tf.nn.relu(x))
print(tf.nn.relu6(x))
print(np.round(tf.nn.elu(x).numpy(), 4))
print(tf.nn.leaky_relu(x))
print(tf.nn.leaky_relu(x, alpha=0.5))
print(tf.nn.relu(tf.constant([-3, 0, 4])))
print(np.round(tf.nn.softplus(tf.constant([0.0, 1.0])).numpy(), 4))

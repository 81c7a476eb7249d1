# Exp and Log (printed rounded), exact cases printed raw.
import numpy as np
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 0.5, 1.0, 2.0])
print(np.round(tf.exp(x).numpy(), 4))
print(np.round(tf.math.log(tf.constant([0.5, 1.0, 2.0, 10.0])).numpy(), 4))
print(tf.exp(tf.constant(0.0)))
print(tf.math.log(tf.constant(1.0)))
print(tf.math.log(tf.constant(0.0)))
print(np.round(tf.math.log1p(tf.constant([0.0, 1.0])).numpy(), 4))
print(f"{float(tf.exp(tf.constant(1.0))):.5f}")

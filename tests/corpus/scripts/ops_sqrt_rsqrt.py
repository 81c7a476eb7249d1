# Sqrt and Rsqrt with exact results.
import tensorflow as tf

x = tf.constant([0.0, 0.25, 1.0, 4.0, 16.0, 100.0])
print(tf.sqrt(x))
print(tf.math.sqrt(x[1:]))
print(tf.math.rsqrt(tf.constant([0.25, 1.0, 4.0, 16.0])))
print(tf.sqrt(tf.constant([[9.0, 64.0]], dtype=tf.float64)))

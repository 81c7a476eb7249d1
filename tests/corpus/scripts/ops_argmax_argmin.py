# ArgMax / ArgMin: default axis 0, output_type, ties pick the first index.
import tensorflow as tf

t = tf.constant([[1, 9, 3], [7, 2, 7]])
print(tf.argmax(t))
print(tf.argmax(t, axis=1))
print(tf.math.argmin(t, axis=1))
print(tf.argmax(t, axis=1, output_type=tf.int32))
print(tf.argmax(tf.constant([0.5, 2.0, 2.0, -1.0])))

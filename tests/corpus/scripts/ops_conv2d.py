# Conv2D NHWC with VALID and SAME padding, strides, several output channels; exact values.
import tensorflow as tf

x = tf.reshape(tf.range(1.0, 17.0), [1, 4, 4, 1])
k = tf.constant([[1.0, 0.0], [0.0, -1.0]])
k = tf.reshape(k, [2, 2, 1, 1])
print(tf.nn.conv2d(x, k, strides=1, padding="VALID")[0, :, :, 0])
print(tf.nn.conv2d(x, k, strides=2, padding="VALID")[0, :, :, 0])
print(tf.nn.conv2d(x, k, strides=1, padding="SAME")[0, :, :, 0])
k2 = tf.ones([3, 3, 1, 2]) * tf.constant([1.0, 0.5])
y = tf.nn.conv2d(x, k2, strides=[1, 1, 1, 1], padding="SAME")
print(y.shape)
print(y[0, :, :, 1])

# BiasAdd (tf.nn.bias_add) on 2-D and 4-D NHWC tensors.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([0.5, -1.0, 10.0])
print(tf.nn.bias_add(x, b))
img = tf.zeros([1, 2, 2, 2])
print(tf.nn.bias_add(img, tf.constant([1.0, -1.0])))

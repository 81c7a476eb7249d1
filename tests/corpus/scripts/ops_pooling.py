# MaxPool and AvgPool, VALID and SAME, 2x2 windows and strides.
import tensorflow as tf

x = tf.reshape(tf.constant([1.0, 5.0, 2.0, 0.0, 3.0, 4.0, 8.0, 6.0, 7.0, 1.0, 2.0, 9.0, 0.0, 2.0, 4.0, 6.0]), [1, 4, 4, 1])
print(tf.nn.max_pool2d(x, ksize=2, strides=2, padding="VALID")[0, :, :, 0])
print(tf.nn.avg_pool2d(x, ksize=2, strides=2, padding="VALID")[0, :, :, 0])
print(tf.nn.max_pool2d(x, ksize=3, strides=2, padding="SAME")[0, :, :, 0])
print(tf.nn.avg_pool2d(x, ksize=3, strides=2, padding="SAME")[0, :, :, 0])
print(tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="VALID").shape)

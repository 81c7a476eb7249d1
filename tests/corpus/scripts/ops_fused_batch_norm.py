# FusedBatchNormV3 (training and inference) and tf.nn.batch_normalization, rounded.
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.range(8.0), [1, 2, 2, 2])
scale = tf.constant([1.0, 2.0])
offset = tf.constant([0.0, 1.0])
y, mean, var = tf.compat.v1.nn.fused_batch_norm(x, scale, offset, epsilon=0.001, is_training=True)[:3]
print(np.round(y.numpy().reshape(-1), 4))
print(mean, np.round(var.numpy(), 4))
y2 = tf.compat.v1.nn.fused_batch_norm(x, scale, offset, mean=tf.constant([3.0, 4.0]),
                                     variance=tf.constant([4.0, 1.0]), epsilon=0.0, is_training=False)[0]
print(np.round(y2.numpy().reshape(-1), 4))
m, v = tf.nn.moments(x, axes=[0, 1, 2])
print(m, v)
z = tf.nn.batch_normalization(x, m, v, offset, scale, 0.001)
print(np.round(z.numpy().reshape(-1), 4))

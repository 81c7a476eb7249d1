# Softmax and LogSoftmax over the last axis and over another axis, rounded.
import numpy as np
import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(np.round(tf.nn.softmax(logits).numpy(), 4))
print(np.round(tf.nn.log_softmax(logits).numpy(), 4))
print(np.round(tf.nn.softmax(logits, axis=0).numpy(), 4))
p = tf.nn.softmax(tf.constant([0.0, 0.0, 0.0, 0.0]))
print(p)
print(np.round(tf.reduce_sum(tf.nn.softmax(tf.constant([5.0, -5.0, 100.0]))).numpy(), 4))

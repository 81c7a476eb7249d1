# SoftmaxCrossEntropyWithLogits with one-hot and soft labels, rounded.
import numpy as np
import tensorflow as tf

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.25, 0.5, 0.25]])
loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
print(loss.shape)
print(np.round(loss.numpy(), 4))
onehot = tf.one_hot([2, 0], depth=3)
print(onehot)
print(np.round(tf.nn.softmax_cross_entropy_with_logits(labels=onehot, logits=logits).numpy(), 4))

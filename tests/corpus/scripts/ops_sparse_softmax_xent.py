# SparseSoftmaxCrossEntropyWithLogits: per-example losses, rounded.
import numpy as np
import tensorflow as tf

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1.0, 1.0, 1.0]])
labels = tf.constant([0, 1, 2])
loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
print(loss.shape, loss.dtype)
print(np.round(loss.numpy(), 4))
print(f"{float(tf.reduce_mean(loss)):.4f}")

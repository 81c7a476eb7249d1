# Gradients of Softmax, LogSoftmax and both softmax cross-entropy ops; rounded.
import numpy as np
import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]])
w = tf.constant([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(logits)
    sm = tf.reduce_sum(tf.nn.softmax(logits) * w)
    lsm = tf.reduce_sum(tf.nn.log_softmax(logits) * w)
    sp = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=logits))
    dn = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]], logits=logits))
for t in (sm, lsm, sp, dn):
    print(np.round(tape.gradient(t, logits).numpy(), 4))

# Gradient through FusedBatchNormV3 in training mode w.r.t. input, scale and offset; rounded.
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.constant([1.0, 2.0, 4.0, 8.0, 3.0, 5.0, 7.0, 11.0]), [2, 2, 1, 2])
scale = tf.constant([1.0, 0.5])
offset = tf.constant([0.0, 0.0])
w = tf.reshape(tf.range(8.0), [2, 2, 1, 2])
with tf.GradientTape() as tape:
    tape.watch([x, scale, offset])
    y = tf.compat.v1.nn.fused_batch_norm(x, scale, offset, epsilon=0.001, is_training=True)[0]
    loss = tf.reduce_sum(y * w)
gx, gs, go = tape.gradient(loss, [x, scale, offset])
print(np.round(gx.numpy().reshape(-1), 4))
print(np.round(gs.numpy(), 4), np.round(go.numpy(), 4))

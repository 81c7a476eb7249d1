# tf.nn.embedding_lookup with max_norm (each looked-up embedding clipped to that l2-norm over the
# embedding dims, zero rows kept, ids of rank 0, 1 and 2) and tf.clip_by_norm's negative and tensor
# clip norms and axes.
import tensorflow as tf
import numpy as np
params = tf.constant([[3., 4.], [0.3, 0.4], [0., 0.], [6., 8.]])
print(tf.nn.embedding_lookup(params, [0, 3, 1]).numpy().tolist())
print(np.round(tf.nn.embedding_lookup(params, [0, 3, 1, 2], max_norm=1.0).numpy(), 6).tolist())
print(np.round(tf.nn.embedding_lookup(params, [[0, 1], [3, 2]], max_norm=2.5).numpy(), 6).tolist())
print(np.round(tf.nn.embedding_lookup(params, 3, max_norm=5.0).numpy(), 6).tolist())
print(np.round(tf.clip_by_norm([3., 4.], -1.).numpy(), 6).tolist(), np.round(tf.clip_by_norm([3., 4.], tf.constant(2.)).numpy(), 6).tolist())
print(np.round(tf.clip_by_norm([[3., 4.], [1., 0.]], 1., axes=[1]).numpy(), 6).tolist())

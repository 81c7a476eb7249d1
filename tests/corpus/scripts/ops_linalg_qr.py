# tf.linalg.qr: reduced and full Q/R for square, tall and wide matrices (float32, float64, a batch),
# the Qr namedtuple, and the rank error. Larger matrices are compared rounded: TF's Eigen (AVX,
# newer matrix-vector products) and GraphLens's round a few of their last bits differently.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
for shape in [(3, 3), (5, 3), (3, 5)]:
    a = tf.constant(rng.randn(*shape).astype("float32"))
    q, r = tf.linalg.qr(a)
    qf, rf = tf.linalg.qr(a, full_matrices=True)
    print(shape, q.numpy().tolist(), r.numpy().tolist(), qf.shape, rf.shape)
print(tf.linalg.qr(tf.constant([[1., 2.], [3., 4.]], tf.float64)))
b = tf.constant(rng.randn(2, 4, 3), tf.float64)
q, r = tf.linalg.qr(b)
print(q.shape, r.shape, np.round(q.numpy(), 6).tolist())
big = tf.constant(rng.randn(64, 32).astype("float32"))
q, r = tf.linalg.qr(big)
print(np.round(q.numpy()[:3, :4], 5), np.abs(tf.matmul(q, q, transpose_a=True).numpy() - np.eye(32)).max() < 1e-5)
try:
    tf.linalg.qr(tf.constant([1.0, 2.0]))
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)

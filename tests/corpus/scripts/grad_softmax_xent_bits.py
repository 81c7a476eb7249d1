# tf.nn.softmax_cross_entropy_with_logits and its gradient in TF's CPU order (XentEigenImpl: Eigen's
# exp as the row sum loads it, the log vectorised over the batch, the row sum of labels * (log sum -
# shifted), exp / sum - labels): no reciprocal estimate, so every bit is the same on every CPU.
# Weighted sums of the losses and gradients show every bit; soft labels, one-hot labels, float64,
# and the raw op broadcasting its labels.
import tensorflow as tf, numpy as np
rng = np.random.RandomState(1)
for (b, n, dt) in [(32, 10, np.float32), (5, 3, np.float32), (13, 1000, np.float32), (9, 7, np.float64),
                   (1, 9000, np.float32), (17, 33, np.float64)]:
    logits = tf.constant((rng.standard_normal((b, n)) * 4).astype(dt))
    soft = rng.random_sample((b, n)).astype(dt)
    labels = tf.constant(soft / soft.sum(axis=1, keepdims=True))
    with tf.GradientTape() as t:
        t.watch(logits)
        l = tf.nn.softmax_cross_entropy_with_logits(labels, logits)
    g = t.gradient(l, logits)
    lv = l.numpy().astype(np.float64); gv = g.numpy().astype(np.float64)
    print(b, n, l.dtype.name, repr(float((lv * np.arange(1, b + 1)).sum())),
          repr(float((gv.reshape(-1) * np.arange(1, b * n + 1)).sum())), int((gv == 0).sum()))
print(tf.nn.softmax_cross_entropy_with_logits([[0.0, 1.0, 0.0]], [[2.0, 1.0, 0.1]]))
onehot = tf.one_hot([1, 0, 2, 2], 3)
print(tf.nn.softmax_cross_entropy_with_logits(onehot, [[0.5, 1.5, -1.0], [3.0, 0.0, 0.0], [1.0, 2.0, 3.0], [9.0, 1.0, 0.5]]))
loss, back = tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=[[1.0, 2.0, 3.0], [0.0, 0.0, 4.0]], labels=[[0.2, 0.3, 0.5]])
print(loss)
print(back)
try:
    tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=[[1.0, 2.0, 3.0]], labels=[[0.5, 0.5]])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)

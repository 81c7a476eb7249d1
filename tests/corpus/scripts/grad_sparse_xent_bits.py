# tf.nn.sparse_softmax_cross_entropy_with_logits and its gradient in TF's CPU order (Eigen's exp as the
# row sum loads it, a scalar log, exp / sum - onehot) with denormals flushed as TF's kernels flush
# them: weighted sums of the losses and gradients show every bit; large logits make tiny gradients.
import tensorflow as tf, numpy as np
rng = np.random.RandomState(0)
for (b, n) in [(32, 10), (5, 3), (7, 1000), (64, 10)]:
    logits = tf.constant((rng.standard_normal((b, n)) * 30).astype(np.float32))
    labels = tf.constant(rng.randint(0, n, size=b).astype(np.int32))
    with tf.GradientTape() as t:
        t.watch(logits)
        l = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)
    g = t.gradient(l, logits)
    lv = l.numpy().astype(np.float64); gv = g.numpy().astype(np.float64)
    print(b, n, repr(float((lv * np.arange(1, b + 1)).sum())), repr(float((gv.reshape(-1) * np.arange(1, b * n + 1)).sum())), int((gv == 0).sum()))

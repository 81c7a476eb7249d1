# B6 small CNN: Conv2D-BiasAdd-Relu x3 on 32x32x3 images, batch 64 (3x3 filters, 16-32-32
# channels, SAME padding), the same forward pass run eagerly and as a tf.function; seconds per
# batch, best of 5 repeats of STEPS batches after a warm-up.
import time
import numpy as np
import tensorflow as tf

# run_b6.py rewrites these three lines for its runs.
MODES = "eager graph"
NO_PASSES = False
if NO_PASSES:
    tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": True})

STEPS = 20
rng = np.random.RandomState(3)
images = tf.constant(rng.randn(64, 32, 32, 3).astype(np.float32))
channels = [3, 16, 32, 32]
filters = [tf.Variable(rng.randn(3, 3, channels[i], channels[i + 1]).astype(np.float32) * 0.2) for i in range(3)]
biases = [tf.Variable(rng.randn(channels[i + 1]).astype(np.float32) * 0.1) for i in range(3)]


def forward(x):
    for f, b in zip(filters, biases):
        x = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, f, strides=1, padding="SAME"), b))
    return tf.reduce_sum(x)


for mode in MODES.split():
    fn = tf.function(forward) if mode == "graph" else forward
    value = fn(images)
    best = None
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(STEPS):
            value = fn(images)
        dt = (time.perf_counter() - start) / STEPS
        best = dt if best is None else min(best, dt)
    print("cnn_%s_batch_s %.6f" % (mode, best))
    print("cnn_%s_sum %.3f" % (mode, float(value)))

# B4 kernels through the tf API: MatMul 1024x1024 float32 and Conv2D (batch 32, 56x56x64,
# 3x3x64 filters, SAME), GFLOP/s.
import time
import numpy as np
import tensorflow as tf

def best(f, runs):
    f()
    t = 1e9
    for _ in range(runs):
        s = time.perf_counter()
        r = f()
        float(tf.reduce_sum(r))  # make sure the result exists
        t = min(t, time.perf_counter() - s)
    return t

np.random.seed(0)
a = tf.constant(np.random.rand(1024, 1024).astype(np.float32))
t = best(lambda: tf.matmul(a, a), 5)
print("matmul1024_gflops %.1f" % (2 * 1024 ** 3 / t / 1e9))

x = tf.constant(np.random.rand(32, 56, 56, 64).astype(np.float32))
w = tf.constant(np.random.rand(3, 3, 64, 64).astype(np.float32))
t = best(lambda: tf.nn.conv2d(x, w, strides=1, padding="SAME"), 3)
print("conv2d_gflops %.1f" % (2 * 32 * 56 * 56 * 64 * 3 * 3 * 64 / t / 1e9))

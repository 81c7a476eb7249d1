# float32 MatMul with TF's oneDNN kernels on (TF_ENABLE_ONEDNN_OPTS=1 before the import): oneDNN's
# sgemm splits k itself (halves past 384, 384 at a time from 768 on), which changes the last bits;
# weighted sums of the products show every bit.
import os

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1"
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
for (m, k, n) in [(32, 784, 64), (64, 784, 64), (256, 784, 64), (16, 1000, 10), (8, 384, 8), (8, 385, 8),
                  (32, 2048, 32)]:
    x = tf.constant(rng.randint(0, 256, size=(m, k)).astype(np.float32) / 255.0)
    w = tf.constant((rng.standard_normal((k, n)) * 0.05).astype(np.float32))
    y = tf.matmul(x, w).numpy().astype(np.float64)
    print(m, k, n, repr(float((y.reshape(-1) * np.arange(1, m * n + 1)).sum())))

# BatchMatMulV2's float sums in TF's order (oneDNN off): a batch of one, or products over 128 x 128
# work, as MatMul's contraction; small products (k + m + n < 20) in Eigen's coefficient-wise order.
import numpy as np
import tensorflow as tf

for b, m, k, n in [(2, 3, 4, 3), (4, 8, 5, 6), (1, 8, 5, 6), (1, 16, 16, 16), (2, 64, 64, 64), (2, 40, 100, 30),
                   (3, 4, 10, 4)]:
    x = ((np.arange(b * m * k, dtype='float32') * 0.37) % 1.9 - 0.8).reshape(b, m, k)
    y = ((np.arange(b * k * n, dtype='float32') * 0.71) % 1.3 - 0.6).reshape(b, k, n)
    for ta, tb in [(False, False), (True, False), (False, True), (True, True)]:
        xx = np.swapaxes(x, 1, 2).copy() if ta else x
        yy = np.swapaxes(y, 1, 2).copy() if tb else y
        r = tf.matmul(tf.constant(xx), tf.constant(yy), adjoint_a=ta, adjoint_b=tb).numpy()
        print(b, m, k, n, ta, tb, r.reshape(-1)[:12].tolist(), r.reshape(-1)[-5:].tolist())

# Typical script data: seeded numpy features/labels cast to float32 and fed to TF ops.
import numpy as np
import tensorflow as tf

np.random.seed(42)
X = np.random.rand(6, 3).astype(np.float32)
y = np.random.randint(0, 2, size=(6,))
print(X.dtype, X.shape, y.tolist())
t = tf.constant(X)
print(t.dtype, t.shape)
print(np.round(tf.reduce_mean(t, axis=0).numpy(), 4))
print(np.round(X.sum(axis=1), 4))

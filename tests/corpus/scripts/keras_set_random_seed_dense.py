# tf.keras.utils.set_random_seed makes default glorot_uniform kernels reproducible.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
d = tf.keras.layers.Dense(3)
d.build((None, 2))
k1 = d.kernel.numpy()
print(np.round(k1, 4))
print(d.bias.numpy())
tf.keras.utils.set_random_seed(0)
d2 = tf.keras.layers.Dense(3)
d2.build((None, 2))
print(bool(np.array_equal(k1, d2.kernel.numpy())))

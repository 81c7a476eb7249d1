# Dropout: identity when training=False (and by default outside fit); scaled when training=True.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1)
drop = tf.keras.layers.Dropout(0.5)
x = tf.ones([2, 8])
print(drop(x))
print(drop(x, training=False))
y = drop(x, training=True).numpy()
print(sorted(set(y.reshape(-1).tolist())))
print(y.shape)

# Keras initializers: glorot_uniform and others with seeds; zeros; values rounded.
import numpy as np
import tensorflow as tf

g = tf.keras.initializers.GlorotUniform(seed=1)
print(np.round(np.array(g(shape=(2, 3))), 4))
print(np.round(np.array(tf.keras.initializers.GlorotUniform(seed=1)(shape=(2, 3))), 4))
print(np.array(tf.keras.initializers.Zeros()(shape=(2,))))
print(np.round(np.array(tf.keras.initializers.RandomNormal(stddev=0.1, seed=2)(shape=(3,))), 4))
limit = np.sqrt(6.0 / (4 + 5))
w = np.array(tf.keras.initializers.glorot_uniform(seed=3)(shape=(4, 5)))
print(w.shape, bool(np.all(np.abs(w) <= limit)))

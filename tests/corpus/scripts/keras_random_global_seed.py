# keras.random without a seed draws from Keras 3.15's global SeedGenerator: made on first use with a
# default seed from Python's random (set_random_seed resets it), advanced as next(ordered=False).
import keras, numpy as np
keras.utils.set_random_seed(0)
print(keras.random.normal(shape=(3,)).numpy().tolist())
print(keras.random.normal(shape=(3,)).numpy().tolist())
d = keras.layers.Dense(4)
d.build((None, 3))
print(keras.random.normal(shape=(3,)).numpy().tolist())
print(keras.random.dropout(np.ones((4,), "float32"), 0.5).numpy().tolist())
print(keras.random.normal(shape=(3,)).numpy().tolist())

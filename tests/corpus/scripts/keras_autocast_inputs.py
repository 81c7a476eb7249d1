# Keras 3 layers cast floating inputs to their compute dtype: float64 numpy data through a
# float32 Dense, float32 tensors through a float64 layer, and integer inputs left as they are;
# fit() on float64 numpy arrays.
import numpy as np
import keras
import tensorflow as tf

keras.utils.set_random_seed(0)
dense = keras.layers.Dense(2, kernel_initializer="ones")
print(dense(np.ones((1, 3))).dtype, dense(tf.ones((1, 3), tf.float64)).dtype)
wide = keras.layers.Dense(1, dtype="float64", kernel_initializer="ones")
print(wide(tf.ones((1, 2))).dtype)
ident = keras.layers.Lambda(lambda x: x)
print(ident(tf.constant([1, 2])).dtype, ident(np.array([1.5])).dtype)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer="sgd", loss="mse")
h = model.fit(np.ones((8, 4)), np.ones((8, 1)), epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

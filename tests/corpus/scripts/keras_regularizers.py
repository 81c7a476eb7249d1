# keras.regularizers: L1/L2/L1L2 values and configs (L1 keeps a float32 factor), names, Dense
# kernel/bias regularizers in layer.losses (computed when read) and in fit's loss, bad factors.
import keras
import numpy as np
import tensorflow as tf
keras.utils.set_random_seed(0)
r = keras.regularizers.L1(0.005)
print(r.get_config(), keras.regularizers.L2(0.1).get_config(), keras.regularizers.L1L2(l1=0.1, l2=0.2).get_config())
print(r(tf.constant([1.0, -2.0])), keras.regularizers.L2(0.5)(tf.constant([1.0, -2.0])))
d = keras.layers.Dense(2, kernel_initializer="ones", kernel_regularizer=keras.regularizers.L2(0.01), bias_regularizer="l1")
print(d.losses)
y = d(tf.ones((1, 3)))
print(d.losses)
m = keras.Sequential([keras.Input((3,)), d])
m.compile(optimizer="sgd", loss="mse")
h = m.fit(np.ones((4, 3)), np.zeros((4, 2)), epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
try:
    keras.regularizers.L1(-1)
except ValueError as e:
    print("ValueError", e)

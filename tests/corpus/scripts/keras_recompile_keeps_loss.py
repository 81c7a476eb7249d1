# Keras 3 keeps an earlier compile's loss and metrics when a later compile passes None for them
# (a model compiled with loss="mse", then with only an optimizer, still trains on the MSE).
import numpy as np
import keras

keras.utils.set_random_seed(0)
rng = np.random.RandomState(0)
x, y = rng.rand(8, 3), rng.rand(8, 1)
inp = keras.Input(shape=(3,))
model = keras.Model(inp, keras.layers.Dense(1)(inp))
model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
print(model.loss, model.metrics_names)
model.fit(x, y, verbose=0)
model.compile(optimizer="adam")
print(model.loss, model.metrics_names)
h = model.fit(x, y, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
model.compile(optimizer="adam", metrics=[])
h = model.fit(x, y, verbose=0)
print(model.metrics_names, {k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# Keras 3 GRU on the CPU (the cell stepped over time): weights' paths and shapes (reset_after's
# bias of shape (2, 3 * units)), reset_after=False, return_sequences/return_state, go_backwards,
# an Embedding -> GRU -> Dense model's summary and a short fit; seeds drawn in Keras's order.
# Outputs are rounded to 5 places: TF's Eigen and GraphLens round some last bits differently.
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
gru = layers.GRU(4)
x = np.random.RandomState(0).rand(2, 5, 3).astype("float32")
print(np.round(gru(x).numpy(), 5))
print([w.path for w in gru.weights], [tuple(w.shape) for w in gru.weights])
old = layers.GRU(3, reset_after=False, bias_initializer="ones")
print(np.round(old(x).numpy(), 5), [tuple(w.shape) for w in old.weights])
seq, h = layers.GRU(3, return_sequences=True, return_state=True)(x)
print(seq.shape, h.shape, np.allclose(seq[:, -1], h))
print(np.round(layers.GRU(2, go_backwards=True)(x).numpy(), 5))
print(np.round(layers.GRU(2, use_bias=False)(x, initial_state=[np.ones((2, 2), "float32")]).numpy(), 5))
inp = keras.Input(shape=(None,), dtype="int32")
model = keras.Model(inp, layers.Dense(1)(layers.GRU(8)(layers.Embedding(20, 4)(inp))))
model.summary()
model.compile(optimizer="adam", loss="mse")
history = model.fit(np.array([[1, 2, 3], [4, 5, 6]]), np.array([[0.5], [1.0]]), epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
try:
    layers.GRU(0)
except ValueError as e:
    print("ValueError", e)

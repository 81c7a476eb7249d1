# Keras 3 LSTM on the CPU (the cell stepped over time): weights' paths and shapes, the forget
# gate's bias of ones, return_sequences/return_state, an Embedding -> LSTM -> Dense model's
# summary (unknown time steps stay None, functional models are named "functional"), the
# Orthogonal initializer, and seeds drawn in Keras's order (the cell's seed generator included).
# Outputs are rounded to 5 places: TF's Eigen and GraphLens round some last bits differently.
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
lstm = layers.LSTM(4)
x = np.random.RandomState(0).rand(2, 5, 3).astype("float32")
print(np.round(lstm(x).numpy(), 5))
print([w.path for w in lstm.weights], [tuple(w.shape) for w in lstm.weights])
print(lstm.weights[2].numpy())
seq, h, c = layers.LSTM(3, return_sequences=True, return_state=True)(x)
print(seq.shape, h.shape, c.shape, np.allclose(seq[:, -1], h))
print(np.round(layers.LSTM(2, go_backwards=True)(x).numpy(), 5))
inp = keras.Input(shape=(None,), dtype="int32")
model = keras.Model(inp, layers.Dense(1)(layers.LSTM(16)(layers.Embedding(50, 8)(inp))))
model.summary()
print(np.round(model(np.array([[1, 2, 3, 4]])).numpy(), 5))
init = keras.initializers.Orthogonal(seed=3)
for shape in [(4, 16), (16, 64), (3, 3), (6, 2)]:
    v = init(shape).numpy()
    print(shape, np.round(v.ravel()[:4], 5).tolist(), np.abs(v @ v.T - np.eye(shape[0])).max() < 1e-5 if shape[0] <= shape[1] else True)
print(keras.initializers.Orthogonal(gain=2.0).get_config())
try:
    keras.initializers.Orthogonal()((4,))
except ValueError as e:
    print("ValueError", e)

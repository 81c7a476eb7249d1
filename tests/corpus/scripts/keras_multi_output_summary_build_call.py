# Keras 3: a model with two named outputs trained with a loss dict and loss_weights (each
# output's loss tracked unweighted as "<name>_loss", the total weighted), the same with lists; the
# summary of a non-sequential functional model ("Connected to", cells wrapped as rich wraps them,
# long words cut with an ellipsis); a layer without build() whose call() runs once more while
# Keras builds it (its print shows twice).
import numpy as np
import keras
from keras import layers, ops

keras.utils.set_random_seed(0)
rng = np.random.RandomState(0)
a = keras.Input(shape=(4,), name="features")
b = keras.Input(shape=(2,), name="extra_input_with_a_long_name")
h = layers.concatenate([layers.Dense(8, activation="relu", name="shared_hidden_projection")(a), b])
out_p = layers.Dense(1, name="priority")(h)
out_d = layers.Dense(3, name="department")(h)
model = keras.Model(inputs=[a, b], outputs={"priority": out_p, "department": out_d})
model.summary()
model.compile(optimizer="sgd", loss={"priority": "mse", "department": keras.losses.CategoricalCrossentropy(from_logits=True)},
              loss_weights={"priority": 1.0, "department": 0.5})
x = [rng.rand(16, 4), rng.rand(16, 2)]
y = {"priority": rng.rand(16, 1), "department": keras.utils.to_categorical(rng.randint(0, 3, 16), 3)}
h = model.fit(x, y, epochs=2, batch_size=8, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])

inp = keras.Input(shape=(3,))
m2 = keras.Model(inp, [layers.Dense(1, name="first")(inp), layers.Dense(1, name="second")(inp)])
m2.compile(optimizer="sgd", loss=["mse", "mae"], loss_weights=[0.3, 0.7])
h = m2.fit(rng.rand(8, 3), [rng.rand(8, 1), rng.rand(8, 1)], epochs=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})


class Stepper(layers.Layer):
    def __init__(self):
        super().__init__()
        self.inner = layers.Dense(2)

    def call(self, inputs):
        y = self.inner(inputs)
        print("call", tuple(y.shape))
        return y


s = Stepper()
print(tuple(s(ops.zeros((1, 3))).shape), len(s.weights))
print(tuple(s(ops.zeros((2, 3))).shape))

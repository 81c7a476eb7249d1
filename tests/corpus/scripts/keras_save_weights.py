# save_weights / load_weights with .weights.h5 files (issue #19): into a fresh model of the same
# architecture, from a .keras archive, and the error when the layers do not match.
import os
import tempfile
import numpy as np
import keras

keras.utils.set_random_seed(3)
tmp = tempfile.mkdtemp()
x = np.linspace(0, 1, 8, dtype="float32").reshape(2, 4)


def make():
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"),
                             keras.layers.BatchNormalization(), keras.layers.Dense(2)])


a = make()
a.compile(optimizer="rmsprop", loss="mse")
a.fit(np.ones((8, 4)), np.zeros((8, 2)), verbose=0, epochs=2)
wpath = os.path.join(tmp, "a.weights.h5")
print(a.save_weights(wpath))
b = make()
print(np.array_equal(a(x).numpy(), b(x).numpy()))
print(b.load_weights(wpath))
print(np.array_equal(a(x).numpy(), b(x).numpy()))
print([(np.round(w, 4) + 0.0).ravel().tolist() for w in b.layers[1].get_weights()])  # + 0.0: no -0.0
c = make()
a.save(os.path.join(tmp, "a.keras"))
c.load_weights(os.path.join(tmp, "a.keras"))
print(np.array_equal(a(x).numpy(), c(x).numpy()))
other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5), keras.layers.Dense(2)])
try:
    other.load_weights(wpath)
except ValueError as e:
    print("ValueError:", str(e).split("\n")[0])
    print(str(e).split("\n")[-1])

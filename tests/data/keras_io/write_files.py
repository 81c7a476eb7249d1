# The files GraphLens writes, for real Keras to load (tests/oracle/record_keras_io.py graphlens).
# tests/keras_io/run_checks.py runs this with graphlens-cli in a copy of this folder and checks
# that GraphLens still writes the bytes committed in graphlens/ (config.json and the HDF5 weights;
# metadata.json carries the date).
import os
import numpy as np
import keras

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "graphlens")
os.makedirs(out, exist_ok=True)
keras.utils.set_random_seed(4)
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="relu"), keras.layers.Dense(1)])
m.compile(optimizer="adam", loss="mse")
m.fit(np.arange(12, dtype="float32").reshape(4, 3) / 10, np.ones((4, 1)), verbose=0, epochs=2)
m.save(os.path.join(out, "gl_seq.keras"))
m.save_weights(os.path.join(out, "gl_seq.weights.h5"))
m.save(os.path.join(out, "gl_legacy.h5"))
inp = keras.Input((4,), name="x")
h = keras.layers.Dense(3, activation="tanh")(inp)
h = keras.layers.Dropout(0.5)(h)
o = keras.layers.Dense(2, activation="softmax")(h)
fm = keras.Model(inp, o)
fm.compile(optimizer="sgd", loss="mse")
fm.fit(np.ones((4, 4)), np.ones((4, 2)), verbose=0)
fm.save(os.path.join(out, "gl_fn.keras"))
cm = keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2D(3, 3, activation="relu", padding="same"),
                       keras.layers.BatchNormalization(), keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                       keras.layers.Dropout(0.2), keras.layers.Dense(2, activation="softmax")])
cm.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
xc = np.linspace(0, 1, 4 * 72, dtype="float32").reshape(4, 6, 6, 2)
cm.fit(xc, np.eye(2, dtype="float32")[[0, 1, 0, 1]], verbose=0)
cm.save(os.path.join(out, "gl_cnn.keras"))
x3 = np.arange(6, dtype="float32").reshape(2, 3) / 4
x4 = np.arange(8, dtype="float32").reshape(2, 4) / 4
print("gl_seq", np.round(m.predict(x3, verbose=0), 5).ravel().tolist())
print("gl_fn", np.round(fm.predict(x4, verbose=0), 5).ravel().tolist())
print("gl_cnn", np.round(cm.predict(xc, verbose=0), 5).ravel().tolist())

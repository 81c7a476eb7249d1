# Files real Keras 3.15 wrote (real/, made by tests/oracle/record_keras_io.py), loaded and used:
# load_model of .keras archives (Sequential and functional, compiled; a small CNN) and of a legacy .h5 model,
# load_weights of a .weights.h5 file into a fresh model. load_files.expected is what real Keras
# printed running this script; tests/keras_io/run_checks.py compares GraphLens's output with it.
import numpy as np
import keras

x3 = (np.arange(6, dtype="float32").reshape(2, 3) / 4)
x4 = (np.arange(8, dtype="float32").reshape(2, 4) / 4)


def show(m, x):
    print(type(m).__name__, m.name, [l.name for l in m.layers])
    for w in m.weights:
        print(" ", w.name, w.shape, np.round(w.numpy(), 5).ravel().tolist())
    print("  predict", np.round(m.predict(x, verbose=0), 5).tolist())


m = keras.models.load_model("real/seq.keras")
show(m, x3)
print("optimizer", type(m.optimizer).__name__, int(m.optimizer.iterations.numpy()),
      round(float(m.optimizer.learning_rate.numpy()), 6))
m = keras.saving.load_model("real/fn.keras")
show(m, x4)
print("config", m.get_config()["input_layers"], m.get_config()["output_layers"],
      [l["class_name"] for l in m.get_config()["layers"]])
m = keras.models.load_model("real/cnn.keras")  # Conv2D, BatchNormalization, MaxPooling2D, Flatten, Dropout
show(m, np.linspace(0, 1, 4 * 72, dtype="float32").reshape(4, 6, 6, 2))
m = keras.models.load_model("real/legacy.h5", compile=False)  # real Keras 3.15 cannot compile it back (loss "mse")
show(m, x3)
fresh = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="relu"), keras.layers.Dense(1)])
fresh.load_weights("real/seq.weights.h5")
show(fresh, x3)
try:
    fresh.load_weights("real/fn.keras")
except ValueError as e:
    print("ValueError", str(e).split("\n")[0])
    print(str(e).split("\n")[-1])

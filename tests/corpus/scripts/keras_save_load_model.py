# model.save / keras.models.load_model (issue #19): .keras archives of Sequential and functional
# models (compiled, trained), predictions and configs after loading, keras.saving.load_model,
# a registered custom layer, to_json / model_from_json and clone_model. (Saving a legacy .h5 model
# logs a warning on stderr; tests/keras_io checks that format.)
import os
import tempfile
import numpy as np
import keras

keras.utils.set_random_seed(7)
tmp = tempfile.TemporaryDirectory()
x = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)
y = np.array([[1.0], [0.0], [1.0], [0.5]], dtype="float32")

seq = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
seq.compile(optimizer="adam", loss="mse")
seq.fit(x, y, epochs=3, verbose=0)
path = os.path.join(tmp.name, "seq.keras")
seq.save(path)
print(sorted(os.listdir(tmp.name)))
loaded = keras.models.load_model(path)
print(type(loaded).__name__, loaded.name, [l.name for l in loaded.layers])
print(np.round(seq.predict(x, verbose=0), 5).ravel().tolist())
print(np.round(loaded.predict(x, verbose=0), 5).ravel().tolist())
print(np.array_equal(seq(x).numpy(), loaded(x).numpy()))
print(type(loaded.optimizer).__name__, int(loaded.optimizer.iterations.numpy()))
print([l["class_name"] for l in loaded.get_config()["layers"]], loaded.get_config()["layers"][1]["config"]["units"])
loaded.fit(x, y, epochs=1, verbose=0)  # training goes on from the loaded optimizer state
print(int(loaded.optimizer.iterations.numpy()))

inp = keras.Input((3,), name="features")
h = keras.layers.Dense(5, activation="relu", name="hidden")(inp)
out = keras.layers.Dense(2, activation="softmax", name="probs")(h)
fn = keras.Model(inp, out, name="classifier")
fn.compile(optimizer="sgd", loss="categorical_crossentropy")
fn.fit(x, np.eye(2, dtype="float32")[[0, 1, 1, 0]], verbose=0)
fpath = os.path.join(tmp.name, "fn.keras")
fn.save(fpath)
fl = keras.saving.load_model(fpath)
print(type(fl).__name__, fl.name, [l.name for l in fl.layers])
cfg = fl.get_config()
print(cfg["input_layers"], cfg["output_layers"], [l["inbound_nodes"][0]["args"][0]["config"]["keras_history"]
                                                  for l in cfg["layers"][1:]])
print(np.allclose(fn(x).numpy(), fl(x).numpy()))

keras.saving.get_custom_objects().clear()


@keras.saving.register_keras_serializable(package="Corpus")
class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        c = super().get_config()
        c["factor"] = self.factor
        return c


ci = keras.Input((3,))
cm = keras.Model(ci, keras.layers.Dense(1)(Scale(0.5)(ci)))
cpath = os.path.join(tmp.name, "custom.keras")
cm.save(cpath)
cl = keras.models.load_model(cpath)
print([type(l).__name__ for l in cl.layers], cl.layers[1].factor)
print(np.allclose(cm(x).numpy(), cl(x).numpy()))

j = seq.to_json()
rebuilt = keras.models.model_from_json(j)
print(type(rebuilt).__name__, [l.name for l in rebuilt.layers], len(rebuilt.weights))
clone = keras.models.clone_model(fn)
print(type(clone).__name__, [w.shape for w in clone.weights])

tmp.cleanup()

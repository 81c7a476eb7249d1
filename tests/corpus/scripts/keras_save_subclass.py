# Saving a subclassed model (issue #19): a registered keras.Model subclass with get_config goes
# through .keras with its build_config (rebuilt before its weights load), and the same class's
# weights through .weights.h5 (paths are the attribute names).
import os
import tempfile
import numpy as np
import keras

keras.utils.set_random_seed(11)
keras.saving.get_custom_objects().clear()


@keras.saving.register_keras_serializable(package="Corpus")
class TwoLayer(keras.Model):
    def __init__(self, hidden=4, **kwargs):
        super().__init__(**kwargs)
        self.hidden = hidden
        self.first = keras.layers.Dense(hidden, activation="relu")
        self.second = keras.layers.Dense(1)

    def call(self, x):
        return self.second(self.first(x))

    def get_config(self):
        return {"hidden": self.hidden, "name": self.name}


tmp = tempfile.mkdtemp()
x = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
m = TwoLayer(5)
m.compile(optimizer="sgd", loss="mse")
m.fit(x, np.ones((2, 1), dtype="float32"), verbose=0)
p = os.path.join(tmp, "sub.keras")
m.save(p)
r = keras.models.load_model(p)
print(type(r).__name__, r.hidden, r.built, [w.shape for w in r.weights])
print(np.allclose(m(x).numpy(), r(x).numpy()))
w = os.path.join(tmp, "sub.weights.h5")
m.save_weights(w)
fresh = TwoLayer(5)
fresh(x)
fresh.load_weights(w)
print(np.allclose(m(x).numpy(), fresh(x).numpy()))

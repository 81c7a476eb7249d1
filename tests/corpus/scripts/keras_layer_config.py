# Layer.get_config / from_config of custom layers (the base config: name, trainable, dtype policy),
# a config without the base keys, and auto names counted as layers are constructed.
import keras
from keras import ops


class Linear(keras.layers.Layer):
    def __init__(self, units=32, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def call(self, inputs):
        return inputs

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units})
        return config


class Bare(keras.layers.Layer):
    def __init__(self, units=32):
        super().__init__()
        self.units = units

    def get_config(self):
        return {"units": self.units}


a = Linear(4)
b = Bare(3)
print(a.get_config())
print(b.get_config(), Bare.from_config(b.get_config()).units)
c = Linear.from_config(a.get_config())
print(c.name, c.units, c.get_config()["dtype"]["config"])
print([Linear().name for _ in range(2)], Bare().name, keras.layers.Dense(1).name, keras.layers.Dense(1).name)
print(keras.layers.Dense(2, dtype="float64").get_config()["dtype"])

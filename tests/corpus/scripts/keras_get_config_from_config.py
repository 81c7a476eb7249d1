# Keras 3 layer configs: get_config of built-in layers (constructor arguments, nested initializers
# and regularizers), from_config round trips, a subclass without get_config (Keras's auto-config
# of constructor arguments) and one with its own (super() gives the base keys only).
import keras

for layer in (keras.layers.Dense(3, activation="relu", kernel_regularizer=keras.regularizers.L2(0.01)),
              keras.layers.Conv2D(4, 3, strides=2, padding="same"),
              keras.layers.Embedding(10, 4),
              keras.layers.Dropout(0.25),
              keras.layers.LayerNormalization(epsilon=1e-5)):
    config = layer.get_config()
    print(type(layer).__name__, sorted(config.items(), key=lambda kv: kv[0]))
    clone = type(layer).from_config(config)
    print(" clone", type(clone).__name__, clone.get_config() == config)


class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor


class Shift(keras.layers.Layer):
    def __init__(self, by, **kwargs):
        super().__init__(**kwargs)
        self.by = by

    def call(self, x):
        return x + self.by

    def get_config(self):
        base = super().get_config()
        print(" base keys", sorted(base))
        return {**base, "by": self.by}


s = Scale(3.0, name="scale")
print(sorted(s.get_config().items(), key=lambda kv: kv[0]))
print(Scale.from_config(s.get_config()).factor)
t = Shift(5, name="shift")
print(sorted(t.get_config().items(), key=lambda kv: kv[0]))
print(Shift.from_config(t.get_config()).by)
print(keras.saving.serialize_keras_object(keras.initializers.HeNormal(seed=3)))
print(type(keras.saving.deserialize_keras_object({"module": "keras.initializers", "class_name": "Zeros", "config": {},
                                                  "registered_name": None})).__name__)

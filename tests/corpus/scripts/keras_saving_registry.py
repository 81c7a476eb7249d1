# keras.saving: serialize/deserialize of Keras objects (regularizers, initializers), the registry
# (register_keras_serializable with package/name, get_custom_objects, get_registered_name/object,
# custom_object_scope), custom layers round-tripped, the error for a class without get_config,
# and every initializer's config (as Keras 3.15 writes it).
import keras
import tensorflow as tf

print(keras.saving.serialize_keras_object(keras.regularizers.L1(0.005)))
print(keras.saving.serialize_keras_object(keras.regularizers.L2(0.1)))
print(keras.saving.serialize_keras_object(keras.initializers.Zeros()))
print(keras.saving.serialize_keras_object(keras.initializers.GlorotUniform(seed=3)))
print(keras.saving.serialize_keras_object(None), keras.saving.serialize_keras_object(3), keras.saving.serialize_keras_object("relu"))
r = keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(keras.regularizers.L2(0.25)))
print(type(r).__name__, r.get_config())
keras.saving.get_custom_objects().clear()


@keras.saving.register_keras_serializable(package="MyLayers")
class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


@keras.saving.register_keras_serializable(package="my_package", name="custom_fn")
def custom_fn(x):
    return x ** 2


print(sorted(keras.saving.get_custom_objects()))
print(keras.saving.get_registered_name(Scale), keras.saving.get_registered_name(custom_fn))
print(keras.saving.get_registered_object("MyLayers>Scale") is Scale)
cfg = keras.saving.serialize_keras_object(Scale(3.0, name="s"))
print(cfg)
s2 = keras.saving.deserialize_keras_object(cfg)
print(type(s2).__name__, s2.factor, s2.name)
class Plain(keras.layers.Layer):
    pass
with keras.saving.custom_object_scope({"Plain": Plain}):
    print(keras.saving.get_registered_object("Plain") is Plain)
print(keras.saving.get_registered_object("Plain"))
try:
    @keras.saving.register_keras_serializable()
    class NoConfig:
        pass
except ValueError as e:
    print("ValueError", e)
I = keras.initializers
for c in [I.Zeros(), I.Ones(), I.Constant(2.0), I.RandomNormal(seed=1), I.RandomUniform(), I.TruncatedNormal(),
          I.VarianceScaling(), I.GlorotUniform(), I.GlorotNormal(), I.HeNormal(), I.HeUniform(), I.LecunNormal(),
          I.LecunUniform()]:
    print(type(c).__name__, c.get_config())
print(I.GlorotUniform.from_config({"seed": 4}).get_config())

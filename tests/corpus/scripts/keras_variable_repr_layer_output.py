# Keras 3 variables print as keras.Variable (path, shape, dtype, value); layer.input/output name
# the first call's tensors; a Sequential built by its first call keeps the batch size in its
# summary shapes; summary's Param # has thousands separators; a never-called layer has no output.
import keras
from keras import layers, ops

keras.utils.set_random_seed(1)
layer = layers.Dense(2, name="d")
layer(ops.ones((1, 3)))
print(layer.kernel)
print(repr(layer.bias))
print(layer.kernel.path, layer.kernel.name)

model = keras.Sequential([layers.Dense(3), layers.Dense(2)])
model(ops.ones((4, 5)))
model.summary()

seq = keras.Sequential([keras.Input(shape=(8,)), layers.Dense(300, name="wide"), layers.Dense(4, name="out")])
seq.summary()
print(seq.get_layer("wide").output.shape, seq.get_layer("out").input.shape)
extractor = keras.Model(inputs=seq.inputs, outputs=[l.output for l in seq.layers])
print([tuple(t.shape) for t in extractor(ops.ones((2, 8)))])
try:
    layers.Dense(1, name="lonely").output
except AttributeError as e:
    print("AttributeError", e)

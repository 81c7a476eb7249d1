# Keras 3 layers: Embedding (uniform init, negative and float indices), LayerNormalization (last axis,
# several axes, no centre or scale), Rescaling of uint8 images, Conv1D with strides and dilation, the 1-D
# poolings, and the functional merge helpers; weights' names and shapes, outputs as TF computes them
# (means rounded to 4 places: TF sums float32 in Eigen's order, GraphLens in double; a last-bit
# difference there is not what this script checks).
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(3)
emb = layers.Embedding(10, 4)
print(emb(np.array([[1, 2], [9, -1]])))
print(emb(np.array([0.0, 3.7])))
print([w.path for w in emb.weights], emb.embeddings.shape)
print(emb.get_config())

x = np.arange(24, dtype="float32").reshape(2, 3, 4) / 7.0
ln = layers.LayerNormalization()
print(np.round(ln(x).numpy(), 4))
print([w.path for w in ln.weights])
print(np.round(layers.LayerNormalization(axis=[1, 2], epsilon=1e-5)(x).numpy(), 4))
print(np.round(layers.LayerNormalization(center=False, scale=False)(x)[0, 0].numpy(), 4))

img = np.arange(12, dtype="uint8").reshape(1, 2, 2, 3)
print(layers.Rescaling(1.0 / 255)(img))
print(layers.Rescaling(2.0, offset=-1.0)(img).dtype)

seq = np.random.RandomState(0).rand(2, 9, 3).astype("float32")
c1 = layers.Conv1D(2, 3, strides=2, activation="relu")
print(c1(seq))
print(layers.Conv1D(2, 2, dilation_rate=2, padding="same")(seq).shape)
print(layers.MaxPooling1D(2)(seq).shape, layers.AveragePooling1D(3, strides=1)(seq)[0, 0])
print(np.round(layers.GlobalAveragePooling1D()(seq).numpy(), 4), layers.GlobalMaxPooling1D(keepdims=True)(seq).shape)

a = keras.Input(shape=(3,), name="a")
b = keras.Input(shape=(3,), name="b")
merged = layers.concatenate([layers.add([a, b]), layers.multiply([a, b]), layers.subtract([a, b])])
model = keras.Model([a, b], merged)
print(model([np.ones((1, 3)), np.full((1, 3), 2.0)]))
tokens = keras.Input(shape=(None,), dtype="int32")
h = layers.GlobalAveragePooling1D()(layers.Embedding(20, 5)(tokens))
print(keras.Model(tokens, layers.Dense(2)(h))(np.array([[1, 2, 3]])).shape)

# A functional model fed a dict keyed by Input names, a uint8 input cast to the Input dtype, and
# the error for a missing key (Keras 3).
import keras, numpy as np
a = keras.Input(shape=(2,), name="a"); b = keras.Input(shape=(2,), name="b")
m = keras.Model([a, b], keras.layers.Add()([a, b]))
print(m({"a": np.ones((1, 2)), "b": np.ones((1, 2), dtype="uint8")}))
try:
    m({"a": np.ones((1, 2))})
except Exception as e:
    print(type(e).__name__, e)

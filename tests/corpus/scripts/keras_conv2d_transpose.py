# Keras 3 Conv2DTranspose: kernel (kh, kw, filters, in_channels) with Glorot over those fans,
# output sizes for valid/same, strides, output_padding and dilation, in Sequential and functional
# models (summary shapes), a short fit, get_config, and its argument errors.
import keras
import numpy as np

keras.utils.set_random_seed(0)
x = np.random.RandomState(0).standard_normal((2, 5, 5, 3)).astype("float32")
for kw in ({"padding": "valid"}, {"padding": "same"}, {"strides": 2, "padding": "same"},
           {"strides": 2, "padding": "valid"}, {"strides": 2, "padding": "same", "output_padding": 1},
           {"strides": (2, 3), "padding": "valid", "output_padding": (1, 2)}, {"dilation_rate": 2, "padding": "valid"}):
    layer = keras.layers.Conv2DTranspose(4, 3, **kw)
    try:
        y = layer(x)
        print(kw, tuple(y.shape), layer.kernel.shape, round(float(np.asarray(y).sum()), 4))
    except Exception as e:  # TF's Eigen kernel (oneDNN off) takes no dilations
        print(kw, type(e).__name__, str(e).splitlines()[2])
model = keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2DTranspose(3, 2, strides=2, activation="relu"),
                          keras.layers.Conv2DTranspose(1, 3, padding="same")])
model.summary()
model.compile(optimizer="adam", loss="mse")
history = model.fit(np.ones((4, 6, 6, 2), "float32"), np.zeros((4, 12, 12, 1), "float32"), epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
inputs = keras.Input((None, None, 2))
print(keras.Model(inputs, keras.layers.Conv2DTranspose(2, 3, strides=2)(inputs)).output_shape)
print(sorted(keras.layers.Conv2DTranspose(2, 3).get_config().items()))
for bad in ({"strides": 2, "output_padding": 2}, {"padding": "full"}):
    try:
        keras.layers.Conv2DTranspose(2, 3, **bad)
    except ValueError as e:
        print("ValueError", e)

# Keras' ZeroPadding2D (Pad) and DepthwiseConv2D (a channel multiplier, its bias) in a small
# MobileNet-shaped model: weights from the seeded initializers, predictions, one training step.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
model = tf.keras.Sequential([
    tf.keras.Input([8, 8, 3]),
    tf.keras.layers.ZeroPadding2D(((0, 1), (1, 0))),
    tf.keras.layers.Conv2D(4, 3, strides=2),
    tf.keras.layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2, activation="relu"),
    tf.keras.layers.ZeroPadding2D(1),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(2),
])
for w in model.weights:
    print(w.path, w.shape, np.round(w.numpy().reshape(-1)[:3], 5).tolist())
x = np.linspace(-1, 1, 2 * 8 * 8 * 3, dtype=np.float32).reshape(2, 8, 8, 3)
print(model.output_shape, np.round(model.predict(x, verbose=0), 5).tolist())
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
history = model.fit(x, np.array([[1.0, 0.0], [0.0, 1.0]], np.float32), epochs=2, verbose=0)
print([round(v, 5) for v in history.history["loss"]])
print(np.round(model(x).numpy(), 5).tolist())

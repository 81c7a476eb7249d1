# compile/fit/evaluate/predict on tensors with verbose=0; history rounded.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
x = np.linspace(-1.0, 1.0, 32).reshape(-1, 1).astype(np.float32)
y = 3.0 * x + 0.5
model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="mse")
hist = model.fit(x, y, epochs=5, batch_size=8, verbose=0, shuffle=False)
print(sorted(hist.history.keys()))
print([round(v, 4) for v in hist.history["loss"]])
print(round(float(model.evaluate(x, y, verbose=0)), 4))
p = model.predict(x[:3], verbose=0)
print(p.shape, type(p).__name__)
print(np.round(p, 3))

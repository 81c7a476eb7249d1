# B4 seed MLP (seed 001 section 5.1-5.2, eager): 10000x20, batch 256, Dense 64-32-1, Adam;
# seconds per epoch after a first warm-up epoch.
import time
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1)
X = np.random.randn(10000, 20).astype(np.float32)
y = (np.sum(X[:, :5], axis=1, keepdims=True) > 0).astype(np.float32)
ds = tf.data.Dataset.from_tensor_slices((X, y)).batch(256)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(1),
])
loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.Adam()

def epoch():
    total = 0.0
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = loss_fn(yb, model(xb, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        total = loss
    return total

epoch()
times = []
for _ in range(4):
    s = time.perf_counter()
    last = epoch()
    times.append(time.perf_counter() - s)
print("mlp_epoch_seconds %.4f" % min(times))
print("final_loss %.4f" % float(last))

# Custom eager training loop: model(x, training=True), loss, tape.gradient, Adam, Mean metric.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)
X = np.random.RandomState(0).randn(32, 3).astype(np.float32)
Y = (X @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32)).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.Adam(0.05)
metric = tf.keras.metrics.Mean()
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(8)
for epoch in range(3):
    metric.reset_state()
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = loss_fn(yb, model(xb, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        metric.update_state(loss)
    print(epoch, f"{float(metric.result()):.3f}")
print(len(model.trainable_variables), int(opt.iterations))

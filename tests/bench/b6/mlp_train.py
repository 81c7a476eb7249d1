# B6 seed MLP training (seed 001 section 5.1-5.2): 10000x20, batch 256, Dense 64-32-1, Adam,
# 5 epochs, the same train step run eagerly and as a tf.function. A first epoch warms up (and
# traces); the figure is seconds per epoch over the next EPOCHS epochs, and also the best single
# epoch (less sensitive to other tenants of a shared machine).
import time
import numpy as np
import tensorflow as tf

# run_b6.py rewrites these three lines for its runs.
MODES = "eager graph"
NO_PASSES = False
if NO_PASSES:
    tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": True})

EPOCHS = 5
tf.keras.utils.set_random_seed(1)
X = np.random.randn(10000, 20).astype(np.float32)
y = (np.sum(X[:, :5], axis=1, keepdims=True) > 0).astype(np.float32)
ds = tf.data.Dataset.from_tensor_slices((X, y)).batch(256)
loss_fn = tf.keras.losses.MeanSquaredError()


def make():
    tf.keras.utils.set_random_seed(2)
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(1),
    ])
    return model, tf.keras.optimizers.Adam()


def run(mode):
    model, opt = make()

    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = loss_fn(yb, model(xb, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    train = tf.function(step) if mode == "graph" else step

    def epoch():
        loss = None
        for xb, yb in ds:
            loss = train(xb, yb)
        return loss

    epoch()
    start = time.perf_counter()
    best = None
    for _ in range(EPOCHS):
        begin = time.perf_counter()
        last = epoch()
        took = time.perf_counter() - begin
        best = took if best is None else min(best, took)
    per_epoch = (time.perf_counter() - start) / EPOCHS
    print("mlp_%s_epoch_s %.5f" % (mode, per_epoch))
    print("mlp_%s_best_epoch_s %.5f" % (mode, best))
    print("mlp_%s_final_loss %.5f" % (mode, float(last)))


for mode in MODES.split():
    run(mode)

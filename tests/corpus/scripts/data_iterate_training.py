# Iterating a batched dataset in a manual training loop with GradientTape (exact arithmetic).
import tensorflow as tf

xs = tf.constant([[1.0], [2.0], [3.0], [4.0]])
ys = tf.constant([[2.0], [4.0], [6.0], [8.0]])
ds = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(2)
w = tf.Variable([[0.0]])
for epoch in range(3):
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.matmul(xb, w) - yb) ** 2)
        g = tape.gradient(loss, w)
        w.assign_sub(0.0625 * g)
    print(epoch, f"{float(w[0, 0]):.6f}")

# A tiny gradient-descent loop with GradientTape and assign_sub; exact halves keep values exact.
import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
xs = tf.constant([1.0, 2.0, 3.0, 4.0])
ys = 2.0 * xs + 1.0
for step in range(50):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * xs + b - ys))
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(0.05 * dw)
    b.assign_sub(0.05 * db)
    if step % 10 == 0:
        print(step, f"{float(loss):.4f}")
print(f"w={w.numpy():.3f} b={b.numpy():.3f}")

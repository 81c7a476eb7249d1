# Gradients of AddV2, Sub, Mul, RealDiv, including broadcasting (gradients reduced to input shape).
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([2.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, b])
    s = tf.reduce_sum(x + b)
    d = tf.reduce_sum(x - b)
    m = tf.reduce_sum(x * b)
    q = tf.reduce_sum(x / b)
for name, y in [("add", s), ("sub", d), ("mul", m), ("div", q)]:
    gx, gb = tape.gradient(y, [x, b])
    print(name, gx.numpy().tolist(), gb.numpy().tolist())
del tape

# Gradients of Sum, Mean, Max (ties share), Min, Prod, with axes.
import tensorflow as tf

x = tf.constant([[1.0, 3.0, 3.0], [2.0, 0.5, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    outs = [tf.reduce_sum(x), tf.reduce_mean(x, axis=0), tf.reduce_max(x),
            tf.reduce_max(x, axis=1), tf.reduce_min(x, axis=0), tf.reduce_prod(x, axis=1)]
for y in outs:
    print(tape.gradient(y, x).numpy().tolist())

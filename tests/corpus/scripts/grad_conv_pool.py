# Gradients of Conv2D (input and filter), MaxPool and AvgPool; exact values.
import tensorflow as tf

x = tf.reshape(tf.range(1.0, 17.0), [1, 4, 4, 1])
k = tf.reshape(tf.constant([1.0, 2.0, 3.0, 4.0]), [2, 2, 1, 1])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, k])
    c = tf.reduce_sum(tf.nn.conv2d(x, k, strides=1, padding="VALID"))
    mp = tf.reduce_sum(tf.nn.max_pool2d(x, 2, 2, "VALID"))
    ap = tf.reduce_sum(tf.nn.avg_pool2d(x, 2, 2, "VALID"))
gx, gk = tape.gradient(c, [x, k])
print(gx[0, :, :, 0])
print(gk[:, :, 0, 0])
print(tape.gradient(mp, x)[0, :, :, 0])
print(tape.gradient(ap, x)[0, :, :, 0])

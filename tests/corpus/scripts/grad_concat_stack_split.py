# Gradients through ConcatV2, Pack, Unpack, Split.
import tensorflow as tf

a = tf.constant([1.0, 2.0])
b = tf.constant([3.0, 4.0, 5.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    c = tf.reduce_sum(tf.concat([a, b], 0) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
    s = tf.reduce_sum(tf.stack([a, a * 2.0]))
    u0, u1 = tf.unstack(tf.reshape(b[:2], [2, 1]))
    p, q = tf.split(b[1:], 2)
    y = tf.reduce_sum(u1 * 7.0) + tf.reduce_sum(q * 3.0)
print(tape.gradient(c, [a, b]))
print(tape.gradient(s, a))
print(tape.gradient(y, b))

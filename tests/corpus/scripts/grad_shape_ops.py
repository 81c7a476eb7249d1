# Gradients flow through Reshape, Transpose, ExpandDims, Squeeze, Tile, Slice, StridedSlice.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
w = tf.constant([1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    r = tf.reduce_sum(tf.reshape(x, [6]) * w)
    t = tf.reduce_sum(tf.transpose(x) * tf.constant([[1.0, 2.0]] * 3))
    e = tf.reduce_sum(tf.squeeze(tf.expand_dims(x, 0)) * 3.0)
    tl = tf.reduce_sum(tf.tile(x, [2, 1]))
    sl = tf.reduce_sum(tf.slice(x, [0, 1], [2, 2]))
    ss = tf.reduce_sum(x[:, ::2] * 2.0)
for y in (r, t, e, tl, sl, ss):
    print(tape.gradient(y, x).numpy().tolist())

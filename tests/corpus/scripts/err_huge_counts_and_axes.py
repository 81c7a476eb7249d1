# Python ints beyond int32 as counts and axes get TF's own errors (issue #18): split/unstack
# output counts, stack's axis checked in Python, squeeze's int32 attr, gather's axis (the
# shape function's message), TensorShape indexing, and Tile's OOM naming the output's shape.
import tensorflow as tf

cases = [
    lambda: tf.split(tf.zeros([4]), 2**31),
    lambda: tf.unstack(tf.zeros([2]), num=2**31),
    lambda: tf.stack([tf.zeros([2])], axis=2**40),
    lambda: tf.stack([tf.zeros([2])], axis=5),
    lambda: tf.stack([tf.zeros([2]), tf.ones([2])], axis=-3),
    lambda: tf.squeeze(tf.zeros([1, 2]), axis=[2**40]),
    lambda: tf.gather(tf.zeros([3]), [0], axis=2**40),
    lambda: tf.gather(tf.zeros([3]), [0], axis=5),
    lambda: tf.gather(tf.zeros([3, 2]), [0], axis=-3),
    lambda: tf.zeros([2, 3]).shape[2**40],
    lambda: tf.zeros([2, 3]).shape[5],
    lambda: tf.tile(tf.zeros([2]), [2**40]),
]
for i, c in enumerate(cases):
    try:
        print(i, "ok", c())
    except Exception as e:
        print(i, type(e).__name__, (str(e).splitlines() or [""])[0])
print(tf.stack([tf.zeros([2]), tf.ones([2])], axis=-1).shape, tf.gather(tf.zeros([3, 2]), [0], axis=-2).shape)

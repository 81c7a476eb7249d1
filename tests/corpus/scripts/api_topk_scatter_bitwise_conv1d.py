# tf.math.top_k (TopKV2, ties in index order, its gradient through ScatterNd), tf.scatter_nd,
# tf.bitwise, tf.nn.conv1d and tf.nn.conv2d_transpose, eagerly and traced, with TF's errors.
import numpy as np
import tensorflow as tf

x = tf.constant([[3.0, 1.0, 4.0, 1.0, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]])
top = tf.math.top_k(x, k=3)
print(top)
print(top.values, top.indices)
print(tf.nn.top_k(tf.constant([2, 7, 7, 1, 7]), k=2, index_type=tf.int64))
print(tf.math.top_k(tf.constant([1.0, 2.0]), k=0))
with tf.GradientTape() as tape:
    tape.watch(x)
    v, i = tf.math.top_k(x, k=2)
    loss = tf.reduce_sum(v * tf.constant([[1.0, 10.0], [100.0, 1000.0]]))
print(tape.gradient(loss, x))

print(tf.scatter_nd([[1], [3], [1]], [10.0, 20.0, 5.0], [5]))
print(tf.scatter_nd([[0, 1], [2, 0]], [[1, 2], [3, 4]], [3, 2, 2]))

a = tf.constant([12, -7, 255, 0], tf.int32)
b = tf.constant([10, 3, 15, -1], tf.int32)
print(tf.bitwise.bitwise_and(a, b), tf.bitwise.bitwise_or(a, b), tf.bitwise.bitwise_xor(a, b))
print(tf.bitwise.invert(a), tf.bitwise.invert(tf.constant([0, 200], tf.uint8)))
print(tf.bitwise.left_shift(a, tf.constant([1, 2, 31, 40])), tf.bitwise.right_shift(a, tf.constant([1, 2, 3, -1])))
print(tf.bitwise.left_shift(tf.constant([1, -1], tf.int8), tf.constant([7, 3], tf.int8)))

signal = tf.reshape(tf.range(24, dtype=tf.float32), [2, 6, 2])
kernel = tf.reshape(tf.range(12, dtype=tf.float32) / 10.0, [3, 2, 2])
print(tf.nn.conv1d(signal, kernel, stride=1, padding="SAME"))
print(tf.nn.conv1d(signal, kernel, stride=2, padding="VALID"))
image = tf.reshape(tf.range(16, dtype=tf.float32), [1, 2, 2, 4])
filters = tf.reshape(tf.range(48, dtype=tf.float32) / 48.0, [2, 2, 3, 4])
up = tf.nn.conv2d_transpose(image, filters, output_shape=[1, 4, 4, 3], strides=2, padding="SAME")
print(up.shape, tf.reduce_sum(up).numpy(), up[0, :, :, 0].numpy().tolist())


@tf.function
def traced(t):
    values, indices = tf.math.top_k(t, k=2)
    return values, indices, tf.nn.conv1d(signal, kernel, 1, "SAME")[0, 0]


print(traced(x))
g = traced.get_concrete_function(tf.TensorSpec([None, 5])).graph
print([(op.name, op.type) for op in g.get_operations() if op.type in ("TopKV2", "Conv2D", "ScatterNd")])

for f in [lambda: tf.math.top_k(x, k=6), lambda: tf.math.top_k(tf.constant(1.0), k=1),
          lambda: tf.math.top_k(x, k=-1), lambda: tf.scatter_nd([[7]], [1.0], [5]),
          lambda: tf.bitwise.bitwise_and(tf.constant([1.0]), tf.constant([2.0]))]:
    try:
        print(f())
    except (tf.errors.InvalidArgumentError, tf.errors.NotFoundError, ValueError, TypeError) as e:
        print(type(e).__name__, str(e).splitlines()[0])

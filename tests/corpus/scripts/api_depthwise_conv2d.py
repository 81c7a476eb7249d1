# tf.nn.depthwise_conv2d (DepthwiseConv2dNative): values with SAME, VALID, strides, a channel
# multiplier and explicit padding; gradients of input and filter (its two backprop ops); the node
# when traced; TF's errors. (A dilated one TF runs through SpaceToBatchND: only its values here.)
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.range(2 * 5 * 5 * 3, dtype=tf.float32) / 10.0, [2, 5, 5, 3])
f = tf.reshape(tf.range(3 * 3 * 3 * 2, dtype=tf.float32) / 20.0 - 0.5, [3, 3, 3, 2])


def summary(t):
    a = t.numpy()
    return t.shape, round(float(a.sum()), 2), np.round(a.reshape(-1)[:6], 4).tolist()


print(summary(tf.nn.depthwise_conv2d(x, f, strides=[1, 1, 1, 1], padding="SAME")))
print(summary(tf.nn.depthwise_conv2d(x, f, strides=[1, 2, 2, 1], padding="VALID")))
print(summary(tf.nn.depthwise_conv2d(x, f[:, :, :, :1], strides=[1, 2, 2, 1], padding="SAME")))
print(summary(tf.nn.depthwise_conv2d(x, f, strides=[1, 1, 1, 1], padding=[[0, 0], [1, 0], [0, 2], [0, 0]])))
print(summary(tf.nn.depthwise_conv2d(x, f, strides=[1, 1, 1, 1], padding="SAME", dilations=[2, 2])))
print(summary(tf.nn.depthwise_conv2d(tf.cast(x, tf.float64), tf.cast(f, tf.float64), [1, 1, 1, 1], "VALID")))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    tape.watch(f)
    y = tf.nn.depthwise_conv2d(x, f, strides=[1, 2, 2, 1], padding="SAME")
    loss = tf.reduce_sum(y * tf.reshape(tf.range(tf.size(y), dtype=tf.float32) / 100.0, y.shape))
print(summary(tape.gradient(loss, x)))
print(summary(tape.gradient(loss, f)))


@tf.function
def traced(a):
    return tf.nn.depthwise_conv2d(a, f, strides=[1, 1, 1, 1], padding="SAME")


print(summary(traced(x)))
print([(op.name, op.type) for op in traced.get_concrete_function(x).graph.get_operations()
       if op.type == "DepthwiseConv2dNative"])

for call in [lambda: tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 4, 1]), strides=[1, 1, 1, 1], padding="SAME"),
             lambda: tf.nn.depthwise_conv2d(x, f, strides=[1, 1], padding="SAME"),
             lambda: tf.nn.depthwise_conv2d(x, f, strides=[1, 2, 1, 1], padding="SAME")]:
    try:
        call()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)

# A script that retraces on purpose: the retrace log tests run it, and the Code view screenshot
# shows it.
import tensorflow as tf


@tf.function
def normalize(x, scale):
    """Scales x to [0, 1] (or flips it) and multiplies by `scale`."""
    if tf.reduce_sum(x) > 0:
        y = x / tf.reduce_max(x)
    else:
        y = -x
    return y * scale


@tf.function
def accumulate(values):
    total = tf.constant(0.0)
    for v in values:
        total += v * v
    return total


@tf.function(reduce_retracing=True)
def dense(x, w):
    return tf.nn.relu(tf.matmul(x, w))


w = tf.Variable(tf.random.normal([4, 8], seed=1))
for step in range(12):
    x = tf.random.uniform([2, 4], seed=step)
    normalize(x, scale=float(step))  # a Python float: one trace per value
    print(f"step {step}: {dense(x, w).shape}")

for n in (3, 5, 7):
    accumulate(tf.range(n, dtype=tf.float32))  # a new shape each time
dense(tf.ones([3, 4]), w)
dense(tf.ones([5, 4]), w)

# The gradient of tf.nn.bias_add (BiasAddGrad, NHWC) adds the rows in order in float32, as TF's
# CPU kernel does: weighted sums of the bias gradients show every bit, 5 to 1000 rows.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(1)
for (r, c) in [(32, 10), (32, 64), (5, 3), (100, 7), (64, 200), (1000, 10)]:
    x = tf.constant((rng.standard_normal((r, c)) * 10).astype(np.float32))
    b = tf.Variable(tf.zeros([c]))
    with tf.GradientTape() as t:
        y = tf.nn.bias_add(x * 1.0, b)
        loss = tf.reduce_sum(y * x)
    g = t.gradient(loss, b).numpy().astype(np.float64)
    print(r, c, repr(float((g * np.arange(1, c + 1)).sum())))

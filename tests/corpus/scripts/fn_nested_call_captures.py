# A tf.function called from another captures each of the callee's variables and tensors once and
# feeds each its own value: two variables of a tf.Module, a large eager tensor (captured by
# value), one variable read by both functions, and the callee inside a cond branch.
import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, -2.0], [0.5, 3.0]])
        self.b = tf.Variable([0.25, -0.5])

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


d = Dense()
big = tf.constant(np.arange(200, dtype='float32') / 100.0)
scale = tf.Variable(3.0)


@tf.function
def inner(x):
    return d(x) * scale + tf.reduce_sum(big)


@tf.function
def outer(x, flag):
    y = inner(x) + d.b * scale
    if flag:
        y = y + inner(-x)
    return y


x = tf.constant([[1.0, 2.0], [-1.0, 0.5]])
print(inner(x).numpy().tolist())
print(outer(x, tf.constant(True)).numpy().tolist(), outer(x, tf.constant(False)).numpy().tolist())
d.b.assign([1.0, 1.0])
scale.assign(0.5)
print(outer(x, tf.constant(True)).numpy().tolist())

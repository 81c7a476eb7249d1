# autograph=False still works for straight-line code and explicit tf.cond / tf.while_loop.
import tensorflow as tf

@tf.function(autograph=False)
def f(x):
    y = tf.cond(x > 0, lambda: x * 2, lambda: x - 1)
    i, z = tf.while_loop(lambda i, z: i < 3, lambda i, z: (i + 1, z + y), (tf.constant(0), y))
    return z

print(f(tf.constant(5)).numpy(), f(tf.constant(-5)).numpy())

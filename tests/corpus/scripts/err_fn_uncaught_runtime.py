# An uncaught InvalidArgumentError from a failing tf.debugging assert inside a tf.function.
import tensorflow as tf

@tf.function
def f(x):
    tf.debugging.assert_non_negative(x, message="x must be >= 0")
    return tf.sqrt(x)

print(f(tf.constant(4.0)).numpy())
f(tf.constant(-1.0))

# tf.print with output_stream=sys.stdout inside a tf.function prints on every call.
import sys
import tensorflow as tf

@tf.function
def f(x):
    tf.print("x =", x, "sum =", tf.reduce_sum(x), output_stream=sys.stdout)
    return x

f(tf.constant([1, 2, 3]))
f(tf.constant([4, 5, 6]))

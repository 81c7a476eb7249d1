# An uncaught OperatorNotAllowedInGraphError from a tf.function with autograph=False.
import tensorflow as tf

@tf.function(autograph=False)
def f(x):
    if x > 0:
        return x
    return -x

f(tf.constant(1))

# tf.executing_eagerly() is False while tracing and True outside; inside_function likewise.
import tensorflow as tf

@tf.function
def f(x):
    print("eager inside:", tf.executing_eagerly())
    return x

print("eager outside:", tf.executing_eagerly())
f(tf.constant(1))

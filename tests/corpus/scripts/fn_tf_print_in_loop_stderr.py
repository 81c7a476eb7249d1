# tf.print inside a tensor loop prints each iteration; Python print only once at trace time.
import tensorflow as tf

@tf.function
def f(n):
    for i in tf.range(n):
        print("tracing the loop body")
        tf.print("step", i)
    return n

f(tf.constant(3))
f(tf.constant(2))

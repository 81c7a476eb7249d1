# AutoGraph: a function defined inside a tf.function, with a loop, is converted when called.
import tensorflow as tf

@tf.function
def f(n):
    def square_sum(k):
        s = tf.constant(0)
        for i in tf.range(k):
            s += i * i
        return s
    return square_sum(n) + square_sum(n + 1)

print(f(tf.constant(3)).numpy())

# AutoGraph: a tensor `if` returning in only one branch, with a value after it: both paths return.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        return x
    return -x

print(f(tf.constant(2.0)).numpy(), f(tf.constant(-3.0)).numpy())

# AutoGraph: a plain Python function called from a tf.function is converted too (its `if` works).
import tensorflow as tf

def helper(x):
    if x > 0:
        return x * 10
    return x

@tf.function
def f(x):
    return helper(x) + 1

print(f(tf.constant(2)).numpy(), f(tf.constant(-2)).numpy())

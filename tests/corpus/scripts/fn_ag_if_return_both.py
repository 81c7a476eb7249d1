# AutoGraph: `return` inside both branches of a tensor `if`.
import tensorflow as tf

@tf.function
def f(x):
    if tf.reduce_sum(x) > 10:
        return x * 2
    else:
        return x + 10

print(f(tf.constant([5, 6])).numpy())
print(f(tf.constant([1, 2])).numpy())

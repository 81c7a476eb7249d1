# AutoGraph: iterating a Python list unrolls; each element becomes a constant.
import tensorflow as tf

@tf.function
def weighted(x):
    acc = tf.zeros_like(x)
    for w in [1.0, 2.0, 3.0]:
        acc = acc + w * x
    return acc

print(weighted(tf.constant([1.0, -1.0])).numpy())

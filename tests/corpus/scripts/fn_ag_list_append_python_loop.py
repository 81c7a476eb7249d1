# A Python list appended in an unrolled (Python range) loop and stacked works.
import tensorflow as tf

@tf.function
def f(x):
    parts = []
    for i in range(3):
        parts.append(x * i)
    return tf.stack(parts)

print(f(tf.constant([1, 2])).numpy())

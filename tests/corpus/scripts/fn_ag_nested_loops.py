# AutoGraph: a tensor loop nested in a tensor loop.
import tensorflow as tf

@tf.function
def table_sum(n, m):
    s = tf.constant(0)
    for i in tf.range(n):
        for j in tf.range(m):
            s += i * j
    return s

print(table_sum(tf.constant(3), tf.constant(4)).numpy())

# AutoGraph: `for row in t` over a tensor iterates its first dimension inside the graph.
import tensorflow as tf

@tf.function
def row_sums(m):
    out = tf.constant(0)
    for row in m:
        out += tf.reduce_sum(row)
    return out

print(row_sums(tf.constant([[1, 2], [3, 4], [5, 6]])).numpy())

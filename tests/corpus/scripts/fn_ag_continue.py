# AutoGraph: `continue` in a tensor loop skips the rest of the body (sum of odd numbers).
import tensorflow as tf

@tf.function
def sum_odd(n):
    s = tf.constant(0)
    for i in tf.range(n):
        if i % 2 == 0:
            continue
        s += i
    return s

print(sum_odd(tf.constant(10)).numpy())

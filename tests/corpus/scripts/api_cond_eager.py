# tf.cond and Python if on scalar tensors in eager mode; tf.while_loop runs eagerly too.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
print(tf.cond(tf.reduce_mean(x) > 0, lambda: x * 2, lambda: x * 0.5))
print(tf.cond(tf.constant(False), lambda: tf.constant(1), lambda: tf.constant(2)))
if tf.reduce_sum(x) > 2:
    print("big")
i, s = tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + i), (tf.constant(0), tf.constant(0)))
print(i, s)

# Explicit tf.while_loop with maximum_iterations inside a tf.function.
import tensorflow as tf

@tf.function
def f(n):
    i, acc = tf.while_loop(lambda i, acc: i < n, lambda i, acc: (i + 1, acc * 2),
                           (tf.constant(0), tf.constant(1)), maximum_iterations=5)
    return i, acc

print([t.numpy() for t in f(tf.constant(3))])
print([t.numpy() for t in f(tf.constant(30))])

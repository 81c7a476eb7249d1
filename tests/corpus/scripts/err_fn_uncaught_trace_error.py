# An uncaught shape error from a traced function: the traceback ends with the framed message's last
# line, the indented "ValueError: ..." with the node's description.
import tensorflow as tf


@tf.function
def f(a, b):
    return tf.matmul(a, b)


f(tf.ones([2, 3]), tf.ones([4, 5]))

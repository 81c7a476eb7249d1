# An op failing while a tf.function's graph runs: TF's "Graph execution error:" framing, the node
# and the user's frames where it was defined (the call that traced it, the function's line; a
# branch's lines), then the kernel's message and [Op:<function>].
import re

import tensorflow as tf


def show(fn, *args):
    try:
        fn(*args)
    except tf.errors.OpError as e:
        print(type(e).__name__)
        # the frames of this script (a harness running it adds its own below <module>)
        message = re.sub(r'  File "(?![^"]*err_fn_graph_execution_error\.py")[^"]*", line \d+, in [^\n]*\n\n', '',
                         e.message)
        print(re.sub(r'File "[^"]*/', 'File "', message))


@tf.function
def gather(x, i):
    return tf.gather(x, i)


show(gather, tf.constant([1., 2., 3.]), tf.constant(5))


def helper(x, n):
    y = x + 1
    return tf.reshape(y, [n, -1])


@tf.function
def outer(x, n):
    z = helper(x, n)
    return z * 2


show(outer, tf.constant([1., 2., 3.]), tf.constant(2))


@tf.function
def branchy(x, n):
    if n > 0:
        x = tf.debugging.check_numerics(tf.math.log(x), 'log went bad')
    else:
        x = x + 1.
    return x


show(branchy, tf.constant([-1.]), tf.constant(1))


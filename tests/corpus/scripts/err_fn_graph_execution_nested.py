# TF's "Graph execution error:" framing for a node of a nested tf.function call (TF names it as
# inlined, without the call's prefix), of a loop body, and of a cond inside a cond.
import re

import tensorflow as tf


def show(fn, *args):
    try:
        fn(*args)
    except tf.errors.OpError as e:
        print(type(e).__name__)
        # the frames of this script (a harness running it adds its own below <module>)
        message = re.sub(r'  File "(?![^"]*err_fn_graph_execution_nested\.py")[^"]*", line \d+, in [^\n]*\n\n', '',
                         e.message)
        print(re.sub(r'File "[^"]*/', 'File "', message))


@tf.function
def inner(x):
    return tf.debugging.check_numerics(tf.math.log(x), 'bad')


@tf.function
def calls_inner(x):
    return inner(x) + 1


@tf.function
def loop(x):
    for i in tf.range(3):
        x = tf.debugging.check_numerics(tf.math.log(x), 'bad loop')
    return x


@tf.function
def nested_cond(x, n):
    if n > 0:
        if n > 1:
            x = tf.debugging.check_numerics(tf.math.log(x), 'deep')
    return x


show(calls_inner, tf.constant([-1.]))
show(loop, tf.constant([-1.]))
show(nested_cond, tf.constant([-1.]), tf.constant(2))

# tf.name_scope in a traced graph as TF's Graph.name_scope: a scope used again is made unique
# ("blk", "blk_1") as op names are, nested scopes, "blk/" re-entering an existing scope, an op
# named like a used scope, what the context manager returns; eagerly scopes only prefix names.
import tensorflow as tf


@tf.function
def f(x):
    seen = []
    with tf.name_scope('blk') as s:
        seen.append(s)
        a = x + 1
    with tf.name_scope('blk') as s:
        seen.append(s)
        with tf.name_scope('inner') as t:
            seen.append(t)
            b = x * 2
        with tf.name_scope('inner') as t:
            seen.append(t)
            b2 = x * 3
    with tf.name_scope('blk/') as s:
        seen.append(s)
        c = x - 3
    d = tf.identity(x, name='blk')
    with tf.name_scope('Blk') as s:
        seen.append(s)
        e = x + 5
    print(seen)
    return a, b, b2, c, d, e


g = f.get_concrete_function(tf.TensorSpec([])).graph
print([op.name for op in g.get_operations()])
with tf.name_scope('eager') as s:
    print(repr(s))
    v = tf.Variable(1.0, name='v')
with tf.name_scope('eager') as s:
    print(repr(s))
    w = tf.Variable(1.0, name='v')
print(v.name, w.name)

# The nodes of tf.cond's and tf.while_loop's branch functions are named under the control-flow
# node's own scope ("cond/Reshape", "while_1/add"), as TF's cond_v2 and while_v2 build them; the
# loop counter's increment is "add"; the functions are named after the node ("outer_cond_true").
# Function names lose their unique numbers here.
import tensorflow as tf


def base(name):
    return name.rstrip("0123456789").rstrip("_")


@tf.function
def f(x):
    if tf.reduce_sum(x) > 0:
        y = tf.reshape(x, [2, 2]) * 2.0
    else:
        y = tf.zeros([2, 2])
    i = tf.constant(0)
    while i < 3:
        x = x + 1.0
        i += 1
    j = tf.constant(0)
    while j < 2:
        j += 1
    with tf.name_scope("outer"):
        z = tf.cond(j > 1, lambda: tf.cond(i > 1, lambda: x * 3.0, lambda: x), lambda: -x)
    return y, x, z


graph = f.get_concrete_function(tf.TensorSpec([4])).graph
print([(op.name, op.type) for op in graph.get_operations()])
for fd in sorted(graph.as_graph_def().library.function, key=lambda fd: base(fd.signature.name)):
    print(base(fd.signature.name), sorted((n.name, n.op) for n in fd.node_def))
print(f(tf.constant([1.0, 2.0, 3.0, 4.0])))

# A tensor `if` in a concrete function's graph: an If/StatelessIf node and two branch functions.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        y = x * 2.0
    else:
        y = x - 1.0
    return y

gd = f.get_concrete_function(tf.TensorSpec([], tf.float32)).graph.as_graph_def()
print(sorted(n.op for n in gd.node))
print(len(gd.library.function))
print(sorted(sorted(n.op for n in fd.node_def) for fd in gd.library.function))

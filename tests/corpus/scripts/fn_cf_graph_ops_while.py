# A tensor loop in a concrete function's graph: a While/StatelessWhile node with cond and body.
import tensorflow as tf

@tf.function
def f(n):
    s = tf.constant(0)
    i = tf.constant(0)
    while i < n:
        s += i
        i += 1
    return s

gd = f.get_concrete_function(tf.TensorSpec([], tf.int32)).graph.as_graph_def()
print(sorted(n.op for n in gd.node))
print(len(gd.library.function))

# The op types of a concrete function's graph (sorted), from cf.graph.as_graph_def().
import tensorflow as tf

@tf.function
def f(x, y):
    return tf.matmul(x, y) + 1.0

cf = f.get_concrete_function(tf.TensorSpec([2, 2], tf.float32), tf.TensorSpec([2, 2], tf.float32))
gd = cf.graph.as_graph_def()
print(sorted(n.op for n in gd.node))
print(sorted(n.name for n in gd.node))
print(len(gd.library.function))

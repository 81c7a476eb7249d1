# The order of a function graph's nodes: the outputs' Identity nodes come before the NoOp that
# collects the stateful ops (TF's automatic control dependencies run when the function ends).
import tensorflow as tf

v = tf.Variable([1.0, 2.0])


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def f(x):
    return x * v + 0.5, tf.reduce_sum(x)


@tf.function
def g(x):
    v.assign_add(x)
    return v.read_value()


for fn, arg in [(f, None), (g, tf.constant([1.0, 1.0]))]:
    cf = fn.get_concrete_function() if arg is None else fn.get_concrete_function(arg)
    gd = cf.graph.as_graph_def()
    print([(n.op, sorted(i for i in n.input if i.startswith("^"))) for n in gd.node])
    print([op.type for op in cf.graph.get_operations()])

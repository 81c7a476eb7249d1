# Variables in a concrete function's graph: ReadVariableOp, AssignAddVariableOp, captured handle.
import tensorflow as tf

v = tf.Variable(1.0)

@tf.function
def step(x):
    v.assign_add(x)
    return v.read_value() * 2.0

cf = step.get_concrete_function(tf.TensorSpec([], tf.float32))
print(sorted(n.op for n in cf.graph.as_graph_def().node))
print(len(cf.captured_inputs))
print(step(tf.constant(2.0)).numpy())

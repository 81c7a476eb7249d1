# Where a traced graph reads a variable: inside the op's name scope when the op converts it
# ("Sum/ReadVariableOp", list inputs too), first and outside when the variable's own operator runs
# ("ReadVariableOp", then "mul"); tf.add's node is named "Add"; the captured handle is named after
# its first reader.
import tensorflow as tf

v = tf.Variable([1.0, 2.0])


@tf.function
def f(x):
    return (tf.reduce_sum(v), tf.reduce_mean(v), tf.square(v), tf.matmul(tf.reshape(v, [1, 2]), tf.ones([2, 1])),
            tf.nn.relu(v), v * x, tf.add(v, 1.0), tf.concat([v, v], 0), tf.abs(v), tf.cast(v, tf.int32),
            x * v, 2.0 * v, tf.stack([v, v]), tf.reduce_max(v, axis=0), tf.add(x, 1.0, name="plus"), v - 1.0)


cf = f.get_concrete_function(tf.constant(1.0))
print([op.name for op in cf.graph.get_operations()])
print([t.numpy().tolist() for t in f(tf.constant(2.0))])

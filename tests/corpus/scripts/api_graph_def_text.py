# print(graph.as_graph_def()) as TF prints it: protobuf text format in Python protobuf's field and
# map order (attr keys sorted by upb's rule), constants of one element in typed fields and larger
# ones in tensor_content, floats as their shortest round trip, the arguments'
# _user_specified_name, TF's GraphDef versions; node inputs and names from the GraphDef.
import tensorflow as tf


@tf.function
def affine(x, scale):
    y = tf.matmul(x, tf.constant([[1.0, 2.0], [3.0, 4.0]])) * scale
    return tf.nn.relu(y + 0.1), tf.reduce_sum(tf.cast(y > 2.5, tf.int32))


c = affine.get_concrete_function(tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.float32, name="s"))
gd = c.graph.as_graph_def()
print(gd)
for node in gd.node:
    print(node.name, node.op, list(node.input))


@tf.function
def words(t):
    return tf.strings.join([t, "!"], separator=""), tf.constant([True, False]), tf.constant(7, tf.int64)


print(words.get_concrete_function(tf.constant("a")).graph.as_graph_def())

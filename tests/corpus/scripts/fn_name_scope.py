# tf.name_scope inside a tf.function names the graph's nodes.
import tensorflow as tf

@tf.function
def f(x):
    with tf.name_scope("layer1"):
        y = tf.multiply(x, 2.0, name="scale")
    with tf.name_scope("layer2"):
        z = tf.add(y, 1.0, name="shift")
    return z

gd = f.get_concrete_function(tf.TensorSpec([2], tf.float32)).graph.as_graph_def()
print(sorted(n.name for n in gd.node))

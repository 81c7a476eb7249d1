# Seed 001 (第8课) §4.5 add_func's concrete function, as written (indentation restored). Changed:
# print(concrete.graph.as_graph_def()) prints the sorted op types and node names instead of the
# protobuf text (which holds TF-internal attributes).
import tensorflow as tf

def add_func(a, b):
    return a + b

# 获得具体图函数 (ConcreteFunction)
concrete = tf.function(add_func).get_concrete_function(
    tf.TensorSpec(shape=[None], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.float32)
)
print(concrete(tf.constant([1.,2.]), tf.constant([3.,4.])))

# 查看图结构
gd = concrete.graph.as_graph_def()
print(sorted(n.op for n in gd.node), sorted(n.name for n in gd.node))

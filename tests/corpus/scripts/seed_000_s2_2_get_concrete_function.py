# Seed 000 §2.2: func.get_concrete_function with two TensorSpecs, print(concrete) and the GraphDef.
# Completed: func (the article only says "a @tf.function decorated function" of x and y) is a
# small reduction. The GraphDef print is replaced by its sorted op types and node count (the full
# text holds TF-internal attributes).
import tensorflow as tf

@tf.function
def func(x, y):
    return tf.reduce_mean(x, axis=[1, 2, 3]) + tf.cast(y, tf.float32)

# 假设 func 是一个 @tf.function 装饰的函数
concrete = func.get_concrete_function(
    tf.TensorSpec(shape=[None, 224, 224, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int32)
)
print(concrete.structured_input_signature)
gd = concrete.graph.as_graph_def() # 查看底层图定义（Proto 格式）
print(sorted(n.op for n in gd.node), len(gd.node))

# Seed 000 §3.4 验结果 with a real graph version: eager_func is plain Python, graph_func is
# tf.function(eager_func) (the article does not define them); the seeded data and the assert_near
# check are unchanged. Printed: the check passed and the outputs' shape.
import tensorflow as tf

def eager_func(x, y):
    return tf.reduce_mean(x, axis=[1, 2, 3]) * tf.cast(y + 1, tf.float32)

graph_func = tf.function(eager_func)

# 生成一组固定 seed 的测试数据
test_x = tf.random.normal([32, 224, 224, 3], seed=42)
test_y = tf.random.uniform([32], maxval=2, dtype=tf.int32, seed=43)
# 分别运行 Eager 和 Graph 版本
eager_out = eager_func(test_x, test_y)
graph_out = graph_func(test_x, test_y)
# 比较输出是否完全一致（允许浮点误差）
tf.debugging.assert_near(eager_out, graph_out, rtol=1e-5, atol=1e-8)
print("assert_near passed", graph_out.shape)

# Seed 000 (TensorFlow图模式实战) §3.4 验结果: the seeded test data and the tf.debugging.assert_near
# check, unchanged; eager_func and graph_func (not defined in the article) are two eager versions
# of the same computation. Printed: shapes, labels and rounded summaries.
import numpy as np
import tensorflow as tf

def eager_func(x, y):
    return tf.reduce_mean(x, axis=[1, 2, 3]) + tf.cast(y, tf.float32)

def graph_func(x, y):
    return tf.reduce_sum(x, axis=[1, 2, 3]) / (224 * 224 * 3) + tf.cast(y, tf.float32)

# 生成一组固定 seed 的测试数据
test_x = tf.random.normal([32, 224, 224, 3], seed=42)
test_y = tf.random.uniform([32], maxval=2, dtype=tf.int32, seed=43)
# 分别运行 Eager 和 Graph 版本
eager_out = eager_func(test_x, test_y)
graph_out = graph_func(test_x, test_y)
# 比较输出是否完全一致（允许浮点误差）
tf.debugging.assert_near(eager_out, graph_out, rtol=1e-5, atol=1e-8)
print(test_x.shape, test_x.dtype)
print(test_y)
print(abs(float(tf.reduce_mean(test_x))) < 0.01, f"{float(tf.math.reduce_std(test_x)):.3f}")
print(np.round(test_x[0, 0, 0].numpy(), 4))

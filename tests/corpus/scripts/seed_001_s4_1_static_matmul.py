# Seed 001 (第8课) §4.1, the "模拟1.x的静态图" half, unchanged (indentation restored; the eager half
# is seed_001_s4_1_eager_matmul). The article's "\\n" prints a literal backslash-n.
import tensorflow as tf

a = tf.constant([[1, 2], [3, 4]])
b = tf.constant([[5, 6], [7, 8]])

# 在2.x中模拟1.x的静态图
@tf.function
def matmul_static(x, y):
    return tf.matmul(x, y)

# 调用时构建图并执行
result = matmul_static(a, b)
print("Static graph result:\\n", result.numpy())

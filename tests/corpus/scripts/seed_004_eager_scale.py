# Seed 004 (1.5 从 Graph 到 Eager) first example, the eager part, unchanged.
import tensorflow as tf

# Eager：立即执行，立即可打印
x = tf.constant([1.0, 2.0])
y = x * 10
print(y)
# 输出：tf.Tensor([10. 20.], shape=(2,), dtype=float32)

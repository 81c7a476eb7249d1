# Seed 001 (第8课 计算图机制详解) §4.1 "Eager模式 vs 静态图模式", the eager part, unchanged.
# (The article's "\\n" is kept as written: it prints a literal backslash-n.)
import tensorflow as tf

# 动态图（Eager）: 立即计算
a = tf.constant([[1, 2], [3, 4]])
b = tf.constant([[5, 6], [7, 8]])
c = tf.matmul(a, b)
print("Eager result:\\n", c.numpy()) # 立即得到结果

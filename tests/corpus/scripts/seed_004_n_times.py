# Seed 004 n_times and n_times_fixed, unchanged, plus the trace counts at the end (added).
import tensorflow as tf

@tf.function
def n_times(n):
    return tf.range(n) * 2

print(n_times(3).numpy())     # [0 2 4]，跟踪时 n=3 被烧成常量
print(n_times(5).numpy())     # [0 2 4 6 8]，又一次跟踪，n=5 再烧进去
# 正确姿势：用张量签名
@tf.function(input_signature=[tf.TensorSpec(shape=(), dtype=tf.int32)])
def n_times_fixed(n):
    return tf.range(n) * 2
print(n_times_fixed(tf.constant(7)).numpy())
# 输出：[ 0  2  4  6  8 10 12] —— 一个签名，任意数值
print(n_times.experimental_get_tracing_count(), n_times_fixed.experimental_get_tracing_count())

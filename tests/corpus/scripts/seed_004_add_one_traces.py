# Seed 004 跟踪机制 add_one, unchanged, plus the trace count at the end (added).
import tensorflow as tf

@tf.function
def add_one(z):
    print("new trace for", z.shape)
    return z + 1

add_one(tf.constant([1.0, 2.0]))       # 签名 (2,) float32 → 跟踪一次
add_one(tf.constant([3.0, 4.0]))       # 同签名 → 复用
add_one(tf.constant([1.0, 2.0, 3.0]))  # 签名 (3,) → 再跟踪一次
add_one(tf.constant(1))                # 签名 () int32 → 又跟踪一次
# 输出中 "new trace for" 只出现在第 1、3、4 次调用
print(add_one.experimental_get_tracing_count())

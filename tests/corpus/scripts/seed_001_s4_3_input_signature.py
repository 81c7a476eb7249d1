# Seed 001 (第8课) §4.3 process_batch with input_signature, unchanged (indentation restored): the
# int32 call fails and the whole error message is printed.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def process_batch(data):
    return tf.reduce_mean(data, axis=0)

# 只能接受形状为 (?, 2) 的float32张量
print(process_batch(tf.constant([[1,2],[3,4]], dtype=tf.float32)))
# 尝试不同形状但兼容：仍有效
print(process_batch(tf.constant([[1,2]], dtype=tf.float32)))

# 错误：类型不匹配
try:
    process_batch(tf.constant([[1,2]], dtype=tf.int32))
except Exception as e:
    print("Error:", e)

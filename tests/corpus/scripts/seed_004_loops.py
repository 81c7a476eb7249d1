# Seed 004 loop_python and loop_tensor with @tf.function, unchanged, plus the trace counts (added).
import tensorflow as tf

@tf.function
def loop_python(n):          # n 是 Python int 时
    total = tf.constant(0.0)
    for i in range(n):       # 跟踪时循环被展开：n 次迭代全部烧进图
        total += tf.cast(i, tf.float32)
    return total

@tf.function
def loop_tensor(n):          # n 是张量时
    total = tf.constant(0.0)
    for i in tf.range(n):    # tf.range 保留为动态循环节点，不展开
        total += tf.cast(i, tf.float32)
    return total

print(loop_python(4).numpy())        # 6.0
print(loop_tensor(tf.constant(4)).numpy())   # 6.0
print(loop_python.experimental_get_tracing_count(), loop_tensor.experimental_get_tracing_count())

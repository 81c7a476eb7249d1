# Seed 004 (1.5 从 Graph 到 Eager) first example, the graph part, unchanged: "tracking once" prints
# only on the first call.
import tensorflow as tf

# 图模式：装饰后，第一次调用发生"跟踪"
@tf.function
def scale(z):
    print("tracking once")       # 注意：这只在跟踪时执行
    return z * 10

print(scale(tf.constant([1.0, 2.0])))
# 输出顺序：
# tracking once
# tf.Tensor([10. 20.], shape=(2,), dtype=float32)

print(scale(tf.constant([3.0])))
# 只输出张量结果，不再打印 tracking once —— 复用已生成的图
# tf.Tensor([30.], shape=(1,), dtype=float32)

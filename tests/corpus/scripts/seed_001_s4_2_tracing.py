# Seed 001 (第8课) §4.2 simple_func and show_trace with @tf.function, as written (indentation
# restored): "Tracing!" prints on the first call and again for the float32 call.
import tensorflow as tf

@tf.function
def simple_func(x):
    return x ** 2 + 2 * x + 1

# 首次调用，追踪并生成图
print(simple_func(tf.constant(3.0)))
print(simple_func(tf.constant(4.0))) # 复用图，因为输入dtype和形状兼容

# 观察追踪次数
@tf.function
def show_trace(x):
    print("Tracing! (Python print)") # 这条只在追踪时执行一次
    return x + 1

print(show_trace(tf.constant(1))) # 会打印 "Tracing!"
print(show_trace(tf.constant(2))) # 不再打印，复用图

# 但输入dtype变化会触发新trace
print(show_trace(tf.constant(1.0))) # 浮点类型，新trace

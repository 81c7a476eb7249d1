# Seed 003: noisy_func and bad_side_effect with @tf.function, as written: print runs only while
# tracing and external_list is appended to once. Completed: three calls each and prints.
import tensorflow as tf

@tf.function
def noisy_func(x):
    print("This will only print once!") # 注意：只在追踪时执行
    return x * 2

external_list = []
@tf.function
def bad_side_effect(x):
    external_list.append(x) # 错误：副作用在图模式下行为不确定
    return tf.reduce_sum(x)

for i in range(3):
    print(noisy_func(tf.constant(i)).numpy(), bad_side_effect(tf.constant([i, 1])).numpy())
print(len(external_list))

# Seed 003: noisy_func and bad_side_effect are "fine in eager mode" (这类副作用在Eager模式下正常工作):
# with the @tf.function decorator removed, print and list.append run on every call.
import tensorflow as tf

def noisy_func(x):
    print("This will only print once!") # 注意：只在追踪时执行
    return x * 2

print(noisy_func(tf.constant(1)))
print(noisy_func(tf.constant(2)))

external_list = []
def bad_side_effect(x):
    external_list.append(x) # 错误：副作用在图模式下行为不确定
    return tf.reduce_sum(x)

for v in ([1, 2], [3, 4], [5]):
    print(bad_side_effect(tf.constant(v)))
print(len(external_list), external_list[-1])

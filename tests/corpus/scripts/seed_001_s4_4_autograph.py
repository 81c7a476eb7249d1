# Seed 001 (第8课) §4.4 dynamic_loop and conditional_function with @tf.function, unchanged
# (indentation restored).
import tensorflow as tf

# 普通Python循环，但依赖于张量值
@tf.function
def dynamic_loop(n):
    s = tf.constant(0)
    for i in tf.range(n): # tf.range 返回张量，循环被转换为 tf.while_loop
        s += i
    return s

print(dynamic_loop(tf.constant(5))) # 10

# 复杂条件分支
@tf.function
def conditional_function(x):
    if tf.reduce_sum(x) > 10:
        return x * 2
    else:
        return x + 10

print(conditional_function(tf.constant([5, 6]))) # [10,12]
print(conditional_function(tf.constant([1, 2]))) # [11,12]

# Seed 000 §3.2 雷区一 bad_counter / good_counter with @tf.function, as written. Completed: the calls
# (x = 3, then 5) and prints; good_counter's error is caught. AutoGraph makes `count` a loop
# variable, so bad_counter works in TF 2.21; good_counter, the "正确解法", fails on its first call:
# the function creates a tf.Variable on every trace, and the first call traces twice.
import tensorflow as tf

@tf.function
def bad_counter(x):
    count = 0 # Python int，图化时会被当作常量
    for i in tf.range(x): # tf.range 返回的是 tf.Tensor
        count += 1 # 这里 count 是 Python int，i 是 Tensor，类型不匹配！
    return count

@tf.function
def good_counter(x):
    count = tf.Variable(0, dtype=tf.int32, trainable=False) # 显式声明为 tf.Variable
    for i in tf.range(x):
        count.assign_add(1) # 使用 assign_add，图内可执行
    return count

print(bad_counter(tf.constant(3)).numpy(), bad_counter(tf.constant(5)).numpy())
try:
    print(good_counter(tf.constant(3)).numpy())
except ValueError as e:
    print("ValueError", "only supports singleton tf.Variables created on the first call" in str(e))
print(bad_counter.experimental_get_tracing_count(), good_counter.experimental_get_tracing_count())

# Seed 001 (第8课) §4.7 常见陷阱演示 with @tf.function, as written (indentation restored): the global
# counter stays 1, the tf.Variable counts, build_list fails (error type printed), the TensorArray
# version works.
import tensorflow as tf

# 陷阱1：使用Python print 或 改变Python全局变量
counter = 0
@tf.function
def increment():
    global counter
    counter += 1 # 这条只在trace时执行一次
    return tf.constant(counter)

print(increment()) # 输出1
print(increment()) # 仍然输出1，因为counter未重新赋值

# 正确：使用tf.Variable
counter_var = tf.Variable(0)
@tf.function
def increment_var():
    counter_var.assign_add(1)
    return counter_var

print(increment_var()) # 1
print(increment_var()) # 2

# 陷阱2：tf.function 内部的列表追加
@tf.function
def build_list(n):
    l = []
    for i in tf.range(n):
        l.append(i) # 这种追加不会在图内有效
    return tf.stack(l) # 运行时会出错

try:
    build_list(tf.constant(5))
except Exception as e:
    print(type(e).__name__)

# 正确：使用 tf.TensorArray
@tf.function
def build_tensorarray(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i)
    return ta.stack()

print(build_tensorarray(tf.constant(5)))

# Seed 001 (第8课) §4.7 常见陷阱演示, eager: increment_var, build_list and build_tensorarray with the
# @tf.function decorator removed. Eagerly, increment_var returns the variable itself (printed as
# <tf.Variable ...>), and the Python-list version works.
import tensorflow as tf

counter_var = tf.Variable(0)
def increment_var():
    counter_var.assign_add(1)
    return counter_var

print(increment_var()) # 1
print(increment_var()) # 2

def build_list(n):
    l = []
    for i in tf.range(n):
        l.append(i)
    return tf.stack(l)

print(build_list(tf.constant(3)))

def build_tensorarray(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i)
    return ta.stack()

print(build_tensorarray(tf.constant(5)))

# Seed 001 (第8课) §4.2 and §4.4: simple_func, show_trace, dynamic_loop, conditional_function with the
# @tf.function decorator removed, i.e. run eagerly: Python print runs on every call and Python
# `for`/`if` over tensors work directly.
import tensorflow as tf

def simple_func(x):
    return x ** 2 + 2 * x + 1

print(simple_func(tf.constant(3.0)))
print(simple_func(tf.constant(4.0)))

def show_trace(x):
    print("Tracing! (Python print)")
    return x + 1

print(show_trace(tf.constant(1)))
print(show_trace(tf.constant(2)))
print(show_trace(tf.constant(1.0)))

def dynamic_loop(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i
    return s

print(dynamic_loop(tf.constant(5))) # 10

def conditional_function(x):
    if tf.reduce_sum(x) > 10:
        return x * 2
    else:
        return x + 10

print(conditional_function(tf.constant([5, 6]))) # [10,12]
print(conditional_function(tf.constant([1, 2]))) # [11,12]

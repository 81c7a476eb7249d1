# Seed 000 §4 "原文那个简单函数" func, as written, and tf.autograph.to_code(func.python_function)
# printed (the article shows an abridged, partly wrong excerpt). Completed: one call.
import tensorflow as tf

@tf.function
def func(x):
    if x > 0:
        x = x + 1
    return x

print(tf.autograph.to_code(func.python_function))
print(func(tf.constant(1)).numpy(), func(tf.constant(-1)).numpy())

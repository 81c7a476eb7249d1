# tf.autograph.to_code of a function with a tensor `if` and an assignment.
import tensorflow as tf

@tf.function
def func(x):
    if x > 0:
        x = x + 1
    return x

print(tf.autograph.to_code(func.python_function))

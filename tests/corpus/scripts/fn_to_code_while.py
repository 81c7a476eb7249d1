# tf.autograph.to_code of a `while` loop.
import tensorflow as tf

def count_down(x):
    while x > 0:
        x = x - 1
    return x

print(tf.autograph.to_code(count_down))

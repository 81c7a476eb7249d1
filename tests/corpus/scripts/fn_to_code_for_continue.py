# tf.autograph.to_code of a `for` loop with `continue`.
import tensorflow as tf

def sum_even(items):
    s = 0
    for c in items:
        if c % 2 > 0:
            continue
        s += c
    return s

print(tf.autograph.to_code(sum_even))

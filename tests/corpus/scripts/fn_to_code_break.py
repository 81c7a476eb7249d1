# tf.autograph.to_code of a `for` loop with `break`.
import tensorflow as tf

def first_negative(xs):
    r = 0
    for v in xs:
        if v < 0:
            r = v
            break
    return r

print(tf.autograph.to_code(first_negative))

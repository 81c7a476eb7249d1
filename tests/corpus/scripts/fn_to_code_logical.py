# tf.autograph.to_code of `and`, `or`, `not` and a conditional expression.
import tensorflow as tf

def logic(a, b):
    c = a > 0 and b > 0
    d = a > 0 or not b > 0
    return c if d else b

print(tf.autograph.to_code(logic))

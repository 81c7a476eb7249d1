# tf.autograph.to_code of straight-line code: calls and reads only.
import tensorflow as tf

def affine(x, w, b):
    y = tf.matmul(x, w)
    return y + b

print(tf.autograph.to_code(affine))
